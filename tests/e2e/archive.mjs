// Archival (worker/games/archive.ts) through `npm start`: a stack of its own with
// ARCHIVE_AFTER_DAYS=0, so a game archives as soon as it is finished and the cron runs. The cron
// is triggered as under `npm start` (GET /__scheduled), then the page opens the archived game
// from the seat's link: the board, the result and the record read from R2 (miniflare's, on disk
// beside the local D1).
import path from "node:path";
import { api, ARTIFACTS, assert, newPage, openGame, shot, startStack } from "./lib.mjs";

export function archiveTests(test) {
  test("archive: a finished game archived by the cron opens from its link as before (its own npm start, ARCHIVE_AFTER_DAYS=0)", async ({ browser }) => {
    const before = process.env.ARCHIVE_AFTER_DAYS;
    process.env.ARCHIVE_AFTER_DAYS = "0";
    let stack;
    try {
      stack = await startStack({ build: false, log: path.join(ARTIFACTS, "archive-server.log") });
    } finally {
      if (before === undefined) delete process.env.ARCHIVE_AFTER_DAYS;
      else process.env.ARCHIVE_AFTER_DAYS = before;
    }
    const base = stack.url;
    try {
      const g = await api(base, "POST", "/api/games", {
        ruleset: "moscow",
        scenario: "quickstart",
        seats: { german: { name: "Hans" }, soviet: { bot: true } },
        creator: "german",
        seed: "hexpost-e2e-archive",
      });
      await api(base, "POST", `/api/games/${g.id}/resign`, {}, g.you.token);
      const whole = await api(base, "GET", `/api/games/${g.id}/export`);
      const log = await api(base, "GET", `/api/games/${g.id}/log`);
      // the cron as `npm start` runs it; its report (in the server's output) says it archived the game
      const scheduled = await fetch(`${base}/__scheduled?cron=*+*+*+*+*`);
      assert(scheduled.ok, `/__scheduled answered ${scheduled.status}`);
      for (let waited = 0; !/"archived":1/.test(stack.output()); waited += 200) {
        assert(waited < 15_000, `the cron never reported archiving the game:\n${stack.output().slice(-2000)}`);
        await new Promise((r) => setTimeout(r, 200));
      }
      const exported = await api(base, "GET", `/api/games/${g.id}/export`);
      assert(JSON.stringify(exported) === JSON.stringify(whole), "the archived game's export is not the record it had before");
      const logAfter = await api(base, "GET", `/api/games/${g.id}/log`);
      assert(JSON.stringify(logAfter) === JSON.stringify(log), "the archived game's log is not the log it had before");

      const page = await newPage(browser);
      await openGame(page, `${base}/g/${g.id}#t=${g.you.token}`);
      await page.waitForSelector(".gameover, .game-over");
      const over = await page.locator(".gameover, .game-over").first().innerText();
      assert(/won|resign/i.test(over), `the archived game's page shows no result: ${over}`);
      await shot(page, "archive-01-archived-game");
      assert(page.problems.length === 0, page.problems.join("\n"));
      await page.context().close();
    } finally {
      await stack.stop();
    }
  });
}
