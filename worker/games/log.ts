import type { Deps } from "../deps";
import { readLog, readLogWithStart } from "../store/repository";
import type { Opened } from "./load";
import { archivedExport, archivedTurns, isArchived } from "./archived";
import { logEntry } from "./views";

/**
 * A page of the log after `after`. From the beginning it comes with the position the game
 * started from (as a spectator sees it), so a client can replay it forward.
 */
export async function gameLog(deps: Deps, opened: Opened, after: number) {
  const { game, ruleset } = opened;
  if (isArchived(game)) {
    const record = await archivedExport(deps, game.id);
    const entries = archivedTurns(record).filter((t) => t.seq > after).map((t) => logEntry(ruleset, t));
    return after > 0 ? { seq: game.seq, entries } : { seq: game.seq, start: record.start === null || record.start === undefined ? null : ruleset.view(record.start, null), entries };
  }
  if (after > 0) {
    const rows = await readLog(deps.db, game.id, after);
    return { seq: game.seq, entries: rows.map((r) => logEntry(ruleset, r)) };
  }
  const { start, turns } = await readLogWithStart(deps.db, game.id);
  return { seq: game.seq, start: start === null ? null : ruleset.view(start, null), entries: turns.map((r) => logEntry(ruleset, r)) };
}
