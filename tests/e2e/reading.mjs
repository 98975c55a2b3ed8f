// Readable on a phone (issue 25, point 2): at the zoom a game page opens at on a 390x844 phone,
// with a decision to take, every counter's printed factors in view are at least 11 px tall and
// everything a finger must hit (a counter, a model, a lit hex) at least 44 px, for each ruleset.
// Sizes are the elements' boxes on screen (getBoundingClientRect) and the text's em on screen.
import { readFileSync } from "node:fs";
import path from "node:path";
import { ROOT, api, assert, newPage, shot, PHONE } from "./lib.mjs";

export const TAP_PX = 44;
export const FACTOR_PX = 11;

/** The counters' printed factors, the pieces and the lit hexes whose centre is in the map's box, with their sizes on screen. */
export async function boardSizes(page) {
  return page.evaluate(() => {
    window.scrollTo(0, 0);
    const svg = document.querySelector(".hexmap-svg");
    const map = svg.getBoundingClientRect();
    const scale = svg.getScreenCTM().a;
    const seen = (r) => {
      const x = (r.left + r.right) / 2;
      const y = (r.top + r.bottom) / 2;
      return x >= map.left && x <= map.right && y >= map.top && y <= map.bottom;
    };
    const boxes = (sel) =>
      [...document.querySelectorAll(sel)]
        .map((el) => ({ el, r: el.getBoundingClientRect() }))
        .filter(({ r }) => seen(r))
        .map(({ el, r }) => ({ what: el.closest(".piece")?.getAttribute("data-key") ?? el.getAttribute("data-cell"), width: +r.width.toFixed(1), height: +r.height.toFixed(1), el }));
    const factors = boxes(".counter-values, .ws-values, .mk-sp").map(({ el, ...b }) => ({ ...b, text: el.textContent, em: +(parseFloat(getComputedStyle(el).fontSize) * scale).toFixed(1) }));
    const pieces = boxes(".counter-body, .ws-body, .mk-body, .sk-model:not(.ko) .sk-body").map(({ el, ...b }) => b);
    const lit = boxes(".marks .mark").map(({ el, ...b }) => b);
    return { factors, pieces, lit, hexPx: +(Math.sqrt(3) * Number(svg.getAttribute("data-size")) * scale).toFixed(1) };
  });
}

/** Fails, naming the element and its size, when a factor is under 11 px or a target under 44 px. */
export function assertReadable(r, where, { counters = true, pieces = true } = {}) {
  const say = (m, xs) => `${where}: ${m}: ${xs.map((x) => JSON.stringify(x)).join(", ")}`;
  if (counters) {
    assert(r.factors.length > 0, `${where}: no counter's factors in view (hex ${r.hexPx} px)`);
    const small = r.factors.filter((f) => f.em < FACTOR_PX - 0.05 || f.height < FACTOR_PX - 0.05);
    assert(small.length === 0, say(`factors under ${FACTOR_PX} px`, small));
  }
  if (pieces) {
    assert(r.pieces.length > 0, `${where}: no piece in view`);
    const small = r.pieces.filter((p) => p.width < TAP_PX - 0.5 || p.height < TAP_PX - 0.5);
    assert(small.length === 0, say(`pieces under ${TAP_PX} px`, small));
  }
  assert(r.lit.length > 0, `${where}: no lit hex of the decision in view`);
  const small = r.lit.filter((l) => l.width < TAP_PX - 0.5 || l.height < TAP_PX - 0.5);
  assert(small.length === 0, say(`lit hexes under ${TAP_PX} px`, small));
}

/** The Clash at the Farm with the attacker to pick a model: an activation's decision from the first screen. */
function skirmishClash() {
  const clash = JSON.parse(readFileSync(path.join(ROOT, "scenarios/skirmish/small-clash.json"), "utf8"));
  clash.id = "reading";
  clash.position.activeSide = 0;
  return clash;
}

