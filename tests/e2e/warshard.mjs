// WarShard: two people by email on a small custom scenario posted inline. Germany moves its
// armor into contact, attacks with two units, adds artillery support (the odds shown before
// sending), and the US answers with its owed defensive support; the dice are rolled and the
// side owed the retreat chooses it on the map (the attacker for a dr, the defender for an ar:
// at 2-1 every result is one of them). Once on a desktop with the mouse, once on a phone by touch.
import { api, assert, cellsOf, clickCell, mailboxLink, newPage, shot, tapCell, PHONE } from "./lib.mjs";
import { LEAVE_REPLAY } from "./since.mjs";

/** Axial hexes; printed ids in the comments: 1 armor 0304, 2 mech 0505, 3 artillery 0305, 4 HQ 0204; US 11 infantry 0604, 12 artillery 0804, 13 HQ 0905. */
export const BATTLE = {"id": "e2e_battle", "title": "E2E battle", "line": "A German attack on a US infantry brigade, with artillery on both sides.", "map": {"layout": "odd-q-rect", "cols": 10, "rows": 8, "default": "plains", "hexes": [{"hex": [2, 1], "type": "forest"}, {"hex": [6, -2], "type": "city", "name": "Hexville", "vp": 10}, {"hex": [3, 4], "type": "elevation"}, {"hex": [7, -1], "type": "water"}, {"hex": [6, 4], "type": "road"}]}, "sides": ["germany", "usa"], "firstSide": "germany", "turnLimit": 6, "units": [{"id": "1", "side": "germany", "type": "armor", "hex": [2, 2]}, {"id": "2", "side": "germany", "type": "mechanised", "hex": [4, 2]}, {"id": "3", "side": "germany", "type": "artillery", "hex": [2, 3]}, {"id": "4", "side": "germany", "type": "hq", "name": "Model", "hex": [1, 3]}, {"id": "11", "side": "usa", "type": "infantry", "hex": [5, 1]}, {"id": "12", "side": "usa", "type": "artillery", "hex": [7, 0]}, {"id": "13", "side": "usa", "type": "hq", "name": "Patton", "hex": [8, 0]}], "replacementPoints": {"germany": [], "usa": []}};


async function settled(page) {
  await page.waitForFunction(() => !/Sending…/.test(document.body.innerText), null, { timeout: 45_000 });
}

/** Checks a phone page: nothing scrolls sideways, every visible button is big enough to tap. */
async function phoneChecks(page, where) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  assert(overflow <= 0, `${where}: the page scrolls sideways by ${overflow}px`);
  const small = await page.$$eval("button, .map-aids label", (els) =>
    els.filter((b) => b.offsetParent && b.getBoundingClientRect().height < 44).map((b) => `${b.textContent.trim()} (${b.getBoundingClientRect().height}px)`),
  );
  assert(small.length === 0, `${where}: tap targets under 44px: ${small.join(", ")}`);
}

/**
 * From the top of the page (or, on a phone whose page opens on the "Since your last move" card,
 * once that card is scrolled past, as since.mjs does): the whole map, the line saying what it
 * waits for, the turn controls, and every lit hex of the decision (`cells`, their middles) are on
 * screen together.
 */
async function decisionOnScreen(page, cells, where) {
  await page.evaluate(() => {
    const since = document.querySelector(".since");
    const map = document.querySelector(".hexmap");
    window.scrollTo(0, 0);
    if (since && map && since.getBoundingClientRect().top < map.getBoundingClientRect().top) window.scrollTo(0, map.getBoundingClientRect().top - 60);
  });
  const r = await page.evaluate((ids) => {
    const box = (sel) => document.querySelector(sel)?.getBoundingClientRect() ?? null;
    const lit = ids.map((id) => box(`.mark[data-cell="${id}"]`));
    return { map: box(".hexmap"), prompt: box(".ws-prompt"), bar: box(".actionbar"), lit, h: window.innerHeight, w: window.innerWidth };
  }, cells);
  const inside = (b) => b && b.top >= 0 && b.bottom <= r.h && b.left >= 0 && b.right <= r.w;
  assert(inside(r.map), `${where}: the map is not wholly on screen: ${JSON.stringify(r.map)}`);
  assert(inside(r.prompt) && (!r.bar || r.prompt.bottom <= r.bar.top), `${where}: the decision's line is off screen or under the controls: ${JSON.stringify(r.prompt)} ${JSON.stringify(r.bar)}`);
  // at the zoom that draws a counter 44 px (issue 25) a lit hex at the view's edge may be cut by a
  // few pixels: its middle, where a finger lands, must be on screen
  const middleInside = (b) => b && (b.top + b.bottom) / 2 >= 0 && (b.top + b.bottom) / 2 <= r.h && (b.left + b.right) / 2 >= 0 && (b.left + b.right) / 2 <= r.w;
  assert(r.lit.every(middleInside), `${where}: a lit hex is off screen: ${JSON.stringify(r.lit)}`);
}

