/**
 * The cron's archival: a finished game that has not changed for ARCHIVE_AFTER_DAYS (default 30)
 * is written to R2 as its export, then its D1 rows are replaced by the small row that says so
 * (store/archive.ts). Bounded per run (CRON_LIMITS.archiveGames), resumable (the next run takes
 * the next games) and idempotent: R2 first, D1 second, the D1 batch only for the version exported.
 */
import type { Deps } from "../deps";
import { daysInMs } from "../env";
import { archivableGames, putArchive, replaceByArchive } from "../store/archive";
import { exportGame } from "./export";
import { openGame } from "./load";

/** decision: a finished game stays whole in D1 for 30 days (a rematch, a look back), then goes to R2. */
export const ARCHIVE_AFTER_DAYS = 30;

/** ARCHIVE_AFTER_DAYS from the environment (a whole number of days, 0 included), else the default. */
export const archiveAfterMs = (env: Deps["env"]): number => daysInMs(env.ARCHIVE_AFTER_DAYS, ARCHIVE_AFTER_DAYS);

/** Archives up to `limit` games due; answers how many. Without an ARCHIVE bucket it does nothing. */
export async function archiveFinishedGames(deps: Deps, limit: number): Promise<number> {
  const bucket = deps.env.ARCHIVE;
  if (!bucket) return 0;
  const now = deps.now();
  let archived = 0;
  for (const id of await archivableGames(deps.db, now - archiveAfterMs(deps.env), limit)) {
    try {
      const opened = await openGame(deps, id, null);
      await putArchive(bucket, id, JSON.stringify(await exportGame(deps, opened)));
      if (await replaceByArchive(deps.db, id, opened.game.version, now)) archived++;
      deps.cache.forget(id);
    } catch (e) {
      // a game that cannot be exported (a ruleset this server no longer has) keeps its rows; the others go on
      console.error(`archive ${id}: ${String((e as Error)?.message ?? e)}`);
    }
  }
  return archived;
}