const GAMES = [
  { ruleset: "moscow", scenario: "quickstart", seats: { german: { name: "Hans" }, soviet: { bot: true } }, creator: "german" },
  { ruleset: "moscow", scenario: "standard", seats: { german: { name: "Hans", email: "hans.reading@example.com" }, soviet: { name: "Boris" } }, creator: "soviet", what: "setup", counters: false, pieces: false, tapFirst: false },
  { ruleset: "warshard", scenario: "boot_camp", seats: { germany: { name: "Hans" }, usa: { bot: true } }, creator: "germany" },
  { ruleset: "musket", scenario: "pitched-battle", seats: { blue: { name: "Ann" }, red: { bot: true } }, creator: "blue" },
  { ruleset: "musket", scenario: "the-bridge", seats: { blue: { name: "Ann" }, red: { bot: true } }, creator: "blue" },
  { ruleset: "skirmish", scenario: skirmishClash(), seats: { attacker: { name: "Ann" }, defender: { bot: true } }, creator: "attacker", counters: false },
  { ruleset: "dicewars", scenario: "20x20", options: { players: 2 }, seats: { p1: { name: "Dora" }, p2: { bot: true } }, creator: "p1", counters: false, pieces: false },
];

export function readingTests(test) {
  for (const { what, counters = true, pieces = true, tapFirst = true, ...body } of GAMES) {
    const name = `${body.ruleset} ${typeof body.scenario === "string" ? body.scenario : body.scenario.id}${what ? ` ${what}` : ""}`;
    test(`phone reading: ${name} opens with factors of ${FACTOR_PX} px and targets of ${TAP_PX} px`, async ({ base, browser }) => {
      const g = await api(base, "POST", "/api/games", { ...body, seed: `hexpost-e2e-reading-${name}` });
      const page = await newPage(browser, PHONE);
      await page.goto(`${base}/g/${g.id}#t=${g.you.token}`);
      await page.waitForSelector(".hexmap-svg .board");
      const skip = page.getByRole("button", { name: "Skip to now" });
      await page.waitForFunction(() => document.querySelector(".sheet .card.act") || document.querySelector(".card.replay"));
      if (await skip.count()) await skip.tap();
      await page.waitForSelector(".sheet .card.act");
      await page.waitForSelector(".marks .mark");
      await page.waitForTimeout(400);
      const r = await boardSizes(page);
      await shot(page, `50-reading-${name.replace(/\W+/g, "-")}`);
      assertReadable(r, name, { counters, pieces });
      // the first tap (a unit, a model, a cell to attack from): its destinations meet the same sizes
      if (tapFirst) {
        const lit = () => [...document.querySelectorAll(".marks .mark")].map((m) => `${m.getAttribute("data-cell")} ${m.getAttribute("class")}`).join();
        const before = await page.evaluate(lit);
        const at = await page.evaluate(() => {
          const map = document.querySelector(".hexmap-svg").getBoundingClientRect();
          const mark = [...document.querySelectorAll(".marks .mark")].map((m) => m.getBoundingClientRect()).find((r) => r.left >= map.left && r.right <= map.right && r.top >= map.top && r.bottom <= map.bottom);
          return mark && { x: (mark.left + mark.right) / 2, y: (mark.top + mark.bottom) / 2 };
        });
        assert(at, `${name}: no lit hex wholly in view to tap`);
        await page.touchscreen.tap(at.x, at.y);
        await page.waitForFunction((was) => [...document.querySelectorAll(".marks .mark")].map((m) => `${m.getAttribute("data-cell")} ${m.getAttribute("class")}`).join() !== was, before);
        await page.waitForTimeout(400);
        const after = await boardSizes(page);
        await shot(page, `50-reading-${name.replace(/\W+/g, "-")}-picked`);
        assertReadable(after, `${name}, after picking`, { counters, pieces });
      }
      assert(page.problems.length === 0, page.problems.join("\n"));
      await page.context().close();
    });
  }
}
