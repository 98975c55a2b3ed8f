// Two people by email: the German creates a standard game on the home page, the Soviet sets
// up from the mailbox link, the German sets up, moves a panzer (keyboard only), drafts a battle
// on the map, declares and resolves one, makes the owed choices (on the map where they can be)
// and ends his phases; the Soviet then watches the replay of the German turn, also on a phone.
import {
  answerChoices,
  assert,
  cellsOf,
  declareFirstBattle,
  endPhase,
  hexDistance,
  hud,
  keyCell,
  mailboxLink,
  newPage,
  openGame,
  pinch,
  viewBox,
  shot,
  tapCell,
  unitCell,
  waitIdle,
  PHONE,
} from "./lib.mjs";

export const SEED = "hexpost-e2e-1";
const HANS = "hans@example.test";
const OLGA = "olga@example.test";

/** The home page's create request, with the fixed seed dev mode accepts added on the way. */
export async function createFromHome(page, base, { opponent, seed }) {
  await page.route("**/api/games", async (route) => {
    const req = route.request();
    if (req.method() !== "POST") return route.continue();
    const body = JSON.parse(req.postData() ?? "{}");
    await route.continue({ postData: JSON.stringify({ ...body, seed }) });
  });
  await page.goto(base + "/");
  await page.getByRole("radio", { name: /Operation Typhoon/ }).check();
  await page.getByLabel("You play").selectOption("german");
  await page.getByLabel("Your name").fill("Hans");
  await page.getByLabel("Your email").fill(HANS);
  if (opponent === "computer") {
    await page.getByRole("radio", { name: "the computer" }).check();
  } else {
    await page.getByLabel("Their name").fill("Olga");
    await page.getByLabel("Their email").fill(OLGA);
  }
  await page.getByRole("button", { name: "Start the game" }).click();
  await page.waitForURL(/\/g\/[a-z0-9]+$/);
  await page.waitForSelector(".hexmap-svg");
  const id = page.url().split("/g/")[1];
  assert(!page.url().includes("#t="), "the token stays in the address bar");
  const stored = await page.evaluate((k) => localStorage.getItem(k), `hexpost:t:${id}`);
  assert(stored && stored.length > 20, "the token was not kept in localStorage");
  return id;
}

