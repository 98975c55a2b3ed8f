// The live page: two pages of one skirmish game, one per seat, both open. Each side makes three
// activations in turn (through the API with its own token, as its page would send them); the
// other page shows that it is its move without a reload, and no turn mail is written: a seat
// whose page is open hears of its turn live (worker/live, worker/notify/delivery.ts).
import { api, assert, mailboxLink, newPage, openGame, shot } from "./lib.mjs";

/** One activation on the seat's own page: leave a replay that started, pick the first model, end its activation. */
async function activate(page) {
  const model = page.getByRole("button", { name: /^[ab]\d+ [A-Z]/ }).first();
  // the other side's activation starts its replay over the panel: leave it as a player would
  for (let tries = 0; tries < 8 && !(await model.isVisible()); tries++) {
    const back = page.getByRole("button", { name: "Back to the game" });
    if (await back.isVisible()) {
      await back.click();
      await model.waitFor({ state: "visible", timeout: 4_000 }).catch(() => undefined);
    } else await page.waitForTimeout(500);
  }
  if (!(await model.isVisible())) {
    await page.screenshot({ path: "tests/e2e/artifacts/live-stuck.png" });
    const names = await page.getByRole("button").allInnerTexts();
    throw new Error(`no model to activate on the page; its buttons: ${names.join(" | ")}`);
  }
  await model.click();
  await page.getByRole("button", { name: /^End \w+'s activation/ }).click();
  await page.waitForFunction(() => !/Sending…|Ending…/.test(document.body.innerText), null, { timeout: 45_000 });
}

export function liveTests(test) {
  test("live: two pages of a skirmish game, one per seat, follow three activations each with no reload and no mail", async ({ base, browser }) => {
    const tag = Date.now().toString(36);
    const ann = `ann.${tag}@example.com`;
    const bo = `bo.${tag}@example.com`;
    const created = await api(base, "POST", "/api/games", {
      ruleset: "skirmish",
      scenario: "small-clash",
      seats: { attacker: { email: ann, name: "Ann" }, defender: { email: bo, name: "Bo" } },
      creator: "attacker",
      seed: `live-${tag}`,
    });
    const id = created.id;
    const pageA = await newPage(browser);
    const pageB = await newPage(browser);
    const boLink = await mailboxLink(pageB, base, bo, id);
    await openGame(pageA, created.you.url);
    await openGame(pageB, boLink);
    // a reload would lose this mark
    for (const page of [pageA, pageB]) await page.evaluate(() => (window.__sameDocument = true));
    const pages = { attacker: pageA, defender: pageB };
    // both pages hold their live channel before anyone moves
    await pageA.waitForFunction(() => document.documentElement.dataset.live === "open", null, { timeout: 15_000 });
    await pageB.waitForFunction(() => document.documentElement.dataset.live === "open", null, { timeout: 15_000 });

    let handOvers = 0;
    for (let round = 0; round < 12 && handOvers < 6; round++) {
      const game = await api(base, "GET", `/api/games/${id}`);
      if (game.status !== "active") break;
      const seat = game.toAct[0];
      const other = seat === "attacker" ? "defender" : "attacker";
      await activate(pages[seat]);
      const after = await api(base, "GET", `/api/games/${id}`);
      const seq = after.seq;
      if (!after.toAct.includes(other)) continue;
      handOvers++;
      // the other page shows its move, within a few seconds, without a reload
      await pages[other].waitForFunction((s) => Number(document.documentElement.dataset.seq) >= s, seq, { timeout: 5_000 });
      // (its next activation, made on that same page in the next round, shows the page offers it)
    }
    assert(handOvers >= 6, `only ${handOvers} hand-overs happened`);
    for (const page of [pageA, pageB]) assert(await page.evaluate(() => window.__sameDocument === true), "a page reloaded");
    const { mails } = await (await fetch(`${base}/api/dev/outbox?game=${id}`)).json();
    const kinds = mails.map((m) => m.kind).sort();
    assert(JSON.stringify(kinds) === JSON.stringify(["invitation", "your_link"]), `mail was written besides the invitation and link: ${kinds.join(", ")}`);
    await shot(pageB, "live-skirmish-defender");
    for (const page of [pageA, pageB]) assert(page.problems.length === 0, page.problems.join("\n"));
  });
}