function battle(test, { name, phone, seed, prefix }) {
  test(`warshard: ${name}`, async ({ base, browser }) => {
    const hansMail = `hans-${prefix}@example.test`;
    const umaMail = `uma-${prefix}@example.test`;
    const g = await api(base, "POST", "/api/games", {
      ruleset: "warshard",
      scenario: BATTLE,
      seats: { germany: { name: "Hans", email: hansMail }, usa: { name: "Uma", email: umaMail } },
      creator: "germany",
      seed,
    });
    const opts = phone ? PHONE : {};
    const tap = phone ? tapCell : clickCell;
    const press = (loc) => (phone ? loc.tap() : loc.click());
    const hans = await newPage(browser, opts);
    await hans.goto(`${base}/g/${g.id}#t=${g.you.token}`);
    await hans.waitForSelector(".warshard .hexmap-svg .board");
    await hans.waitForSelector(".card.act");
    assert((await hans.locator(".piece .ws-counter").count()) === 7, "the seven counters are not drawn");
    assert(/Your move: movement/.test(await hans.locator(".card.act h2").innerText()), "Germany is not to move");
    if (phone) await phoneChecks(hans, "movement");
    // the rules in brief open from the panel
    await press(hans.locator(".ws-rules summary"));
    // (its text is loaded when opened)
    await hans.waitForFunction(() => /attacking melee units retreat/.test(document.querySelector(".ws-rules")?.textContent ?? ""), null, { timeout: 5000 }).catch(() => {});
    assert(/attacking melee units retreat/.test(await hans.locator(".ws-rules").innerText()), "the rules summary does not open");
    await press(hans.locator(".ws-rules summary"));
    await hans.evaluate(() => window.scrollTo(0, 0));
    await shot(hans, `${prefix}-01-movement`);

    // movement: the armor (0304) into contact at 0504, where the US zone of control stops it
    await tap(hans, "0304");
    await hans.waitForSelector(".mark.ws-sel");
    const dests = await cellsOf(hans, ".mark.ws-dest");
    assert(dests.includes("0504"), `0504 is not a destination of the armor: ${dests}`);
    await tap(hans, "0504");
    await hans.waitForFunction(() => document.querySelector('.piece[data-key="1"]')?.getAttribute("data-cell") === "0504");
    assert(/armor 1 to 0504/.test(await hans.locator(".queue").innerText()), "the move is not queued");
    await press(hans.getByRole("button", { name: "End movement" }));

    // attacks: the armor and the mechanised brigade on the infantry at 0604; the target shows the odds first
    await hans.waitForFunction(() => /Your move: attacks/.test(document.querySelector(".card.act h2")?.textContent ?? ""));
    await tap(hans, "0504");
    await hans.waitForSelector(".mark.ws-attack");
    assert((await cellsOf(hans, ".mark.ws-attack")).includes("0604"), "0604 is not a target of the armor");
    const tag = await hans.locator(".ws-tag").first().textContent();
    assert(tag === "3-1", `the target's odds tag reads "${tag}", not 3-1 (6 vs 2)`);
    await tap(hans, "0604");
    await tap(hans, "0505");
    await hans.waitForSelector(".mark.ws-attack");
    await tap(hans, "0604");
    await hans.waitForSelector(".ws-fight");
    let fight = await hans.locator(".ws-fight").first().innerText();
    assert(/Attack 9 .* vs defence 2/.test(fight) && /4-1/.test(fight), `the fight's odds are not 9 vs 2 = 4-1: ${fight}`);
    await press(hans.getByRole("button", { name: "End attacks" }));

    // attack support: the artillery; its button shows the odds it would give, before anything is sent
    await hans.waitForFunction(() => /Your move: attack support/.test(document.querySelector(".card.act h2")?.textContent ?? ""));
    await tap(hans, "0305");
    await hans.waitForSelector(".ws-options button");
    const option = await hans.locator(".ws-options button").first().innerText();
    assert(/12:2/.test(option) && /6-1/.test(option), `the support button does not preview 12:2 = 6-1: ${option}`);
    if (phone) {
      await phoneChecks(hans, "support");
      await decisionOnScreen(hans, ["0604"], "support");
    }
    await shot(hans, `${prefix}-02-support-preview`);
    await tap(hans, "0604");
    await hans.waitForFunction(() => /6-1/.test(document.querySelector(".ws-fight")?.textContent ?? ""));
    assert((await hans.locator(".ws-crt th.on").innerText()) === "6-1", "the CRT does not light the fight's column");
    await shot(hans, `${prefix}-03-fight-6-1`);
    await press(hans.getByRole("button", { name: "End support" }));
    await settled(hans);
    await hans.waitForSelector(".card.wait");
    assert(hans.problems.length === 0, hans.problems.join("\n"));

    // the US opens its mail: its defensive support is owed
    const uma = await newPage(browser, opts);
    const link = await mailboxLink(uma, base, umaMail, g.id);
    await uma.goto(link);
    await uma.waitForSelector(".warshard .hexmap-svg .board");
    await uma.waitForSelector(".card.act");
    assert(/defensive support/.test(await uma.locator(".card.act h2").innerText()), "the US is not asked for its defensive support");
    // the replay is offered once the log has loaded and been rebuilt
    await uma.waitForSelector(".replay", { timeout: 15_000 });
    if (phone) await phoneChecks(uma, "defence");
    // the German player-turn so far, step by step through the shared replay
    await press(uma.getByRole("button", { name: "Step through it" }));
    await uma.waitForSelector(".replay.on");
    const first = await uma.locator(".replay.on .lines").innerText();
    assert(/Germany 1 moved 0304 to 0504/.test(first), `the replay does not start with the armor's move: ${first}`);
    assert((await uma.locator(".arrow.ws-a-move").count()) === 1, "the replayed move has no arrow on the map");
    assert(/0304 to 0504/.test(await uma.locator(".ws-prompt.replay").innerText()), "the replayed line is not under the map");
    await shot(uma, `${prefix}-03b-replay`);
    await press(uma.getByRole("button", { name: LEAVE_REPLAY }));
    await uma.waitForSelector(".card.act");
    await tap(uma, "0804");
    await uma.waitForSelector(".ws-options button");
    const defend = await uma.locator(".ws-options button").first().innerText();
    assert(/12:5/.test(defend) && /2-1/.test(defend), `the defence button does not preview 12:5 = 2-1: ${defend}`);
    await shot(uma, `${prefix}-04-defence-preview`);
    await press(uma.locator(".ws-options button").first());
    await uma.waitForFunction(() => /2-1/.test(document.querySelector(".ws-fight .ws-col")?.textContent ?? ""));
    await press(uma.getByRole("button", { name: "End defensive support" }));
    await settled(uma);
    await uma.waitForSelector(".card.result .ws-rolls .die");
    const roll = await uma.locator(".card.result").innerText();
    assert(/12 vs 5 → 2-1/.test(roll), `the roll is not at 12 vs 5, 2-1: ${roll}`);
    const dr = /defender retreats/.test(roll);
    assert(dr || /attackers retreat/.test(roll), `a 2-1 roll that is neither dr nor ar: ${roll}`);
    assert((await uma.locator(".ws-crt td.hit").count()) === 1, "the CRT does not light the rolled cell");
    await shot(uma, `${prefix}-05-rolled`);

    // the retreat, chosen by the enemy of the retreating unit, by tapping a lit hex
    const chooser = dr ? hans : uma;
    if (dr) {
      await hans.reload();
      // the rules (the lit retreat hexes, the panel) come at the viewer's first touch: a user's pointer
      await hans.waitForSelector(".card.act");
      await hans.mouse.move(5, 5);
    }
    await chooser.waitForSelector(".ws-pending");
    assert(/Choose a retreat/.test(await chooser.locator(".card.act h2").innerText()), "no retreat is asked for");
    const options = await cellsOf(chooser, ".mark.ws-retreat");
    assert(options.length >= 2, `fewer than two retreat hexes lit: ${options}`);
    if (phone) {
      await phoneChecks(chooser, "retreat");
      await decisionOnScreen(chooser, options, "retreat");
    }
    await shot(chooser, `${prefix}-06-retreat`);
    const retreating = dr ? "11" : "1";
    await tap(chooser, options[0]);
    await settled(chooser);
    await chooser.waitForFunction((id) => document.querySelector(`.piece[data-key="${id}"]`)?.getAttribute("data-cell") !== (id === "11" ? "0604" : "0504"), retreating);
    // an ar retreats both attackers; a dr offers an advance into the emptied hex
    for (let i = 0; i < 3; i++) {
      const act = chooser.locator(".card.act h2");
      const h2 = (await act.count()) ? await act.innerText() : "";
      if (/Choose a retreat/.test(h2)) {
        const more = await cellsOf(chooser, ".mark.ws-retreat");
        await tap(chooser, more[0]);
      } else if (/Advance\?/.test(h2)) {
        if (phone) await decisionOnScreen(chooser, ["0504", "0505"], "advance");
        await shot(chooser, `${prefix}-07-advance`);
        // on a phone the thumb's button declines; on a desktop the armor advances from the panel
        if (phone) await press(chooser.getByRole("button", { name: "Stay put", exact: true }));
        else await press(chooser.getByRole("button", { name: /^Advance armor 1/ }));
      } else break;
      await settled(chooser);
      await chooser.waitForTimeout(100);
    }
    await shot(chooser, `${prefix}-08-after`);
    const err = await chooser.locator(".error").allInnerTexts();
    assert(err.length === 0, `an error is shown: ${err.join(" / ")}`);
    const log = await api(base, "GET", `/api/games/${g.id}/log`);
    const lines = log.entries.flatMap((e) => e.lines ?? []).join("\n");
    assert(/retreated .* \(chosen by (Germany|USA)\)/.test(lines), `no chosen retreat in the log:\n${lines}`);
    if (dr) assert(/No advance into|advanced from/.test(lines), `the advance owed after the dr was not answered:\n${lines}`);
    await shot(chooser, `${prefix}-08-after`);
    for (const p of [hans, uma]) assert(p.problems.length === 0, p.problems.join("\n"));
    await hans.context().close();
    await uma.context().close();
  });
}

