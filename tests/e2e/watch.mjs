// A game the computer plays alone, watched on a phone (390x844): the server plays it in seconds,
// so the watcher's page opens on the whole game from its start and plays it at the replay's pace,
// following the computer's new turns as they come; leaving the replay shows the position now, and
// "Replay from the start" plays the whole game again from its first step (web/components/useRebuilt.ts).
import { api, assert, hud, newPage, shot, PHONE } from "./lib.mjs";

/** "The game from its start: step 3 of 40" -> [3, 40], or null when no such replay is shown. */
async function wholeGameStep(page) {
  const h2 = page.locator(".replay.on h2");
  if (!(await h2.count())) return null;
  const m = /The game from its start: step (\d+) of (\d+)/.exec(await h2.innerText());
  return m ? [Number(m[1]), Number(m[2])] : null;
}

export function watchTests(test) {
  test("watch: a game the computer plays alone opens on its whole game from the start, at the replay's pace, on a phone (390x844)", async ({ base, browser }) => {
    const created = await api(base, "POST", "/api/games", {
      ruleset: "skirmish",
      scenario: "small-clash",
      seats: { attacker: { bot: true }, defender: { bot: true } },
      seed: `watch-${Date.now().toString(36)}`,
    });
    assert(created.you === null && created.watch, "no watch link for a game the computer plays alone");
    const page = await newPage(browser, PHONE);
    await page.goto(created.watch, { waitUntil: "domcontentloaded" });
    await page.waitForSelector(".replay.on", { timeout: 30_000 });
    const first = await wholeGameStep(page);
    assert(first !== null, `the watcher's page does not open on the whole game: ${await page.locator(".replay.on h2").innerText()}`);
    assert(first[0] <= 2, `the whole game does not start at its first step: step ${first[0]}`);
    assert((await hud(page, "Turn")).startsWith("1"), `the first steps do not show turn 1: ${await hud(page, "Turn")}`);
    await shot(page, "watch-01-from-the-start");
    // it plays on by itself, one step at a time
    await page.waitForFunction(() => /step (\d+) of/.test(document.querySelector(".replay.on h2")?.textContent ?? "") && Number(/step (\d+) of/.exec(document.querySelector(".replay.on h2").textContent)[1]) >= 3, null, { timeout: 20_000 });
    const later = await wholeGameStep(page);
    // the steps are the whole game's: as many as the log's actions (the computer may still be playing: at least those when the page opened)
    const log = await api(base, "GET", `/api/games/${created.id}/log?after=0`);
    const actions = log.entries.reduce((n, e) => n + (e.service ? 0 : e.actions.length), 0);
    assert(later[1] >= first[1] && later[1] <= actions, `the replay has ${later[1]} steps, the log ${actions} actions`);

    // leaving the replay shows the position now; "Replay from the start" starts over
    await page.getByRole("button", { name: "Back to the game" }).click();
    await page.waitForFunction(() => !document.querySelector(".replay.on"));
    const again = page.getByRole("button", { name: "Replay from the start" });
    await again.waitFor({ timeout: 20_000 });
    await shot(page, "watch-02-now");
    await again.click();
    await page.waitForSelector(".replay.on");
    const restart = await wholeGameStep(page);
    assert(restart !== null && restart[0] <= 2, `"Replay from the start" does not start at the first step: ${JSON.stringify(restart)}`);
    await shot(page, "watch-03-again");
    assert(page.problems.length === 0, page.problems.join("\n"));
    await page.context().close();
  });
}
