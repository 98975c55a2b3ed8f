// Musket: one human (Blue) against the computer (Red) on a small custom battlefield posted
// inline, where one player turn holds a fire, a move and a charge: Blue's light infantry fires
// (the line of sight and the chance shown first) and then moves; its dragoons move next to the
// Red guns and charge them (the odds shown first). The computer's activations then replay.
// An enemy behind woods shows its blocked line of sight. The same on a phone (390x844), by touch, with the panel and the map on screen together.
import { api, assert, cellPoint, cellsOf, clickCell, newPage, shot, tapCell, PHONE } from "./lib.mjs";
import { LEAVE_REPLAY, watchTheReplay } from "./since.mjs";

const SEED = "hexpost-e2e-musket";

/** 6x6, Blue first: b-light 0205 two hexes from r-line 0203; b-drag 0405 two from r-art 0403. */
const SCENARIO = {
  id: "e2e-skirmish",
  name: "E2E Skirmish",
  map: {
    layout: "odd-q-rect",
    cols: 6,
    rows: 6,
    default: "open",
    terrain: [
      { hex: [0, 3], type: "woods" },
      { hex: [2, 3], type: "woods" },
      { hex: [2, 0], type: "town" },
      { hex: [5, 1], type: "hilltop" },
      { hex: [4, 3], type: "river" },
      { hex: [5, 3], type: "bridge" },
      { hex: [0, 5], type: "road" },
      { hex: [1, 5], type: "road" },
      { hex: [2, 4], type: "road" },
      { hex: [3, 4], type: "road" },
    ],
  },
  sides: { 0: { name: "Blue" }, 1: { name: "Red" } },
  units: [
    { id: "b-light", side: 0, type: "light_infantry", hex: [1, 4] },
    { id: "b-drag", side: 0, type: "dragoons", hex: [3, 3] },
    { id: "b-line", side: 0, type: "line_infantry", hex: [2, 4], elite: true, sp: 5 },
    { id: "r-line", side: 1, type: "line_infantry", hex: [1, 2] },
    { id: "r-art", side: 1, type: "artillery", hex: [3, 1], sp: 3 },
    { id: "r-light", side: 1, type: "light_infantry", hex: [2, 2] },
    { id: "r-horse", side: 1, type: "horse", hex: [5, 0] },
  ],
  leaders: [
    { id: "b-L1", unit: "b-drag", radius: 3 },
    { id: "r-L1", unit: "r-line", radius: 3 },
  ],
  firstPlayer: 0,
  turnLimit: 6,
  victory: {
    0: [{ id: "b-kill", kind: "eliminate_units", count: 3 }],
    1: [{ id: "r-kill", kind: "eliminate_units", count: 3 }],
  },
};

async function newGame(base, seed) {
  return api(base, "POST", "/api/games", {
    ruleset: "musket",
    scenario: SCENARIO,
    seats: { blue: { name: "Ann" }, red: { bot: true } },
    creator: "blue",
    seed,
  });
}

/** On a phone, with the page at its top: the map and the button that rolls are on screen together, above the turn controls. */
async function onScreenTogether(page, name) {
  const r = await page.evaluate((label) => {
    window.scrollTo(0, 0);
    const button = [...document.querySelectorAll(".card.act button")].find((b) => b.textContent.trim().startsWith(label));
    const b = button?.getBoundingClientRect();
    const bar = document.querySelector(".actionbar")?.getBoundingClientRect();
    const map = document.querySelector(".hexmap").getBoundingClientRect();
    return b && bar && { buttonBottom: b.bottom, barTop: bar.top, mapTop: map.top, mapBottom: map.bottom, h: window.innerHeight };
  }, name);
  assert(r, `no "${name}" button`);
  assert(r.mapTop >= 0 && r.mapBottom <= r.h && r.buttonBottom <= r.barTop, `"${name}" and the map are not on screen together: ${JSON.stringify(r)}`);
}