export function twoHumans(test) {
  test("two humans: the German creates a standard game on the home page", async ({ base, browser, shared }) => {
    const page = await newPage(browser);
    await page.goto(base + "/");
    await page.waitForSelector("form.newgame fieldset");
    await shot(page, "01-home");
    const id = await createFromHome(page, base, { opponent: "olga", seed: SEED });
    shared.game = id;
    await page.waitForSelector(".card.wait");
    assert((await page.locator(".topbar").innerText()).includes("you play German"), "creator is not the German");
    assert((await hud(page, "Phase")).includes("Soviet setup"), "the game does not start with the Soviet setup");
    assert(page.problems.length === 0, page.problems.join("\n"));
    await page.context().close();
  });

  test("two humans: the Soviet opens the mailbox link and auto-places the setup", async ({ base, browser, shared }) => {
    assert(shared.game, "no game");
    const page = await newPage(browser);
    const link = await mailboxLink(page, base, OLGA, shared.game);
    await openGame(page, link);
    assert((await page.locator(".topbar").innerText()).includes("you play Soviet"), "the Soviet link does not open as the Soviet");
    assert(!page.url().includes("#t="), "token left in the address bar");
    await page.getByRole("button", { name: /^Auto-place the rest/ }).click();
    // the first click fetches the rules, then places
    await page.waitForFunction(() => document.querySelectorAll(".piece").length >= 13, null, { timeout: 5000 }).catch(() => {});
    assert((await page.locator(".piece").count()) >= 13, "the Soviet units were not placed");
    await shot(page, "02-soviet-setup");
    await page.getByRole("button", { name: "Confirm setup" }).click();
    // the Soviet's setup ends his sitting: it asks before it is sent
    await page.getByRole("dialog").getByRole("button", { name: "Send setup" }).click();
    await page.waitForSelector(".card.wait");
    await waitIdle(page);
    assert((await hud(page, "Phase")).includes("German setup"), "the Soviet setup was not sent");
    assert(page.problems.length === 0, page.problems.join("\n"));
    await page.context().close();
  });

  test("two humans: the German sets up, moves a panzer by keyboard, fights a battle and ends his phases", async ({ base, browser, shared }) => {
    assert(shared.game, "no game");
    const page = await newPage(browser);
    const link = await mailboxLink(page, base, HANS, shared.game);
    await openGame(page, link);
    assert((await page.locator(".topbar").innerText()).includes("you play German"), "the German link does not open as the German");
    // setup: one unit by hand (chip, then a setup hex), the rest automatically
    await page.locator(".setup .tray .chip").first().click();
    // the first click fetches the rules, then picks the unit
    await page.waitForSelector(".mark.dest", { timeout: 5000 }).catch(() => {});
    const setupHexes = await cellsOf(page, ".mark.dest");
    assert(setupHexes.length === 22, `expected 22 German setup hexes, got ${setupHexes.length}`);
    const last = setupHexes[setupHexes.length - 1];
    await keyCell(page, last);
    // a placed unit is picked up on the map and put on another lit hex
    const first = await page.getAttribute(`.piece[data-cell="${last}"]`, "data-key");
    await keyCell(page, last);
    assert((await cellsOf(page, ".mark.dest")).length === 21, "a placed unit does not light the other setup hexes");
    await keyCell(page, setupHexes[0]);
    assert((await unitCell(page, first)) === setupHexes[0], `${first} did not move to ${setupHexes[0]}`);
    await page.getByRole("button", { name: /^Auto-place the rest/ }).click();
    await page.getByRole("button", { name: "Confirm setup" }).click();
    await page.waitForFunction(() => /panzer movement/i.test(document.querySelector(".hud")?.textContent ?? ""));
    assert((await hud(page, "Turn")).startsWith("1 of 7"), "not turn 1");

    // a panzer, chosen with the keyboard, to a hex next to a Soviet unit when one is in reach
    const soviet = await page.$$eval(".piece", (els) => els.filter((e) => e.querySelector(".side-soviet")).map((e) => e.getAttribute("data-cell")));
    const panzers = await page.$$eval(".piece", (els) => els.filter((e) => e.querySelector(".counter.can-act")).map((e) => [e.getAttribute("data-key"), e.getAttribute("data-cell")]));
    assert(panzers.length > 0, "no panzer can move");
    let pick = null;
    for (const [id, at] of panzers) {
      await keyCell(page, at);
      const dests = await cellsOf(page, ".mark.dest");
      const near = dests.find((d) => soviet.some((s) => hexDistance(d, s) === 1));
      if (near) {
        pick = { id, at, to: near };
        break;
      }
      if (!pick && dests.length) pick = { id, at, to: dests[0] };
      await page.keyboard.press("Escape");
    }
    assert(pick, "no panzer has a destination");
    if ((await page.locator(`.piece[data-key="${pick.id}"] .counter.selected`).count()) === 0) await keyCell(page, pick.at);
    await shot(page, "03-german-panzer-selected");
    await keyCell(page, pick.to);
    assert((await unitCell(page, pick.id)) === pick.to, `${pick.id} did not move to ${pick.to}`);
    assert((await page.locator(".queue li").count()) >= 2, "the move was not queued");
    // undo and redo the move: nothing is sent until the batch goes
    await page.getByRole("button", { name: "Undo the last unsent action" }).click();
    assert((await unitCell(page, pick.id)) === pick.at, "undo did not put the panzer back");
    await keyCell(page, pick.at);
    await keyCell(page, pick.to);
    assert((await unitCell(page, pick.id)) === pick.to, "the move was not made again");
    await endPhase(page);
    await page.waitForFunction(() => /German combat/.test(document.querySelector(".hud")?.textContent ?? ""));

    // combat: a battle can be drafted on the map (a lit enemy unit, then a unit of yours next to it)
    const targets = await cellsOf(page, ".mark.target");
    assert(targets.length > 0, "no enemy unit is lit to attack");
    await keyCell(page, targets[0]);
    const attackers = await page.$$eval(".piece", (els) => els.filter((e) => e.querySelector(".counter.can-act")).map((e) => e.getAttribute("data-cell")));
    assert(attackers.length > 0, "no unit is lit to attack the picked enemy unit");
    await keyCell(page, attackers[0]);
    const drafted = await page.getByRole("button", { name: /^Add battle/ }).innerText();
    assert(/^Add battle: [^…]+ against /.test(drafted), `the map did not draft the battle: ${drafted}`);
    await page.keyboard.press("Escape");
    assert((await page.getByRole("button", { name: /^Add battle/ }).count()) === 0, "Escape did not drop the drafted battle");

    // or in the panel: declare one battle, see the odds, resolve it, answer the choices
    const odds = await declareFirstBattle(page, () => shot(page, "04-german-combat"));
    assert(/raw odds/.test(odds) && /Final column/.test(odds), `no odds shown: ${odds}`);
    await page.getByRole("button", { name: /^Resolve battle 1/ }).click();
    await page.waitForSelector(".card.result .battle-result");
    await waitIdle(page);
    const resultText = await page.locator(".card.result").innerText();
    assert(/die|no die/i.test((await page.locator(".die").getAttribute("aria-label")) ?? ""), "no die shown");
    await shot(page, "05-german-battle-resolved");
    // an owed retreat (or a lone attacker's advance) is answered on the map: a lit hex
    let onMap = 0;
    while (onMap < 3 && (await page.locator(".pending").count()) && (await page.locator(".mark.dest").count())) {
      const owed = await page.locator(".pending .hint").innerText();
      await keyCell(page, (await cellsOf(page, ".mark.dest"))[0]);
      await page.waitForFunction((h) => document.querySelector(".pending .hint")?.textContent !== h, owed);
      onMap++;
    }
    assert(onMap >= 1, "no owed retreat or advance was answered on the map");
    shared.choices = onMap + (await answerChoices(page));
    assert(shared.choices >= 1, `the battle (${resultText.split("\n")[0]}) owed no choice: pick another seed`);
    shared.result = resultText.split("\n")[1] ?? resultText;
    await endPhase(page);
    await page.waitForFunction(() => /German movement/.test(document.querySelector(".hud")?.textContent ?? ""));
    await endPhase(page); // confirms "End phase and send"
    await page.waitForSelector(".card.wait");
    await waitIdle(page);
    assert((await hud(page, "Phase")).includes("Soviet"), "the German turn did not go to the Soviet");
    assert(page.problems.length === 0, page.problems.join("\n"));
    await page.context().close();
  });

  test("two humans: the Soviet link shows the replay of the German turn", async ({ base, browser, shared }) => {
    assert(shared.game, "no game");
    const page = await newPage(browser);
    const link = await mailboxLink(page, base, OLGA, shared.game);
    await openGame(page, link);
    await page.getByRole("button", { name: "Watch the replay" }).click();
    await page.waitForSelector(".replay.on");
    // the controls read as media controls: Play is one triangle (not fast-forward), a step a triangle against a bar
    const toggle = page.locator('.replay-controls button[aria-label="Play"], .replay-controls button[aria-label="Pause"]');
    if ((await toggle.getAttribute("aria-label")) === "Pause") await toggle.click();
    const shapes = async (label) => ((await page.locator(`.replay-controls button[aria-label="${label}"] path`).getAttribute("d")) ?? "").match(/M/g)?.length ?? 0;
    assert((await shapes("Play")) === 1, `the Play icon is ${await shapes("Play")} shapes`);
    assert((await shapes("Next step")) === 2, "the Next step icon has no bar");
    const steps = Number((await page.locator(".replay.on h2").innerText()).match(/of (\d+)/)[1]);
    assert(steps >= 5, `the replay has only ${steps} steps`);
    const seen = [];
    for (let i = 0; i < steps; i++) {
      seen.push(await page.locator(".replay.on .lines").innerText());
      if (i === 1) await shot(page, "06-soviet-replay-move");
      if (/Battle 1:/.test(seen.at(-1)) && !seen.slice(0, -1).some((l) => /Battle 1:/.test(l))) await shot(page, "07-soviet-replay-battle");
      if (i < steps - 1) await page.getByRole("button", { name: "Next step" }).click();
    }
    const all = seen.join("\n");
    assert(/German set up 22 units/.test(all), "the replay misses the German setup");
    assert(/moved/.test(all), "the replay misses the panzer move");
    assert(/Battle 1:/.test(all), "the replay misses the battle");
    await page.getByRole("button", { name: "Back to the game" }).click();
    await page.locator("details.fulllog summary").click();
    // The full log renders (and may fetch) only once opened: wait for it rather than count at once.
    await page.locator(".log-entry").nth(1).waitFor({ timeout: 30_000 }).catch(() => undefined);
    assert((await page.locator(".log-entry").count()) >= 2, "the full log is empty");
    await shot(page, "08-soviet-turn");
    assert(page.problems.length === 0, page.problems.join("\n"));
    await page.context().close();
  });

  test("two humans: the same page on a phone (390x844), by touch", async ({ base, browser, shared }) => {
    assert(shared.game, "no game");
    const page = await newPage(browser, PHONE);
    const link = await mailboxLink(page, base, OLGA, shared.game);
    await openGame(page, link);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    assert(overflow <= 0, `the page scrolls sideways by ${overflow}px`);
    await shot(page, "09-phone-soviet");
    // the Soviet plays a replacement by touch if one can come back, else just selects a unit
    const bring = page.getByRole("button", { name: /^Bring back/ });
    if (await bring.count()) {
      await bring.first().tap();
      const dests = await cellsOf(page, ".mark.dest");
      assert(dests.length > 0, "no placement hex lit");
      const before = await page.locator(".piece").count();
      await tapCell(page, dests[0]);
      await page.waitForFunction((n) => document.querySelectorAll(".piece").length > n, before);
    }
    // two fingers zoom in around Moscow, then one finger pans
    const [, , w0] = await viewBox(page);
    await pinch(page, "1103", 2);
    const [x1, y1, w1] = await viewBox(page);
    assert(w1 < w0 * 0.75, `pinching did not zoom in (${w0} -> ${w1})`);
    await shot(page, "10-phone-zoomed");
    const p = await page.$eval(".hexmap-svg", (s) => {
      const r = s.getBoundingClientRect();
      return { x: r.left + r.width / 2, y: r.top + r.height / 2 };
    });
    const cdp = await page.context().newCDPSession(page);
    await cdp.send("Input.dispatchTouchEvent", { type: "touchStart", touchPoints: [{ x: p.x, y: p.y, id: 0 }] });
    for (let i = 1; i <= 6; i++) await cdp.send("Input.dispatchTouchEvent", { type: "touchMove", touchPoints: [{ x: p.x - 10 * i, y: p.y - 5 * i, id: 0 }] });
    await cdp.send("Input.dispatchTouchEvent", { type: "touchEnd", touchPoints: [] });
    const [x2, y2] = await viewBox(page);
    assert(x2 > x1 && y2 > y1, "dragging did not pan the map");
    await page.getByRole("button", { name: "Show the whole map" }).tap();
    await page.getByRole("button", { name: "Watch the replay" }).tap();
    await page.getByRole("button", { name: "Next step" }).tap();
    await shot(page, "11-phone-replay");
    await page.getByRole("button", { name: "Back to the game" }).tap();
    const boxes = await page.$$eval("button", (bs) => bs.filter((b) => b.offsetParent).map((b) => [b.getBoundingClientRect().height, b.textContent]));
    const small = boxes.filter(([h]) => h < 32);
    assert(small.length === 0, `buttons too small to tap: ${small.map((b) => b[1]).join(", ")}`);
    assert(page.problems.length === 0, page.problems.join("\n"));
    await page.context().close();
  });

  test("two humans: a spectator (no token) gets a read-only view", async ({ base, browser, shared }) => {
    assert(shared.game, "no game");
    const page = await newPage(browser);
    await openGame(page, `${base}/g/${shared.game}`);
    assert((await page.locator(".topbar").innerText()).includes("spectator"), "not marked as spectator");
    assert((await page.locator(".actionbar").count()) === 0, "a spectator sees the turn controls");
    assert((await page.getByText("Watching").count()) === 1, "no watching card");
    assert(page.problems.length === 0, page.problems.join("\n"));
    await page.context().close();
  });
}
