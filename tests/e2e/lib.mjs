// Shared pieces of the browser tests: the stack (scripts/stack.mjs, which the page benches use too)
// and helpers that drive the board.
import { mkdirSync } from "node:fs";
import path from "node:path";

export const ROOT = path.resolve(import.meta.dirname, "../..");
export const ARTIFACTS = path.join(ROOT, "tests/e2e/artifacts");

import { api, freePort, launchChromium, startStack } from "../../scripts/stack.mjs";

export { api, freePort, launchChromium, startStack };

export const PHONE = { viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true };

export async function newPage(browser, options = {}) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 860 }, ...options });
  const page = await context.newPage();
  page.problems = [];
  page.on("pageerror", (e) => page.problems.push(`page error: ${e.message}`));
  page.on("console", (m) => {
    if (m.type() === "error" && !/Failed to load resource: the server responded with a status of (409|401)/.test(m.text())) page.problems.push(`console: ${m.text()}`);
  });
  // generous: the machine may be busy with other test suites; a slow step is not a failure
  page.setDefaultTimeout(30_000);
  page.setDefaultNavigationTimeout(45_000);
  return page;
}

export function assert(cond, message) {
  if (!cond) throw new Error(message);
}

export async function shot(page, name) {
  mkdirSync(ARTIFACTS, { recursive: true });
  const file = path.join(ARTIFACTS, `${name}.png`);
  await page.screenshot({ path: file, fullPage: false });
  return file;
}

/** The newest link the dev mailbox holds for an address, read from the /dev/mail page. */
export async function mailboxLink(page, base, to, gameId) {
  await page.goto(`${base}/dev/mail`, { waitUntil: "domcontentloaded" });
  const article = page.locator("article", { hasText: `To: ${to}` }).filter({ hasText: gameId.slice(0, 4) }).first();
  const href = await article.locator("a.seat-link").first().getAttribute("href");
  assert(href && href.includes(`/g/${gameId}#t=`), `no link for ${to} in the dev mailbox`);
  return href;
}

/** Opens a game link and waits for the board. */
export async function openGame(page, link) {
  await page.goto(link, { waitUntil: "domcontentloaded" });
  await page.waitForSelector(".hexmap-svg .board");
  await page.waitForSelector(".side .card");
}

// ---- the board --------------------------------------------------------------------------

/** Screen position of a hex centre (the map is drawn with data-size on its SVG), once the view stands still. */
export async function cellPoint(page, cell) {
  // the view glides (after "Skip to now", say): a point read mid-glide is not where the hex ends up
  const stillOverTwoFrames = () =>
    new Promise((resolve) => {
      const svg = document.querySelector(".hexmap-svg");
      const before = svg?.getAttribute("viewBox");
      requestAnimationFrame(() => requestAnimationFrame(() => resolve(svg?.getAttribute("viewBox") === before)));
    });
  for (let tries = 0; tries < 120 && !(await page.evaluate(stillOverTwoFrames)); tries++);
  await page.evaluate(() => {
    const r = document.querySelector(".hexmap-svg").getBoundingClientRect();
    if (r.top < 0 || r.bottom > window.innerHeight) document.querySelector(".hexmap-svg").scrollIntoView({ block: "start" });
  });
  return page.evaluate((id) => {
    const svg = document.querySelector(".hexmap-svg");
    const s = Number(svg.getAttribute("data-size"));
    const col = Number(id.slice(0, 2));
    const row = Number(id.slice(2, 4));
    const x = s + 1.5 * s * (col - 1);
    const y = (Math.sqrt(3) / 2) * s + Math.sqrt(3) * s * (row - 1 + ((col - 1) & 1 ? 0.5 : 0));
    const p = svg.createSVGPoint();
    p.x = x;
    p.y = y;
    const q = p.matrixTransform(svg.getScreenCTM());
    return { x: q.x, y: q.y };
  }, cell);
}

/** A hex's screen point; when the view is zoomed away from it, the whole map is shown first (as a player would). */
async function pointInView(page, cell, press) {
  // where a finger would land: on the map itself, not on a card or the move's sheet above it
  const onMap = (p) => page.evaluate(([x, y]) => !!document.elementFromPoint(x, y)?.closest(".hexmap-svg"), [p.x, p.y]);
  let p = await cellPoint(page, cell);
  if (await onMap(p)) return p;
  // a phone's page may open on the "Since your last move" card: the player scrolls the map up
  for (const block of ["start", "center"]) {
    await page.$eval(".hexmap-svg", (s, b) => s.scrollIntoView({ block: b }), block);
    p = await cellPoint(page, cell);
    if (await onMap(p)) return p;
  }
  await press(page.getByRole("button", { name: "Show the whole map" }));
  return cellPoint(page, cell);
}

export async function clickCell(page, cell) {
  const { x, y } = await pointInView(page, cell, (b) => b.click());
  await page.mouse.click(x, y);
}

export async function tapCell(page, cell) {
  const { x, y } = await pointInView(page, cell, (b) => b.tap());
  await page.touchscreen.tap(x, y);
}

/** Keyboard only: focus the map, type the printed hex id, press Enter. */
export async function keyCell(page, cell) {
  await page.focus(".hexmap-svg");
  await page.keyboard.type(cell);
  await page.keyboard.press("Enter");
}

export const cellsOf = (page, selector) => page.$$eval(selector, (els) => els.map((e) => e.getAttribute("data-cell")));
export const unitCell = (page, id) => page.getAttribute(`.piece[data-key="${id}"]`, "data-cell");