const settled = (page) => page.waitForFunction(() => !/Sending…/.test(document.body.innerText), null, { timeout: 45_000 });
const unitCell = (page, id) => page.getAttribute(`.piece[data-key="${id}"]`, "data-cell");

/** One player turn: fire and move with b-light, move and charge with b-drag, end the turn, watch the replay. */
async function playTurn(page, { touch, prefix }) {
  const hit = (cell) => (touch ? tapCell(page, cell) : clickCell(page, cell));
  const press = (loc) => (touch ? loc.tap() : loc.click());

  // before activating: tapping a unit previews its reach and targets
  assert((await cellsOf(page, ".mark.mk-can")).length === 3, "Blue's three units are not lit as ready");
  await hit("0205");
  await page.waitForSelector(".mark.mk-sel");
  assert((await page.locator(".mk-under .mk-reach").count()) > 0, "no reach previewed for b-light");
  assert((await cellsOf(page, ".mark.mk-fire")).includes("0203"), "r-line is not shown as b-light's fire target");
  if (touch) await onScreenTogether(page, "Activate b-light");
  await shot(page, `${prefix}-1-preview`);
  await press(page.getByRole("button", { name: /^Activate b-light/ }));
  await page.waitForFunction(() => /b-light acts/.test(document.querySelector(".card.act h2")?.textContent ?? ""));

  // an enemy behind the woods: tapping it shows the line of sight and where it is blocked
  await hit("0304");
  await page.waitForSelector(".mk-los.blocked line", { state: "attached" });
  assert((await cellsOf(page, ".mark.mk-block")).includes("0305"), "the woods at 0305 are not marked as blocking");
  const blocked = (await page.locator(".mk-target").innerText()).replace(/\s+/g, " ");
  assert(/No line of sight: blocked at 0305/.test(blocked), `no blocked line of sight: ${blocked}`);
  await shot(page, `${prefix}-2-blocked-sight`);

  // fire: aim first (the line of sight and the chance), then roll
  await press(page.getByRole("button", { name: /^Fire: r-line/ }));
  await page.waitForSelector(".mk-los.clear line", { state: "attached" });
  const card = await page.locator(".mk-target").innerText();
  assert(/50% Light Infantry = 50% to hit/.test(card.replace(/\s+/g, " ")), `no hit chance in the target card: ${card}`);
  if (touch) await onScreenTogether(page, "Fire at r-line");
  await shot(page, `${prefix}-2-aim-fire`);
  await press(page.getByRole("button", { name: "Fire at r-line (50%)" }));
  await page.waitForSelector(".card.result .mk-rolls");
  await settled(page);
  const fired = await page.locator(".card.result").innerText();
  assert(/b-light fires at r-line: rolled \d+ on d100, needing under 50 to hit, (hit|miss)/.test(fired), `no fire result: ${fired}`);

  // light infantry may still move after firing: the board lights its reach
  const moves = await cellsOf(page, ".mark.mk-move");
  assert(moves.length > 0, "b-light has no move after firing");
  const from = await unitCell(page, "b-light");
  await hit(moves[0]);
  await page.waitForFunction(([f]) => document.querySelector('.piece[data-key="b-light"]')?.getAttribute("data-cell") !== f, [from]);
  await settled(page);
  await press(page.getByRole("button", { name: "End b-light's activation" }));
  await page.waitForFunction(() => /activate a unit/.test(document.querySelector(".card.act h2")?.textContent ?? ""));

  // dragoons: activate from the list, move next to the guns, aim at them on the map, charge
  await press(page.locator(".mk-chips").getByRole("button", { name: "b-drag" }));
  await press(page.getByRole("button", { name: /^Activate b-drag/ }));
  await page.waitForFunction(() => /b-drag acts · 2 MP left/.test(document.querySelector(".card.act h2")?.textContent ?? ""));
  assert((await cellsOf(page, ".mark.mk-move")).includes("0404"), "0404 is not in the dragoons' reach");
  assert((await page.locator(".mk-cost", { hasText: "2 MP" }).count()) > 0, "the dragoons' reach shows no cost of 2 MP");
  assert((await cellsOf(page, ".mark.mk-charge")).includes("0403"), "r-art is not lit as a charge target from two hexes");
  await shot(page, `${prefix}-3-dragoons-reach`);
  await hit("0404");
  await page.waitForFunction(() => document.querySelector('.piece[data-key="b-drag"]')?.getAttribute("data-cell") === "0404");
  await settled(page);
  await page.waitForFunction(() => /b-drag acts · 1 MP left/.test(document.querySelector(".card.act h2")?.textContent ?? ""));
  assert((await page.getByRole("button", { name: /^Fire: / }).count()) === 0, "dragoons offered fire after moving");
  await hit("0403");
  await page.waitForSelector(".mark.mk-aim");
  const charge = (await page.locator(".mk-target").innerText()).replace(/\s+/g, " ");
  // 4 SP dragoons against 3 SP guns on open ground: 4 + d6 against 3 + d6
  assert(/Charge: 4 \+ d6 against 3 \+ d6/.test(charge), `no charge odds: ${charge}`);
  assert(/Repulsed \(you lose 1 SP\) 42%; 1 hit 31%; 2 hits 28%/.test(charge), `wrong charge odds: ${charge}`);
  if (touch) await onScreenTogether(page, "Charge r-art");
  await shot(page, `${prefix}-3-aim-charge`);
  await press(page.getByRole("button", { name: /^Charge r-art \(58% to win\)/ }));
  await page.waitForSelector(".card.result .mk-charge-roll");
  await settled(page);
  const charged = await page.locator(".card.result").innerText();
  assert(/attacker repulsed|defender (holds|retreats|eliminated)/.test(charged), `no charge result: ${charged}`);
  await shot(page, `${prefix}-4-charged`);

  // the charge ended the activation; end the player turn (one unit has not acted: confirm)
  await page.waitForFunction(() => /activate a unit/.test(document.querySelector(".card.act h2")?.textContent ?? ""));
  await press(page.getByRole("button", { name: "End player turn" }));
  await press(page.getByRole("dialog").getByRole("button", { name: "End the player turn" }));
  // the computer plays Red's turn; its activations are said in words, and replay when asked
  await watchTheReplay(page, press);
  await press(page.getByRole("button", { name: "Pause" }));
  const seen = [];
  for (let i = 0; i < 40; i++) {
    seen.push(await page.locator(".replay.on .lines").innerText());
    if (i === 1) await shot(page, `${prefix}-5-replay`);
    const next = page.getByRole("button", { name: "Next step" });
    if (await next.isDisabled()) break;
    await press(next);
  }
  const all = seen.join("\n");
  assert(/Red activates r-/.test(all), `the replay misses Red's activations: ${all}`);
  assert(!/b-light fires/.test(all), "the replay repeats your own turn");
  assert((await page.getByText("could not be replayed").count()) === 0, "the replay could not be rebuilt from the log");
  await press(page.getByRole("button", { name: LEAVE_REPLAY }));
  await page.waitForFunction(() => /Turn 2 of 6: activate a unit/.test(document.querySelector(".card.act h2")?.textContent ?? ""), null, { timeout: 45_000 });
}

