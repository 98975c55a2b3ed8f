// Against the computer: the German plays several turns; after each of his turns the computer
// answers inside the same request, and the page shows what it did.
import { answerChoices, assert, declareFirstBattle, endPhase, hud, newPage, shot, waitIdle } from "./lib.mjs";
import { createFromHome } from "./two-humans.mjs";

const TURNS = 3;

export function againstComputer(test) {
  test(`computer: the German plays ${TURNS} turns against the computer`, async ({ base, browser }) => {
    const page = await newPage(browser);
    await createFromHome(page, base, { opponent: "computer", seed: "hexpost-e2e-computer" });
    await page.waitForSelector(".setup");
    assert((await page.locator(".topbar").innerText()).includes("Ada (the computer, Soviet)"), "the Soviet is not the computer");
    await page.getByRole("button", { name: /^Auto-place the rest/ }).click();
    await page.getByRole("button", { name: "Confirm setup" }).click();
    // what the page asks the server: a move's answer carries its log entries, so no log is fetched after it
    const asked = [];
    page.on("request", (r) => {
      const u = new URL(r.url());
      if (u.pathname.startsWith("/api/games/")) asked.push({ method: r.method(), path: u.pathname.replace(/^\/api\/games\/[^/]+/, ""), after: u.searchParams.get("after") });
    });
    let battles = 0;
    let sittings = 0;
    for (let guard = 0; guard < 80; guard++) {
      await waitIdle(page);
      const turnText = await hud(page, "Turn");
      const turn = Number(turnText.split(" ")[0]);
      if (turn > TURNS) break;
      if (await page.locator(".card.gameover").count()) break;
      if (await page.locator(".pending .options button").count()) {
        await answerChoices(page);
        continue;
      }
      const phase = await hud(page, "Phase");
      if (/combat/i.test(phase) && (await page.locator(".declare .tray .chip").count())) {
        await declareFirstBattle(page);
        await page.getByRole("button", { name: /^Resolve battle 1/ }).click();
        await page.waitForSelector(".card.result .battle-result");
        battles++;
        continue;
      }
      const before = await page.evaluate(() => document.querySelector(".hud")?.textContent);
      await endPhase(page);
      await page.waitForFunction((b) => document.querySelector(".hud")?.textContent !== b && !/Sending…/.test(document.body.innerText), before);
      if (/Soviet/.test(await hud(page, "Phase")) || (await page.getByRole("button", { name: "Watch the replay" }).count())) {
        // the computer has answered: its moves are waiting in the replay
      }
      if (/German (replacement|panzer)/.test(await hud(page, "Phase")) && turn < Number((await hud(page, "Turn")).split(" ")[0])) {
        sittings++;
        await page.getByRole("button", { name: "Watch the replay" }).waitFor({ timeout: 30_000 });
        if (sittings === 1) {
          await page.getByRole("button", { name: "Watch the replay" }).click();
          await page.getByRole("button", { name: "Next step" }).click();
          await shot(page, "12-computer-replay");
          await page.getByRole("button", { name: "Back to the game" }).click();
        }
      }
    }
    const turn = Number((await hud(page, "Turn")).split(" ")[0]);
    assert(turn > TURNS, `only reached turn ${turn}`);
    assert(sittings >= TURNS, `the computer answered ${sittings} times`);
    assert(battles >= 1, "no battle was fought");
    await shot(page, "13-computer-turn-" + turn);
    const posts = asked.filter((a) => a.method === "POST" && (a.path === "/actions" || a.path === "/continue")).length;
    const logs = asked.filter((a) => a.path === "/log").length;
    assert(posts >= 6 && logs * 2 < posts, `the page fetched the log ${logs} times around ${posts} moves and continues`);
    // reopened, the page asks only for the turns after those it keeps: none, here
    asked.length = 0;
    const seq = Number(await page.evaluate(() => document.documentElement.dataset.seq));
    await page.reload();
    await page.waitForSelector(".hexmap-svg");
    // (the replay is rebuilt only once the rules come, at the first touch: wait for the page's reads)
    await page.waitForLoadState("networkidle");
    const reopened = asked.filter((a) => a.path === "/log");
    assert(reopened.length === 0 && asked.some((a) => a.path === ""), `reopened, the log was asked ${JSON.stringify(reopened)} (the page held seq ${seq})`);
    // the one read of the game asks for what follows the log the page keeps, in the same request
    const reads = asked.filter((a) => a.path === "" && a.method === "GET");
    assert(reads.length >= 1 && reads[0].after === String(seq), `reopened, the game was read ${JSON.stringify(reads)} (the page held seq ${seq})`);
    assert(page.problems.length === 0, page.problems.join("\n"));
    await page.context().close();
  });
}
