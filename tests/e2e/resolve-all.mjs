// Battle for Moscow: several declared battles resolved with one tap ("Resolve all N in this
// order"), one request, the results of each said on the page, on a phone.
import { tsImport } from "tsx/esm/api";
import { api, assert, newPage, openGame, shot, PHONE } from "./lib.mjs";

/**
 * Plays the German with the engine's own bot through the API (the computer Soviet answering) until
 * the bot declares two battles or more; sends the declaration and stops there, the battles open.
 */
async function toTwoBattles(base, id, token) {
  const { moscow } = await tsImport("../../worker/engine/moscow/index.ts", import.meta.url);
  const { rngFromSeed } = await tsImport("../../worker/engine/rng.ts", import.meta.url);
  const rng = rngFromSeed("resolve-all-german");
  let g = await api(base, "GET", `/api/games/${id}`, undefined, token);
  for (let guard = 0; guard < 400 && g.status === "active"; guard++) {
    if (g.botsWaiting) {
      await api(base, "POST", `/api/games/${id}/continue`, {}, token);
      g = await api(base, "GET", `/api/games/${id}`, undefined, token);
      continue;
    }
    let state = g.state;
    const batch = [];
    let declared = 0;
    for (;;) {
      const action = moscow.bot(state, "german", rng);
      batch.push(action);
      if (action.type === "resolve_battle") break;
      const r = moscow.apply(state, "german", action, rng);
      if (!r.ok) throw new Error(`bot action refused: ${r.message}`);
      state = r.state;
      if (action.type === "declare_battles") declared = action.battles.length;
      if (declared >= 2 || !moscow.toAct(state).includes("german")) break;
    }
    const res = await api(base, "POST", `/api/games/${id}/actions`, { seq: g.seq, actions: batch }, token);
    if (declared >= 2) return declared;
    g = { ...g, ...res };
  }
  throw new Error("the German never declared two battles");
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