export function musket(test) {
  test("musket: fire, move and charge in one player turn, then the computer's replay (desktop)", async ({ base, browser }) => {
    const g = await newGame(base, SEED);
    const page = await newPage(browser);
    await page.goto(`${base}/g/${g.id}#t=${g.you.token}`);
    await page.waitForSelector(".musket .hexmap-svg .board");
    assert((await page.locator(".piece .mk-counter").count()) === 7, "not seven counters");
    assert((await page.locator(".mk-leader").count()) === 2, "leaders are not marked");
    await playTurn(page, { touch: false, prefix: "30-musket" });
    // the rules in brief are one click away
    await page.getByRole("link", { name: "rules in brief" }).click();
    assert(await page.locator("#mk-rules").evaluate((d) => d.open), "the rules did not open");
    await shot(page, "30-musket-6-rules");
    assert(page.problems.length === 0, page.problems.join("\n"));
    await page.context().close();
  });

  test("musket: the same turn on a phone (390x844), by touch", async ({ base, browser }) => {
    const g = await newGame(base, `${SEED}-phone`);
    const page = await newPage(browser, PHONE);
    await page.goto(`${base}/g/${g.id}#t=${g.you.token}`);
    await page.waitForSelector(".musket .hexmap-svg .board");
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    assert(overflow <= 0, `the page scrolls sideways by ${overflow}px`);
    // the decision's panel starts on screen under the map, and the map is whole
    const fits = await page.evaluate(() => {
      const map = document.querySelector(".hexmap").getBoundingClientRect();
      const act = document.querySelector(".card.act").getBoundingClientRect();
      return { mapTop: map.top, mapBottom: map.bottom, actTop: act.top, h: window.innerHeight };
    });
    assert(fits.mapTop >= 0 && fits.actTop < fits.h - 120, `the panel is off screen under the map: ${JSON.stringify(fits)}`);
    const small = await page.$$eval(".musket button", (bs) =>
      bs.filter((b) => b.offsetParent).map((b) => [b.getBoundingClientRect().height, b.getBoundingClientRect().width, b.textContent]).filter(([h, w]) => h < 44 || w < 44),
    );
    assert(small.length === 0, `buttons under 44 px: ${small.map((b) => b[2]).join(", ")}`);
    await playTurn(page, { touch: true, prefix: "31-musket-phone" });
    const overflowAfter = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    assert(overflowAfter <= 0, `the page scrolls sideways by ${overflowAfter}px`);
    assert(page.problems.length === 0, page.problems.join("\n"));
    await page.context().close();
  });

  test("musket: the three shipped battlefields draw, on a phone too", async ({ base, browser }) => {
    for (const [scenario, units, phone] of [["pitched-battle", 12, false], ["the-bridge", 10, true], ["rearguard", 10, false]]) {
      const g = await api(base, "POST", "/api/games", { ruleset: "musket", scenario, seats: { blue: { name: "Ann" }, red: { bot: true } }, creator: "blue", seed: `${SEED}-${scenario}` });
      const page = await newPage(browser, phone ? PHONE : {});
      await page.goto(`${base}/g/${g.id}#t=${g.you.token}`);
      await page.waitForSelector(".musket .hexmap-svg .board");
      await page.waitForFunction(() => document.querySelector(".card.act, .card.replay"));
      const drawn = await page.locator(".piece .mk-counter").count();
      assert(drawn === units, `${scenario}: ${drawn} counters drawn, not ${units}`);
      if (phone) {
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        assert(overflow <= 0, `${scenario}: the page scrolls sideways by ${overflow}px`);
      }
      await shot(page, `32-musket-${scenario}${phone ? "-phone" : ""}`);
      assert(page.problems.length === 0, page.problems.join("\n"));
      await page.context().close();
    }
  });

  test("musket: a page opened mid-activation says who acts before the first touch, and that first tap, on a hex of its reach, moves it (phone)", async ({ base, browser }) => {
    const g = await newGame(base, `${SEED}-reopened`);
    const view = await api(base, "GET", `/api/games/${g.id}`, undefined, g.you.token);
    // b-drag is within its own leader's radius: its activation rolls nothing
    await api(base, "POST", `/api/games/${g.id}/actions`, { seq: view.seq, actions: [{ type: "activate", unit: "b-drag" }] }, g.you.token);
    const legal = await api(base, "GET", `/api/games/${g.id}/legal`, undefined, g.you.token);
    const [q, r] = legal.choices.find((c) => c.action.type === "move").action.to;
    const to = String(q + 1).padStart(2, "0") + String(r + Math.floor(q / 2) + 1).padStart(2, "0");
    const page = await newPage(browser, PHONE);
    const scripts = [];
    page.on("request", (req) => scripts.push(req.url()));
    await page.goto(`${base}/g/${g.id}#t=${g.you.token}`);
    await page.waitForSelector(".musket .hexmap-svg .board");
    await page.waitForLoadState("networkidle");
    // before any touch: the sheet's title from the position alone, the rules not fetched
    assert(/b-drag acts · 2 MP left/.test(await page.locator(".card.act h2").innerText()), "the sheet does not say b-drag acts");
    assert(!scripts.some((u) => /engine-rules/.test(u)), "the rules came before any touch");
    const { x, y } = await cellPoint(page, to);
    await page.touchscreen.tap(x, y);
    await page.waitForFunction((c) => document.querySelector('.piece[data-key="b-drag"]')?.getAttribute("data-cell") === c, to);
    await page.waitForFunction(() => /b-drag acts · [01] MP left/.test(document.querySelector(".card.act h2")?.textContent ?? ""));
    assert(page.problems.length === 0, page.problems.join("\n"));
    await page.context().close();
  });

  test("musket: 'Step through it' as the first touch of the page starts the replay once the rules come (phone)", async ({ base, browser }) => {
    const g = await newGame(base, `${SEED}-replay-first`);
    const view = await api(base, "GET", `/api/games/${g.id}`, undefined, g.you.token);
    await api(base, "POST", `/api/games/${g.id}/actions`, { seq: view.seq, actions: [{ type: "end_turn" }] }, g.you.token);
    // the computer may have more to play than one request does: ask it to go on, as the open page would
    for (let k = 0; k < 20; k++) {
      const now = await api(base, "GET", `/api/games/${g.id}`, undefined, g.you.token);
      if (!now.botsWaiting && now.toAct.includes("blue")) break;
      await api(base, "POST", `/api/games/${g.id}/continue`, {}, g.you.token);
    }
    const page = await newPage(browser, PHONE);
    const scripts = [];
    page.on("request", (req) => scripts.push(req.url()));
    await page.goto(`${base}/g/${g.id}#t=${g.you.token}`);
    const card = page.locator("section.card.replay:not(.on)");
    await card.locator(".since li").first().waitFor();
    await page.waitForLoadState("networkidle");
    assert(!scripts.some((u) => /engine-rules/.test(u)), "the rules came before any touch");
    // the tap's touchstart fetches the rules: its click must still start the replay
    await card.getByRole("button", { name: "Step through it" }).tap();
    await page.waitForSelector(".replay.on");
    const first = await page.locator(".replay.on .lines").innerText();
    assert(/Red activates r-/.test(first), `the replay's first step is not Red's activation: ${first}`);
    assert(page.problems.length === 0, page.problems.join("\n"));
    await page.context().close();
  });

  test("musket: the end of a game (a one-turn battle): who won and the strength left", async ({ base, browser }) => {
    const g = await api(base, "POST", "/api/games", {
      ruleset: "musket",
      scenario: { ...SCENARIO, id: "e2e-one-turn", turnLimit: 1, turnLimitWinner: 0 },
      seats: { blue: { name: "Ann" }, red: { bot: true } },
      creator: "blue",
      seed: `${SEED}-over`,
    });
    const page = await newPage(browser);
    await page.goto(`${base}/g/${g.id}#t=${g.you.token}`);
    await page.waitForSelector(".musket .card.act");
    await page.getByRole("button", { name: "End player turn" }).click();
    await page.getByRole("dialog").getByRole("button", { name: "End the player turn" }).click();
    await page.waitForSelector(".gameover", { timeout: 60_000 });
    const over = await page.locator(".gameover").innerText();
    assert(/Game over/.test(over) && /Strength left on the map: Blue \d+, Red \d+/.test(over), `no end of game: ${over}`);
    assert((await page.locator(".actionbar").count()) === 0, "turn controls on a finished game");
    await shot(page, "33-musket-game-over");
    assert(page.problems.length === 0, page.problems.join("\n"));
    await page.context().close();
  });
}