export function warshardTests(test) {
  battle(test, { name: "a battle on a desktop: move, attack, support, the owed defence, the roll and a retreat", phone: false, seed: "hexpost-e2e-warshard-1", prefix: "30-warshard" });
  battle(test, { name: "the same battle on a phone (390x844), by touch", phone: true, seed: "hexpost-e2e-warshard-3", prefix: "40-warshard-phone" });
}

/** Boot camp against the computer: the armor attacks the infantry on the hill; the computer answers and plays its player-turn, which replays. */
export function warshardBootCamp(test) {
  test("warshard: boot camp against the computer, one German player-turn and the computer's answer", async ({ base, browser }) => {
    const g = await api(base, "POST", "/api/games", {
      ruleset: "warshard",
      scenario: "boot_camp",
      seats: { germany: { name: "Hans" }, usa: { bot: true } },
      creator: "germany",
      seed: "hexpost-e2e-warshard-boot",
    });
    const page = await newPage(browser);
    await page.goto(`${base}/g/${g.id}#t=${g.you.token}`);
    await page.waitForSelector(".warshard .card.act");
    const names = await page.locator(".ws-name").allTextContents();
    assert(names.includes("Bastogne") && names.includes("Malmédy"), `the towns are not named: ${names}`);
    // armor 1 at [3,3] (0405) through the trenches into the forest [4,4] (0507), next to the infantry on the hill [5,4] (0607)
    await clickCell(page, "0405");
    await page.waitForSelector(".mark.ws-dest");
    await clickCell(page, "0507");
    await page.getByRole("button", { name: "End movement" }).click();
    await page.waitForFunction(() => /attacks/.test(document.querySelector(".card.act h2")?.textContent ?? ""));
    await clickCell(page, "0507");
    await page.waitForSelector(".ws-tag");
    // 6 against 2 doubled on the hill = 1-1; the US has no HQ yet, so it is out of supply: 2-1
    assert((await page.locator(".ws-tag").textContent()) === "2-1", "the odds tag on the hill is not 2-1");
    await clickCell(page, "0607");
    const fight = await page.locator(".ws-fight").innerText();
    assert(/Attack 6 .* vs defence 4/.test(fight) && /defender out of supply/.test(fight), `the fight does not show 6 vs 4 and the supply shift: ${fight}`);
    await shot(page, "50-warshard-boot-attack");
    // no support on either side: ending the attacks rolls at once
    await page.getByRole("button", { name: "End attacks" }).click();
    await page.waitForSelector(".card.result .ws-rolls .die");
    for (let i = 0; i < 6; i++) {
      await settled(page);
      const act = page.locator(".card.act h2");
      const h2 = (await act.count()) ? await act.innerText() : "";
      if (/Choose a retreat/.test(h2)) await clickCell(page, (await cellsOf(page, ".mark.ws-retreat"))[0]);
      else if (/Advance\?/.test(h2)) await page.getByRole("button", { name: "Stay put", exact: true }).click();
      else if (/movement/.test(h2)) break;
      await page.waitForTimeout(200);
    }
    // the computer's player-turn came back: Germany moves again in player-turn 3, and the US turn replays
    await page.waitForFunction(() => /Your move: movement/.test(document.querySelector(".card.act h2")?.textContent ?? ""), null, { timeout: 45_000 });
    assert(/3 of 20/.test(await page.locator(".hud").innerText()), "not player-turn 3");
    await page.waitForSelector(".replay");
    assert(/computer/.test(await page.locator(".replay").innerText()), "the computer's turn is not offered as a replay");
    const sent = await page.locator(".card.result").innerText();
    assert(/came back with it/.test(sent) && !/usa \d+ moved/.test(sent), `the last sending's card mixes in the computer's turn: ${sent}`);
    await shot(page, "51-warshard-boot-turn-3");
    assert(page.problems.length === 0, page.problems.join("\n"));
    await page.context().close();
  });
}

