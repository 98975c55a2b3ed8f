// Page weight (issue 25, point 8): a game page's first download leaves out what most openings
// never use: the pause and vacation controls load only when the game menu is opened (and the
// pause banner only for a paused game or an open proposal), the ruleset's rules at the viewer's
// first touch. The kilobytes are bench/page.mjs's.
import { gzipSync } from "node:zlib";
import { api, assert, cellsOf, newPage, PHONE, tapCell } from "./lib.mjs";

/** A game of each ruleset with the human to move against the computer, as bench/page.mjs opens them. */
const AGAINST_COMPUTER = [
  { ruleset: "moscow", scenario: "quickstart", seats: { german: { name: "Hans" }, soviet: { bot: true } }, creator: "german" },
  { ruleset: "dicewars", scenario: "20x20", options: { players: 2 }, seats: { p1: { name: "Dora" }, p2: { bot: true } }, creator: "p1" },
  { ruleset: "warshard", scenario: "boot_camp", seats: { germany: { name: "Hans" }, usa: { bot: true } }, creator: "germany" },
  { ruleset: "musket", scenario: "pitched-battle", seats: { blue: { name: "Ann" }, red: { bot: true } }, creator: "blue" },
  { ruleset: "skirmish", scenario: "small-clash", seats: { attacker: { name: "Ann" }, defender: { bot: true } }, creator: "attacker" },
];
const PAGE_JS_LIMIT = 40 * 1024;

/** A phone's page of the link, opened until the network is idle, with the scripts it asked for (by file name) as they come. */
async function openIdle(browser, link) {
  const page = await newPage(browser, PHONE);
  const scripts = [];
  page.on("request", (r) => {
    if (/\.js(\?|$)/.test(r.url())) scripts.push(new URL(r.url()).pathname.replace(/^\/assets\//, ""));
  });
  await page.goto(link);
  await page.waitForSelector(".sheet .card.act");
  await page.waitForLoadState("networkidle");
  return { page, scripts };
}

export function weightTests(test) {
  test("weight: pause and vacation load only when the game menu is opened", async ({ base, browser }) => {
    const g = await api(base, "POST", "/api/games", {
      ruleset: "moscow",
      scenario: "quickstart",
      seats: { german: { name: "Hans", email: "hans.weight@example.com" }, soviet: { name: "Boris", email: "boris.weight@example.com" } },
      creator: "german",
      seed: "hexpost-e2e-weight",
    });
    const { page, scripts } = await openIdle(browser, `${base}/g/${g.id}#t=${g.you.token}`);
    const lazy = (name) => scripts.filter((s) => s.startsWith(`${name}-`));
    assert(lazy("Pause").length === 0 && lazy("Vacation").length === 0, `loaded on opening: ${scripts.join(", ")}`);
    await page.locator(".card.menu summary", { hasText: "Game settings" }).tap();
    await page.getByRole("button", { name: /vacation/i }).first().waitFor();
    await page.getByRole("button", { name: /pause/i }).first().waitFor();
    assert(lazy("Pause").length === 1 && lazy("Vacation").length === 1, `not loaded once each with the menu: ${scripts.join(", ")}`);
    assert(page.problems.length === 0, page.problems.join("\n"));
    await page.context().close();
  });

  test("weight: every ruleset's game page opens on under 40 KB of JavaScript gzipped, its rules not among them (390x844)", async ({ base, browser }) => {
    for (const body of AGAINST_COMPUTER) {
      const g = await api(base, "POST", "/api/games", { ...body, seed: `hexpost-e2e-weight-${body.ruleset}` });
      const page = await newPage(browser, PHONE);
      const bodies = new Map();
      page.on("response", async (r) => {
        if (/\.js(\?|$)/.test(r.url())) bodies.set(new URL(r.url()).pathname, await r.body().catch(() => Buffer.alloc(0)));
      });
      await page.goto(`${base}/g/${g.id}#t=${g.you.token}`);
      await page.waitForSelector(".hexmap-svg .board");
      await page.waitForLoadState("networkidle");
      const names = [...bodies.keys()].map((p) => p.replace(/^\/assets\//, ""));
      const gz = [...bodies.values()].reduce((n, b) => n + gzipSync(b, { level: 9 }).length, 0);
      assert(gz < PAGE_JS_LIMIT, `${body.ruleset}: ${(gz / 1024).toFixed(1)} KB of JavaScript gzipped on opening (${names.join(", ")})`);
      assert(!names.some((n) => n.startsWith("engine-rules-")), `${body.ruleset}: the rules loaded before any touch (${names.join(", ")})`);
      assert(page.problems.length === 0, page.problems.join("\n"));
      await page.context().close();
    }
  });

  test("weight: the rules load at the first touch; before it the board lights the server's cells, and the first tap is not lost (390x844)", async ({ base, browser }) => {
    const g = await api(base, "POST", "/api/games", {
      ruleset: "moscow",
      scenario: "quickstart",
      seats: { german: { name: "Hans" }, soviet: { bot: true } },
      creator: "german",
      seed: "hexpost-e2e-first-touch",
    });
    const { page, scripts } = await openIdle(browser, `${base}/g/${g.id}#t=${g.you.token}`);
    const rulesLoaded = () => scripts.some((s) => s.startsWith("engine-rules-"));
    assert(!rulesLoaded(), `the rules loaded before any touch: ${scripts.join(", ")}`);
    // the units that can move are lit as the server says, before the rules are there
    const view = await api(base, "GET", `/api/games/${g.id}`, undefined, g.you.token);
    const lit = await cellsOf(page, ".marks .mark.can");
    assert(view.lit?.length > 0 && [...lit].sort().join() === [...view.lit].sort().join(), `lit on the page ${lit.join(",")} against the server's ${view.lit?.join(",")}`);
    // the first tap selects the unit once the rules have come: its destinations light up
    await tapCell(page, view.lit[0]);
    await page.waitForSelector(".marks .mark.dest, .marks .mark.target", { timeout: 5000 });
    assert(rulesLoaded(), "the rules were not loaded by the first tap");
    assert((await cellsOf(page, ".marks .mark.sel"))[0] === view.lit[0], "the tapped unit is not selected");
    assert(page.problems.length === 0, page.problems.join("\n"));
    await page.context().close();
  });
}
