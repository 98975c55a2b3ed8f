// DiceWars: one human against three computers on a 10x10 map. P1 creates the game on the
// home page, expands by clicks and by keyboard, ends the turn, watches the computers' turns in
// the replay, and reads the players' panel; the same game on a phone; a finished game.
import { api, assert, cellsOf, clickCell, hud, keyCell, newPage, shot, tapCell, PHONE } from "./lib.mjs";
import { LEAVE_REPLAY, watchTheReplay } from "./since.mjs";

const SEED = "hexpost-e2e-dicewars";
const EMAIL = "dora@example.test";

/** The players' panel as rows: {seat, cells, strength, supply, status}. */
async function players(page) {
  return page.$$eval(".dw-players tbody tr", (rows) =>
    rows.map((r) => {
      const [cells, strength, supply] = [...r.querySelectorAll("td")].map((td) => td.textContent.trim());
      return {
        seat: r.getAttribute("data-seat"),
        name: r.querySelector("th").textContent,
        cells: Number(cells),
        strength: Number(strength),
        supply: supply === "—" ? null : Number(supply),
        status: r.querySelector(".dw-status")?.textContent ?? "",
      };
    }),
  );
}

/** Waits until no request is in flight (the End turn button reads "End turn" again, or is gone). */
async function settled(page) {
  await page.waitForFunction(() => !/Sending…|Ending the turn…/.test(document.body.innerText), null, { timeout: 45_000 });
}

/** Selects a lit source and sends one move to a lit target; returns the move's kind. */
async function clickMove(page) {
  let targets = await cellsOf(page, ".mark.dw-expand, .mark.dw-attack");
  if (targets.length === 0) {
    const sources = await cellsOf(page, ".mark.dw-can");
    assert(sources.length > 0, "no cell of yours can move");
    await clickCell(page, sources[0]);
    await page.waitForSelector(".mark.dw-sel");
    targets = await cellsOf(page, ".mark.dw-expand, .mark.dw-attack");
  }
  assert(targets.length > 0, "a selected source lights no target");
  const attack = await cellsOf(page, ".mark.dw-attack");
  const to = attack[0] ?? targets[0];
  const before = await page.evaluate(() => ({ result: document.querySelector(".card.result")?.textContent ?? "", queued: document.querySelectorAll(".card.queue li").length }));
  await clickCell(page, to);
  // an attack rolls, so it goes at once (with the expansions queued before it) and its result shows;
  // an expansion rolls nothing and waits in the queue of unsent actions
  await page.waitForFunction((b) => {
    const t = document.querySelector(".card.result")?.textContent ?? "";
    const queued = document.querySelectorAll(".card.queue li").length;
    return ((t && t !== b.result) || queued > b.queued) && !/Sending…/.test(document.body.innerText);
  }, before);
  return attack.length ? "attack" : "expand";
}

