// Skirmish: a human attacker against the computer, from a custom inline scenario (the Clash at
// the Farm with one swordfighter moved up on the west flank, the attacker to pick a model).
// The attacker activates a2, moves it next to b1 (a charge), looks at the attack's pools and
// chance, attacks (the dice come back), ends the activation, and watches the computer's
// activation in the replay. The same on a phone by touch; and a deployment with Placement.
import { readFileSync } from "node:fs";
import path from "node:path";
import { ROOT, api, assert, cellsOf, clickCell, newPage, shot, tapCell, PHONE } from "./lib.mjs";
import { watchTheReplay } from "./since.mjs";

const SEED = "hexpost-e2e-skirmish";
const A2_START = "0611"; // axial [5, 8]
const A2_DEST = "0608"; // axial [5, 5], next to b1 only
const B1 = "0708"; // axial [6, 4]

/** small-clash with a2 on the west flank and the attacker to choose a model in turn 1. */
function flankScenario() {
  const clash = JSON.parse(readFileSync(path.join(ROOT, "scenarios/skirmish/small-clash.json"), "utf8"));
  clash.id = "flank";
  clash.title = "Flank at the Farm";
  clash.position.activeSide = 0;
  clash.position.models.a2.hex = [5, 8];
  return clash;
}

async function newGame(base, seed) {
  return api(base, "POST", "/api/games", {
    ruleset: "skirmish",
    scenario: flankScenario(),
    seats: { attacker: { name: "Ann" }, defender: { bot: true } },
    creator: "attacker",
    seed,
  });
}

async function settled(page) {
  await page.waitForFunction(() => !/Sending…|Ending…/.test(document.body.innerText), null, { timeout: 45_000 });
}

/** The activation: pick a2, move next to b1, preview the attack, attack; returns the preview's text. */
async function moveAndAttack(page, tap, byButton = false) {
  // lit as the skirmish lights them ("sk-can"), or, before the rules have come, as the server's lit cells ("can", drawn the same)
  const lit = await cellsOf(page, ".mark.sk-can, .mark.can");
  assert(lit.includes(A2_START), `a2 (${A2_START}) is not lit to activate: ${lit.join(", ")}`);
  if (byButton) await page.getByRole("button", { name: /^a2 Swordfighter/ }).tap();
  else await tap(page, A2_START);
  await page.waitForSelector(".mark.sel");
  assert(/a2 acts: 2 AP left/.test(await page.locator(".card.act h2").innerText()), "a2 is not acting with 2 AP");
  const dests = await cellsOf(page, ".mark.dest");
  assert(dests.includes(A2_DEST), `${A2_DEST} is not a lit move: ${dests.length} lit`);
  return dests;
}

async function attack(page, tap, shotName) {
  await tap(page, A2_DEST);
  await page.waitForSelector(`.piece[data-key="a2"][data-cell="${A2_DEST}"]`);
  assert(/a2 moves to/.test(await page.locator(".card.queue").innerText()), "the move is not queued");
  assert(/1 AP left/.test(await page.locator(".card.act h2").innerText()), "the move did not cost 1 AP");
  const targets = await cellsOf(page, ".mark.target");
  assert(targets.includes(B1), `b1 (${B1}) is not lit as a target: ${targets.join(", ")}`);
  await tap(page, B1);
  await page.waitForSelector(".sk-choice");
  const preview = await page.locator(".sk-picked").innerText();
  assert(/Hit test: chance to hit\s*\d+%/.test(preview), `no hit chance: ${preview}`);
  assert(/Charge/.test(preview), `the charge bonus is not listed: ${preview}`);
  assert(/Damage test, if it hits/.test(preview), `no damage preview: ${preview}`);
  assert((await page.locator(".sk-choice .sk-pool .sk-die").count()) >= 4, "the pools are not drawn as dice");
  await shot(page, shotName);
  const go = page.getByRole("button", { name: /^Attack \(\d+%\) — rolls now/ });
  return { preview, go };
}

