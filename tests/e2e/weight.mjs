// Page weight (issue 25, point 8): a game page's first download leaves out what most openings
// never use: the pause and vacation controls load only when the game menu is opened (and the
// pause banner only for a paused game or an open proposal). The kilobytes are bench/page.mjs's.
import { api, assert, newPage, PHONE } from "./lib.mjs";

export function weightTests(test) {
  test("weight: pause and vacation load only when the game menu is opened", async ({ base, browser }) => {
    const g = await api(base, "POST", "/api/games", {
      ruleset: "moscow",
      scenario: "quickstart",
      seats: { german: { name: "Hans", email: "hans.weight@example.com" }, soviet: { name: "Boris", email: "boris.weight@example.com" } },
      creator: "german",
      seed: "hexpost-e2e-weight",
    });
    const page = await newPage(browser, PHONE);
    const scripts = [];
    page.on("request", (r) => {
      if (/\.js(\?|$)/.test(r.url())) scripts.push(new URL(r.url()).pathname.replace(/^\/assets\//, ""));
    });
    await page.goto(`${base}/g/${g.id}#t=${g.you.token}`);
    await page.waitForSelector(".sheet .card.act");
    await page.waitForLoadState("networkidle");
    const lazy = (name) => scripts.filter((s) => s.startsWith(`${name}-`));
    assert(lazy("Pause").length === 0 && lazy("Vacation").length === 0, `loaded on opening: ${scripts.join(", ")}`);
    await page.locator(".card.menu summary", { hasText: "Game settings" }).tap();
    await page.getByRole("button", { name: /vacation/i }).first().waitFor();
    await page.getByRole("button", { name: /pause/i }).first().waitFor();
    assert(lazy("Pause").length === 1 && lazy("Vacation").length === 1, `not loaded once each with the menu: ${scripts.join(", ")}`);
    assert(page.problems.length === 0, page.problems.join("\n"));
    await page.context().close();
  });
}