export function diceWars(test) {
  test("dicewars: one human against three computers on a 10x10 map", async ({ base, browser, shared }) => {
    const page = await newPage(browser);
    await page.route("**/api/games", async (route) => {
      const req = route.request();
      if (req.method() !== "POST") return route.continue();
      const body = JSON.parse(req.postData() ?? "{}");
      await route.continue({ postData: JSON.stringify({ ...body, seed: SEED }) });
    });
    await page.goto(base + "/");
    await page.getByRole("radio", { name: "DiceWars" }).check();
    assert(await page.getByRole("radio", { name: /20×20/ }).isChecked(), "DiceWars should start on the seed's 20x20 map");
    await page.getByRole("radio", { name: /10×10/ }).check();
    assert((await page.getByLabel("Players").inputValue()) === "4", "4 players is not the default");
    await page.getByLabel("Players").selectOption("3");
    assert((await page.getByRole("group", { name: /^Opponent/ }).count()) === 2, "3 players should show 2 opponents");
    await page.getByLabel("Players").selectOption("4");
    await page.getByLabel("You play").selectOption("p1");
    await page.getByLabel("Your name").fill("Dora");
    await page.getByLabel("Your email").fill(EMAIL);
    for (const s of ["Player 2", "Player 3", "Player 4"]) await page.getByRole("group", { name: `Opponent: ${s}` }).getByRole("radio", { name: "the computer" }).check();
    await shot(page, "19-dicewars-home");
    await page.getByRole("button", { name: "Start the game" }).click();
    await page.waitForURL(/\/g\/[a-z0-9]+$/);
    const id = page.url().split("/g/")[1];
    shared.dicewars = { id, token: await page.evaluate((k) => localStorage.getItem(k), `hexpost:t:${id}`) };
    await page.waitForSelector(".dicewars .hexmap-svg .board");
    await page.waitForSelector(".dw-players");
    // the aids: the legend says what the squares are, and the rules are one tap away
    assert(/each small square under it is one die/.test(await page.locator(".legend").first().innerText()), "the legend does not explain the squares");
    await page.getByText("Rules in brief").click();
    assert(/largest group of connected cells/.test(await page.locator("#dw-rules").innerText()), "no rules summary on the page");

    // the start: four players of one cell at strength 8, P1 (you) to move, nothing to replay
    let rows = await players(page);
    assert(rows.length === 4, `${rows.length} players in the panel`);
    assert(rows.every((r) => r.cells === 1 && r.strength === 8 && r.supply === 1), `not the start position: ${JSON.stringify(rows)}`);
    assert(rows[0].status === "to move" && /you/.test(rows[0].name), "P1 (you) is not to move");
    assert((await page.locator(".replay").count()) === 0, "a replay before anyone moved");
    const blocked = await page.$eval(".dw-blocked", (p) => (p.getAttribute("d").match(/M/g) ?? []).length);
    assert(blocked > 0, "no blocked cell is drawn");
    assert((await page.locator(".piece .dw-cell").count()) === 4, "the start cells are not drawn with their strength");
    await shot(page, "20-dicewars-start");
    // the board fills the map area (in one direction at least: it keeps its shape)
    const fill = await page.evaluate(() => {
      const m = document.querySelector(".hexmap-svg").getBoundingClientRect();
      const b = document.querySelector(".hexmap-svg .board").getBoundingClientRect();
      return { w: b.width / m.width, h: b.height / m.height };
    });
    assert(Math.max(fill.w, fill.h) >= 0.9, `the board fills only ${JSON.stringify(fill)} of the map area`);

    // keyboard: the map is one tab stop; typing a cell's id and Enter selects it, Escape lets go
    const source = (await cellsOf(page, ".mark.dw-can"))[0];
    await keyCell(page, source);
    await page.waitForSelector(".mark.dw-sel");
    const info = await page.locator("#hexmap-info").innerText();
    // cell [1,1] by the printed id its hex number shows
    assert(/^0202: P1 green \(you\), strength 8/.test(info), `the cursor's cell is not described: "${info}"`);
    assert((await cellsOf(page, ".mark.dw-expand")).length > 0, "no expand target lit");
    await page.keyboard.press("Escape");
    assert((await page.locator(".mark.dw-sel").count()) === 0, "Escape did not deselect");

    // by clicks: select the source, expand; the new cell stays selected, expand again from it
    const kinds = [];
    for (let i = 0; i < 3; i++) {
      if ((await page.locator(".mark.dw-can, .mark.dw-sel").count()) === 0) break;
      kinds.push(await clickMove(page));
    }
    assert(kinds.length >= 2, `only ${kinds.length} moves were possible`);
    // an attack's line in the result; expansions listed in the queue until something sends them
    const said = kinds.includes("attack") ? await page.locator(".card.result").innerText() : await page.locator(".card.queue").innerText();
    assert(kinds.includes("attack") ? /P1 \(green\) (expands|attacks)/.test(said) : /Expand \d{4} → \d{4}/.test(said), `the move's line is missing: ${said}`);
    rows = await players(page);
    assert(rows[0].cells === 1 + kinds.length, `P1 has ${rows[0].cells} cells after ${kinds.length} moves`);
    await shot(page, "21-dicewars-moved");

    // end the turn: the computers play at once; their turns are said in words, and replay step by step when asked
    await page.getByRole("button", { name: "End turn" }).click();
    await watchTheReplay(page);
    const h2 = await page.locator(".replay.on h2").innerText();
    const steps = Number(h2.match(/of (\d+)/)[1]);
    assert(steps >= 6, `the replay has only ${steps} steps`);
    assert(/step 1 of/.test(h2), `the replay does not start at step 1: ${h2}`);
    // it plays by itself, one step a second
    await page.waitForFunction(() => /step [2-9]\d* of/.test(document.querySelector(".replay.on h2")?.textContent ?? ""), null, { timeout: 5000 });
    await page.getByRole("button", { name: "Pause" }).click();
    // the strip says who made the step on screen, as the replay card does
    const who = (await page.locator(".replay.on p.muted").first().innerText()).split(",")[0];
    const toMove = await hud(page, "To move");
    assert(toMove.startsWith(who) && !/^You/.test(toMove), `the strip says "${toMove}" while the replay shows ${who}'s step`);
    const seen = [];
    for (let i = 0; i < steps && seen.length < 200; i++) {
      const lines = await page.locator(".replay.on .lines").innerText();
      if (!seen.includes(lines)) seen.push(lines);
      if (/P2 \(red\) expands/.test(lines) && (await page.locator(".arrow").count()) > 0 && !shared.dwShot) {
        shared.dwShot = true;
        await shot(page, "22-dicewars-replay");
      }
      const next = page.getByRole("button", { name: "Next step" });
      if (await next.isDisabled()) break;
      await next.click();
    }
    const all = seen.join("\n");
    for (const s of ["P2 (red)", "P3 (yellow)", "P4 (cyan)"]) assert(all.includes(`${s} ends the turn`), `the replay misses ${s}'s turn`);
    assert(!all.includes("P1 (green) expands"), "the replay repeats your own moves");
    assert((await page.getByText("could not be replayed").count()) === 0, "the replay could not be rebuilt from the log");
    await page.getByRole("button", { name: LEAVE_REPLAY }).click();
    await page.waitForSelector(".replay:not(.on)");
    // the offer counts what the replay steps through
    const offer = await page.locator(".card.replay p").first().innerText();
    assert(offer.includes(`${steps} steps`), `the offer says "${offer}", the replay has ${steps} steps`);

    // back to you: the players' panel after a round
    rows = await players(page);
    assert(rows[0].status === "to move", "P1 is not to move after the computers");
    assert(rows.slice(1).every((r) => r.cells > 1), `a computer did not expand: ${JSON.stringify(rows)}`);
    assert(rows.every((r) => r.supply >= 1 && r.supply <= r.cells), `supply is not a territory size: ${JSON.stringify(rows)}`);
    assert(/round\s*2/i.test(await page.locator(".hud").innerText()), "not round 2");
    await shot(page, "23-dicewars-round-2");
    assert(page.problems.length === 0, page.problems.join("\n"));
    await page.context().close();
  });

  test("dicewars: the same game on a phone (390x844), by touch", async ({ base, browser, shared }) => {
    assert(shared.dicewars, "no game");
    const { id, token } = shared.dicewars;
    const page = await newPage(browser, PHONE);
    await page.goto(`${base}/g/${id}#t=${token}`);
    await page.waitForSelector(".dicewars .hexmap-svg .board");
    await page.waitForSelector(".dw-players");
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    assert(overflow <= 0, `the page scrolls sideways by ${overflow}px`);
    // opening the link on your move says what happened since your last move; its replay is a tap away
    await watchTheReplay(page, (b) => b.tap());
    // the panel is below the map here: the step's line is also shown over the map
    await page.getByRole("button", { name: "Pause" }).tap();
    const caption = await page.locator(".dw-caption").innerText();
    assert(/^P[2-4] \((red|yellow|cyan)\) /.test(caption), `no replay line over the map: "${caption}"`);
    await page.evaluate(() => window.scrollTo(0, 0));
    await shot(page, "24-dicewars-phone-replay");
    await page.getByRole("button", { name: LEAVE_REPLAY }).tap();
    const sources = await cellsOf(page, ".mark.dw-can");
    assert(sources.length > 0, "no cell can move");
    await tapCell(page, sources[0]);
    await page.waitForSelector(".mark.dw-sel");
    const targets = await cellsOf(page, ".mark.dw-expand, .mark.dw-attack");
    assert(targets.length > 0, "no target lit by touch");
    await shot(page, "25-dicewars-phone");
    const boxes = await page.$$eval("button", (bs) => bs.filter((b) => b.offsetParent).map((b) => [b.getBoundingClientRect().height, b.textContent]));
    const small = boxes.filter(([h]) => h < 32);
    assert(small.length === 0, `buttons too small to tap: ${small.map((b) => b[1]).join(", ")}`);
    assert(page.problems.length === 0, page.problems.join("\n"));
    await page.context().close();
  });

  test("dicewars: against three computers on 25x25 the page keeps going while the computer thinks over several requests", async ({ base, browser }) => {
    const g = await api(base, "POST", "/api/games", {
      ruleset: "dicewars",
      scenario: "25x25",
      options: { players: 4 },
      seats: { p1: { name: "Dora" }, p2: { bot: true }, p3: { bot: true }, p4: { bot: true } },
      creator: "p1",
      seed: `${SEED}-big`,
    });
    const page = await newPage(browser);
    let continues = 0;
    page.on("request", (r) => {
      if (r.method() === "POST" && r.url().endsWith("/continue")) continues++;
    });
    await page.goto(`${base}/g/${g.id}#t=${g.you.token}`);
    await page.waitForSelector(".actionbar button.primary");
    await page.getByRole("button", { name: "End turn" }).click();
    // three computer turns need more than one request: the page asks until the move is back
    await page.waitForFunction(() => /Your move, round 2/.test(document.body.innerText), null, { timeout: 60_000 });
    assert(continues > 0, "the page never asked the computer to go on");
    const view = await api(base, "GET", `/api/games/${g.id}`, undefined, g.you.token);
    assert(view.toAct[0] === "p1" && view.botsWaiting === false, `not back to P1: ${JSON.stringify(view.toAct)}`);
    assert((await page.locator(".error").count()) === 0, "an error is shown");
    await shot(page, "27-dicewars-25x25-back");
  });

  test("dicewars: a finished game shows the winner and the final standings", async ({ base, browser }) => {
    const g = await api(base, "POST", "/api/games", {
      ruleset: "dicewars",
      scenario: "10x10",
      options: { players: 2, roundLimit: 50 },
      seats: { p1: { name: "Dora" }, p2: { bot: true } },
      creator: "p1",
      seed: `${SEED}-over`,
    });
    // P1 only ends its turns: the computer wins, by conquest or at the round limit
    let view = await api(base, "GET", `/api/games/${g.id}`, undefined, g.you.token);
    for (let i = 0; i < 400 && view.status === "active"; i++) {
      // the computer plays a few actions per request; like the page, ask it to go on
      if (view.botsWaiting) await api(base, "POST", `/api/games/${g.id}/continue`, {}, g.you.token);
      else await api(base, "POST", `/api/games/${g.id}/actions`, { seq: view.seq, actions: [{ type: "end_turn" }] }, g.you.token);
      view = await api(base, "GET", `/api/games/${g.id}`, undefined, g.you.token);
    }
    assert(view.status === "finished", "the game did not end");
    const page = await newPage(browser);
    await page.goto(`${base}/g/${g.id}#t=${g.you.token}`);
    await page.waitForSelector(".gameover");
    const panel = await page.locator(".gameover").innerText();
    assert(/Game over: Ada \(the computer, Player 2\) won/.test(panel), `no winner: ${panel}`);
    assert(/(wins as the last player standing|at the round limit)/.test(panel), `no reason: ${panel}`);
    const rows = await players(page);
    assert(rows.find((r) => r.seat === "p2").status === "winner", `P2 is not marked the winner: ${JSON.stringify(rows)}`);
    assert((await page.locator(".actionbar").count()) === 0, "turn controls on a finished game");
    await shot(page, "26-dicewars-over");
    // a spectator (no token) sees the same end, read only
    const watcher = await newPage(browser);
    await watcher.goto(`${base}/g/${g.id}`);
    await watcher.waitForSelector(".gameover");
    assert((await watcher.locator(".topbar").innerText()).includes("spectator"), "not marked as spectator");
    assert((await watcher.locator(".dw-players tbody tr").count()) === 2, "no players' panel for a spectator");
    assert(watcher.problems.length === 0, watcher.problems.join("\n"));
    await watcher.context().close();
    assert(page.problems.length === 0, page.problems.join("\n"));
    await page.context().close();
  });
}
