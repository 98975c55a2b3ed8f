/**
 * The game record (GET /api/games/:id/export): `exportGame` writes it in the shape
 * `npm run verify` reads (GameExport, play/record.ts).
 */
import type { Deps } from "../deps";
import type { GameExport } from "../play/record";
import { readLog, readLogWithStart } from "../store/repository";
import type { Opened } from "./load";
import { archivedExport, isArchived } from "./archived";
import { logEntry } from "./views";

export const EXPORT_FORMAT = "hexpost-export/2";

export type { GameExport };

export async function exportGame(deps: Deps, opened: Opened): Promise<GameExport> {
  const { game, ruleset } = opened;
  // an archived game's record is this export, as it was written when the game was archived
  if (isArchived(game)) return archivedExport(deps, game.id);
  const first = await readLogWithStart(deps.db, game.id);
  const entries = first.turns.map((r) => logEntry(ruleset, r));
  // the log comes a read at a time: on from the last seq read until the game's
  for (let rows = first.turns; rows.length > 0 && rows[rows.length - 1]!.seq < game.seq; ) {
    rows = await readLog(deps.db, game.id, rows[rows.length - 1]!.seq);
    entries.push(...rows.map((r) => logEntry(ruleset, r)));
  }
  const finished = game.status === "finished";
  // a running game's export is public: its positions only as a spectator sees them
  const seen = (state: unknown) => (finished || state === null ? state : ruleset.view(state, null));
  return {
    format: EXPORT_FORMAT,
    id: game.id,
    ruleset: game.ruleset,
    // a game made from an inline scenario carries the scenario itself, so it can be replayed
    scenario: first.scenario ?? game.scenario,
    options: game.options,
    seats: opened.seats.map((s) => ({ seat: s.seat, name: s.name, bot: s.bot === 1, ...(s.bot === 1 ? { level: s.botLevel } : {}) })),
    seedCommitment: game.seedCommitment,
    seed: finished ? game.seed : null,
    status: game.status,
    outcome: game.outcome ?? null,
    seq: game.seq,
    start: seen(first.start),
    finalState: seen(game.state),
    log: entries.map(({ lines: _lines, ...e }) => e),
  };
}