/** The last player-turn: ending the attacks without attacking (the page asks first) ends the game. */
export function warshardGameOver(test) {
  test("warshard: the last player-turn ends the game and the page shows the victory points", async ({ base, browser }) => {
    const g = await api(base, "POST", "/api/games", {
      ruleset: "warshard",
      scenario: { ...BATTLE, id: "e2e_last_turn", turnLimit: 1 },
      seats: { germany: { name: "Hans" }, usa: { bot: true } },
      creator: "germany",
      seed: "hexpost-e2e-warshard-over",
    });
    const page = await newPage(browser);
    await page.goto(`${base}/g/${g.id}#t=${g.you.token}`);
    await page.waitForSelector(".warshard .card.act");
    await page.getByRole("button", { name: "End movement" }).click();
    await page.waitForFunction(() => /attacks/.test(document.querySelector(".card.act h2")?.textContent ?? ""));
    await page.getByRole("button", { name: "End attacks" }).click();
    const dialog = page.getByRole("dialog");
    await dialog.waitFor();
    assert(/without attacking/.test(await dialog.innerText()), "ending the attacks with a target in reach does not ask first");
    await dialog.getByRole("button", { name: "End attacks" }).click();
    await page.waitForSelector(".gameover");
    const over = await page.locator(".gameover").innerText();
    assert(/drawn/.test(over) && /Victory points: Germany 0, USA 0/.test(over), `the end does not show the draw and the points: ${over}`);
    assert((await page.locator(".actionbar").count()) === 0, "turn controls on a finished game");
    await shot(page, "52-warshard-over");
    assert(page.problems.length === 0, page.problems.join("\n"));
    await page.context().close();
  });
}