/** Axial distance between two printed ids (odd-q, flat-top). */
export function hexDistance(a, b) {
  const ax = (id) => {
    const q = Number(id.slice(0, 2)) - 1;
    const row = Number(id.slice(2, 4)) - 1;
    return [q, row - ((q - (q & 1)) >> 1)];
  };
  const [aq, ar] = ax(a);
  const [bq, br] = ax(b);
  return Math.max(Math.abs(aq - bq), Math.abs(ar - br), Math.abs(aq + ar - bq - br));
}

export async function hud(page, label) {
  return page.locator(".hud-item", { has: page.locator("dt", { hasText: new RegExp(`^${label}$`, "i") }) }).locator("dd").innerText();
}

/** Ends the phase, accepting the confirmation if one is asked. */
export async function endPhase(page) {
  const before = await page.evaluate(() => document.querySelector(".hud")?.textContent ?? "");
  await page.getByRole("button", { name: "End phase", exact: true }).click();
  // the question ("end it without moving?") or the next phase; a first click waits for the rules
  await page
    .waitForFunction((was) => document.querySelector("[role=dialog]") || (document.querySelector(".hud")?.textContent ?? "") !== was, before, { timeout: 3000 })
    .catch(() => {});
  const dialog = page.getByRole("dialog");
  if (await dialog.isVisible().catch(() => false)) await dialog.getByRole("button").last().click();
}

/** Answers every owed choice (losses, retreat, advance) with its first option; returns how many. */
export async function answerChoices(page) {
  let n = 0;
  for (let i = 0; i < 10; i++) {
    const options = page.locator(".pending .options button");
    if ((await options.count()) === 0) break;
    await options.first().click();
    n++;
    await page.waitForTimeout(50);
  }
  return n;
}

/** Declares one battle (the first enemy unit within reach, every unit that can attack it). */
export async function declareFirstBattle(page, beforeAdd = async () => {}) {
  const target = page.locator(".declare .tray").first().getByRole("button").first();
  await target.click();
  const attackers = page.locator(".declare .tray").nth(1).getByRole("button");
  const count = await attackers.count();
  for (let i = 0; i < count; i++) await attackers.nth(i).click();
  await page.waitForSelector(".odds .final");
  const odds = await page.locator(".odds").innerText();
  await beforeAdd();
  await page.getByRole("button", { name: /^Add battle/ }).click();
  await page.getByRole("button", { name: /^Declare 1 battle$/ }).click();
  // a battle below 1:1 is declared only after a warning
  const warned = page.getByRole("dialog").getByRole("button", { name: "Declare anyway" });
  if (await warned.isVisible().catch(() => false)) await warned.click();
  return odds;
}

export async function waitIdle(page) {
  await page.waitForFunction(() => !document.querySelector(".actionbar button:disabled[aria-label^='Send']") || !/Sending/.test(document.body.innerText), null, { timeout: 45_000 });
  await page.waitForFunction(() => !/Sending…/.test(document.body.innerText), null, { timeout: 45_000 });
}

/**
 * Plays a German-v-computer game quickly through the API: the German sets up on the printed
 * hexes and then only ends phases. Stops when the German is to move on `untilTurn`, or at the end.
 */
export async function fastForward(base, id, token, untilTurn = 99) {
  for (let guard = 0; guard < 600; guard++) {
    const g = await api(base, "GET", `/api/games/${id}`, undefined, token);
    if (g.status === "finished") return g;
    if (g.botsWaiting) {
      // the computer plays a few actions per request; like the page, ask it to go on
      await api(base, "POST", `/api/games/${id}/continue`, {}, token);
      continue;
    }
    if (!g.toAct.includes("german")) throw new Error(`the German is not to move: ${g.summary}`);
    if (g.turn >= untilTurn && !g.phase.endsWith("setup")) return g;
    let actions = [{ type: "end_phase" }];
    if (g.phase === "german_setup") {
      const { choices } = await api(base, "GET", `/api/games/${id}/legal`, undefined, token);
      actions = [choices[0].action];
    }
    await api(base, "POST", `/api/games/${id}/actions`, { seq: g.seq, actions }, token);
  }
  throw new Error("fastForward: too many steps");
}

/** Two fingers spread apart (factor > 1) or pinched together around a hex, through CDP touch events. */
export async function pinch(page, cell, factor) {
  let { x, y } = await cellPoint(page, cell);
  // the view may be framed away from the hex: pinch about the map's middle then
  const r = await page.$eval(".hexmap-svg", (s) => s.getBoundingClientRect().toJSON());
  if (x - 40 < r.left || x + 40 > r.right || y < r.top || y > r.bottom) [x, y] = [r.left + r.width / 2, r.top + r.height / 2];
  const cdp = await page.context().newCDPSession(page);
  const d0 = 40;
  const points = (d) => [
    { x: x - d, y, id: 0 },
    { x: x + d, y, id: 1 },
  ];
  await cdp.send("Input.dispatchTouchEvent", { type: "touchStart", touchPoints: points(d0) });
  for (let i = 1; i <= 8; i++) {
    await cdp.send("Input.dispatchTouchEvent", { type: "touchMove", touchPoints: points(d0 * (1 + ((factor - 1) * i) / 8)) });
  }
  await cdp.send("Input.dispatchTouchEvent", { type: "touchEnd", touchPoints: [] });
  await cdp.detach();
}

export const viewBox = (page) => page.$eval(".hexmap-svg", (s) => s.getAttribute("viewBox").split(" ").map(Number));
