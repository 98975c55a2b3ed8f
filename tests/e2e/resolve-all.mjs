// Battle for Moscow: several declared battles resolved with one tap ("Resolve all N in this
// order"), one request, the results of each said on the page, on a phone.
import { playGerman } from "../../scripts/moscow-german.mjs";
import { api, assert, newPage, openGame, shot, PHONE } from "./lib.mjs";

/** The German played by the engine's bot (the computer Soviet answering) until it declares two battles or more, sent and left open. */
async function toTwoBattles(base, id, token) {
  let declared = 0;
  await playGerman(base, id, token, {
    seed: "resolve-all-german",
    after: (_state, action) => (action.type === "declare_battles" && (declared = action.battles.length) >= 2 ? "stop" : null),
  });
  if (declared < 2) throw new Error("the German never declared two battles");
  return declared;
}

export function resolveAllTests(test) {
  test("moscow: two battles or more resolved with one tap, one request, each battle's result said (390x844)", async ({ base, browser }) => {
    const g = await api(base, "POST", "/api/games", {
      ruleset: "moscow",
      scenario: "standard",
      seats: { german: { name: "Hans" }, soviet: { bot: true } },
      creator: "german",
      seed: "e2e-resolve-all",
    });
    const battles = await toTwoBattles(base, g.id, g.you.token);
    const page = await newPage(browser, PHONE);
    const posts = [];
    page.on("request", (r) => r.method() === "POST" && /\/actions$/.test(r.url()) && posts.push(JSON.parse(r.postData() ?? "{}")));
    await openGame(page, g.you.url);
    const all = page.getByRole("button", { name: new RegExp(`^Resolve all ${battles} battles`) });
    await all.waitFor();
    assert((await all.innerText()).trim() === `Resolve all ${battles} in this order`, `the button reads "${await all.innerText()}"`);
    await shot(page, "47-moscow-resolve-all-offered");
    await all.tap();
    await page.waitForSelector(".card.result");
    await page.waitForFunction(() => !/Sending…/.test(document.body.innerText), null, { timeout: 45_000 });
    assert(posts.length === 1 && posts[0].actions.at(-1)?.type === "resolve_all_battles", `the page sent ${JSON.stringify(posts)}`);
    const after = await api(base, "GET", `/api/games/${g.id}`, undefined, g.you.token);
    const resolved = after.state.pendingBattles?.filter((b) => b.resolved).length ?? 0;
    // every battle, or those up to the first one whose result owes a choice
    assert(resolved === battles || (after.state.pending && resolved >= 1), `${resolved} of ${battles} battles resolved, pending ${JSON.stringify(after.state.pending)}`);
    const said = await page.locator(".card.result").innerText();
    const results = (said.match(/\bdie \d|no effect|\bNE\b|\b(AL|DR|DRL|DE|EX)\b/g) ?? []).length;
    assert(results >= Math.min(resolved, 2), `the result card says ${results} results for ${resolved} battles: ${said}`);
    await shot(page, "47-moscow-resolve-all-done");
    assert(page.problems.length === 0, page.problems.join("\n"));
    await page.context().close();
  });
}