export function skirmish(test) {
  test("skirmish: an activation with a move and an attack, then the computer's in the replay (desktop)", async ({ base, browser, shared }) => {
    const g = await newGame(base, SEED);
    shared.skirmish = g;
    const page = await newPage(browser);
    await page.goto(`${base}/g/${g.id}#t=${g.you.token}`);
    await page.waitForSelector(".skirmish .hexmap-svg .sk-board");
    assert((await page.locator(".piece .sk-model").count()) === 12, "not 12 models on the board");
    assert(/pick a model/.test(await page.locator(".card.act h2").innerText()), "not asked to pick a model");
    await shot(page, "40-skirmish-start");
    await moveAndAttack(page, clickCell);
    await shot(page, "41-skirmish-activated");
    const { go } = await attack(page, clickCell, "42-skirmish-attack-preview");
    await go.click();
    await settled(page);
    await page.waitForSelector(".card.result .sk-roll");
    const result = await page.locator(".card.result").innerText();
    assert(/Sword, Broad attack by a2 on b1 \(charging\)/.test(result), `no attack line: ${result}`);
    assert(/Hit \(close combat\)/.test(result), `the hit test's dice are not shown: ${result}`);
    assert((await page.locator(".card.result .sk-die.face").count()) >= 4, "no dice faces shown");
    assert((await page.locator(".card.queue").count()) === 0, "the move was not sent with the attack");
    await shot(page, "43-skirmish-rolled");
    // the end: the computer activates one of its models; its activation is said in words, and plays in the replay when asked
    await page.getByRole("button", { name: /^End a2's activation/ }).click();
    await watchTheReplay(page);
    await page.getByRole("button", { name: "Pause" }).click();
    const steps = [];
    for (let i = 0; i < 30; i++) {
      steps.push(await page.locator(".replay.on .lines").innerText());
      const next = page.getByRole("button", { name: "Next step" });
      if (await next.isDisabled()) break;
      await next.click();
      if (!shared.skShot && (await page.locator(".arrow").count()) > 0) {
        shared.skShot = true;
        await shot(page, "44-skirmish-replay");
      }
      if (!shared.skDice && (await page.locator(".replay.on .sk-roll").count()) > 0) {
        shared.skDice = true;
        await shot(page, "44-skirmish-replay-dice");
      }
    }
    const all = steps.join("\n");
    assert(/b\d activates/.test(all), `the computer's activation is not in the replay: ${all}`);
    assert(!/a2 moves/.test(all), "the replay repeats your own move");
    assert((await page.getByText("could not be replayed").count()) === 0, "the replay could not be rebuilt");
    await page.getByRole("button", { name: "Back to the game" }).click();
    await page.waitForSelector(".card.act");
    assert(/pick a model/.test(await page.locator(".card.act h2").innerText()), "not back to picking a model");
    const a2 = await page.locator(".piece[data-key='a2'] .sk-model").getAttribute("class");
    assert(/done|ko/.test(a2), `a2 is neither done nor knocked out: ${a2}`);
    // an archer: its shots are lit, and a shot shows its pools, range and cover before it is made
    await page.getByRole("button", { name: /^a5 Archer/ }).click();
    await page.waitForSelector(".mark.sel");
    const shots = await cellsOf(page, ".mark.sk-shoot");
    assert(shots.length > 0, "a5 has no target to shoot at");
    await clickCell(page, shots[0]);
    await page.waitForSelector(".sk-choice");
    const shotText = await page.locator(".sk-picked").innerText();
    assert(/shoots b\d with Bow, Medium at \d+/.test(shotText) && /Hit test: chance to hit\s*\d+%/.test(shotText), `no shot preview: ${shotText}`);
    await shot(page, "49-skirmish-shot-preview");
    await page.getByRole("button", { name: "Cancel" }).click();
    await page.getByText("Rules in brief").click();
    assert(/Base, .*Modifier and .*Wild dice/.test(await page.locator(".sk-rules").innerText()), "no rules summary");
    await shot(page, "45-skirmish-back");
    assert(page.problems.length === 0, page.problems.join("\n"));
    await page.context().close();
  });

  test("skirmish: the same activation on a phone (390x844), by touch", async ({ base, browser }) => {
    const g = await newGame(base, `${SEED}-phone`);
    const page = await newPage(browser, PHONE);
    await page.goto(`${base}/g/${g.id}#t=${g.you.token}`);
    await page.waitForSelector(".skirmish .hexmap-svg .sk-board");
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    assert(overflow <= 0, `the page scrolls sideways by ${overflow}px`);
    await page.evaluate(() => window.scrollTo(0, 0));
    await shot(page, "46-skirmish-phone-start");
    // one-handed: the model from the panel's buttons, then the map zooms in on it
    await moveAndAttack(page, tapCell, true);
    await page.waitForTimeout(100);
    const hexPx = await page.$eval(".hexmap-svg", (svg) => 2 * Number(svg.getAttribute("data-size")) * svg.getScreenCTM().a);
    assert(hexPx >= 44, `a hex is ${hexPx.toFixed(0)} px wide after activating: too small to tap`);
    await shot(page, "46-skirmish-phone-activated");
    const { go } = await attack(page, tapCell, "46-skirmish-phone-preview");
    // the decision and the map it concerns on screen together
    const box = await go.boundingBox();
    const map = await page.locator(".hexmap").boundingBox();
    assert(box && box.y + box.height <= 844 && box.y >= 0, `the Attack button is off screen: ${JSON.stringify(box)}`);
    assert(map && map.y + map.height > 150, "the map is scrolled away");
    const small = await page.$$eval("button", (bs) => bs.filter((b) => b.offsetParent && b.getBoundingClientRect().height < 44).map((b) => b.textContent));
    assert(small.length === 0, `buttons under 44 px: ${small.join(", ")}`);
    await go.tap();
    await settled(page);
    await page.waitForSelector(".card.result .sk-roll");
    await shot(page, "47-skirmish-phone-rolled");
    assert((await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)) <= 0, "sideways scroll after the roll");
    await page.getByRole("button", { name: /^End a2's activation/ }).tap();
    await watchTheReplay(page, (b) => b.tap());
    await page.getByRole("button", { name: "Pause" }).tap();
    const caption = await page.locator(".sk-caption").innerText();
    assert(/^b\d /.test(caption), `no replay line over the map: "${caption}"`);
    await page.evaluate(() => window.scrollTo(0, 0));
    await shot(page, "47-skirmish-phone-replay");
    assert(page.problems.length === 0, page.problems.join("\n"));
    await page.context().close();
  });

  test("skirmish: a page opened mid-activation names the acting model before the first touch; its moves come at the touch", async ({ base, browser }) => {
    const g = await newGame(base, `${SEED}-reopened`);
    const view = await api(base, "GET", `/api/games/${g.id}`, undefined, g.you.token);
    await api(base, "POST", `/api/games/${g.id}/actions`, { seq: view.seq, actions: [{ type: "activate", model: "a2" }] }, g.you.token);
    const page = await newPage(browser);
    await page.goto(`${base}/g/${g.id}#t=${g.you.token}`);
    await page.waitForSelector(".skirmish .hexmap-svg .sk-board");
    // before any touch: the sheet's title and the acting model's card, from the position alone
    assert(/a2 acts: 2 AP left/.test(await page.locator(".card.act h2").innerText()), "the sheet does not say a2 acts");
    const card = await page.locator(".sk-activation .sk-card").innerText();
    assert(/a2 · Swordfighter/.test(card) && /MOV \d/.test(card), `no card of the acting model: ${card}`);
    // the viewer's pointer fetches the rules: the moves are lit and the panel says what a tap does
    await page.mouse.move(5, 5);
    await page.waitForSelector(".mark.dest");
    assert(/Tap a yellow hex to move/.test(await page.locator(".sk-activation").innerText()), "no hint once the rules are there");
    assert((await page.locator(".sk-activation .sk-card").count()) === 1, "the acting model's card is drawn twice");
    assert(page.problems.length === 0, page.problems.join("\n"));
    await page.context().close();
  });

  test("skirmish: an engaged model disengages after seeing its test", async ({ base, browser }) => {
    const scenario = flankScenario();
    scenario.position.models.a2.hex = [5, 5];
    const g = await api(base, "POST", "/api/games", { ruleset: "skirmish", scenario, seats: { attacker: { name: "Ann" }, defender: { bot: true } }, creator: "attacker", seed: `${SEED}-engaged` });
    const page = await newPage(browser);
    await page.goto(`${base}/g/${g.id}#t=${g.you.token}`);
    await page.waitForSelector(".skirmish .hexmap-svg .sk-board");
    assert(/engaged/.test(await page.locator(".piece[data-key='a2'] .sk-model").getAttribute("class")), "a2 is not drawn engaged");
    await page.getByRole("button", { name: /^a2 Swordfighter/ }).click();
    await page.waitForSelector(".mark.sk-disengage");
    assert((await page.locator(".mark.dest").count()) === 0, "an engaged model is offered plain moves");
    const away = (await cellsOf(page, ".mark.sk-disengage"))[0];
    await clickCell(page, away);
    await page.waitForSelector(".sk-choice");
    const text = await page.locator(".sk-picked").innerText();
    assert(/Disengage test: chance to pass\s*\d+%/.test(text) && /REF 2/.test(text) && /CCA 2/.test(text), `no disengage test: ${text}`);
    await shot(page, "50-skirmish-disengage-preview");
    await page.getByRole("button", { name: /^Disengage \(\d+%\) — rolls now/ }).click();
    await settled(page);
    await page.waitForSelector(".card.result .sk-roll");
    assert(/Disengage/.test(await page.locator(".card.result").innerText()), "the disengage's dice are not shown");
    assert(page.problems.length === 0, page.problems.join("\n"));
    await page.context().close();
  });

  test("skirmish: deployment on the Farm on a phone, one model by hand and the rest auto-placed", async ({ base, browser }) => {
    const g = await api(base, "POST", "/api/games", {
      ruleset: "skirmish",
      scenario: "small-elimination",
      seats: { attacker: { bot: true }, defender: { name: "Dan" } },
      creator: "defender",
      seed: `${SEED}-deploy`,
    });
    const page = await newPage(browser, PHONE);
    await page.goto(`${base}/g/${g.id}#t=${g.you.token}`);
    await page.waitForSelector(".skirmish .hexmap-svg .sk-board");
    assert(/Deploy your models/.test(await page.locator(".card.act h2").innerText()), "not asked to deploy");
    const zone = await cellsOf(page, ".mark.setup");
    assert(zone.length >= 6, "the deployment zone is not lit");
    await page.waitForTimeout(100);
    const hexPx = await page.$eval(".hexmap-svg", (svg) => 2 * Number(svg.getAttribute("data-size")) * svg.getScreenCTM().a);
    assert(hexPx >= 44, `a hex of the zone is ${hexPx.toFixed(0)} px wide: too small to tap`);
    // b1 by hand: its chip, then a lit hex in view
    await page.getByRole("button", { name: /^b1 Spearfighter/ }).tap();
    // the first tap fetches the page's rules; the pick is made once they are there
    await page.waitForSelector(".mark.dest");
    const inView = await page.$$eval(".mark.dest", (els) => {
      const m = document.querySelector(".hexmap").getBoundingClientRect();
      return els
        .filter((e) => {
          const r = e.getBoundingClientRect();
          return r.top > m.top + 20 && r.bottom < m.bottom - 20 && r.left > m.left + 20 && r.right < m.right - 60;
        })
        .map((e) => e.getAttribute("data-cell"));
    });
    assert(inView.length > 0, "no lit hex in view after picking b1");
    await tapCell(page, inView[0]);
    await page.waitForSelector(`.piece[data-key="b1"][data-cell="${inView[0]}"]`);
    await page.getByRole("button", { name: /^Auto-place the rest/ }).tap();
    assert((await page.locator(".piece .sk-model.side-1").count()) === 6, "the defender's models are not drafted on the map");
    await page.locator(".board-wrap").scrollIntoViewIfNeeded();
    await page.evaluate(() => document.querySelector(".board-wrap").scrollIntoView({ block: "start" }));
    await shot(page, "48-skirmish-deployment");
    await page.getByRole("button", { name: "Confirm deployment" }).tap();
    await settled(page);
    await page.waitForFunction(() => !/Deploy your models/.test(document.body.innerText), null, { timeout: 45_000 });
    // the computer deploys too, a few actions a request: the open page asks it to go on
    let view = await api(base, "GET", `/api/games/${g.id}`, undefined, g.you.token);
    for (let i = 0; i < 60 && view.state.phase === "deployment"; i++) {
      await page.waitForTimeout(500);
      view = await api(base, "GET", `/api/games/${g.id}`, undefined, g.you.token);
    }
    assert(view.state.phase === "turn", `not in play after the deployment: ${view.state.phase}`);
    assert(page.problems.length === 0, page.problems.join("\n"));
    await page.context().close();
  });
}
