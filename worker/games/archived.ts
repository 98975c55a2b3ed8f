/**
 * Reading an archived game: its record is the export written to R2 (games/archive.ts), which
 * holds everything the page, the log and `npm run verify` need (the start, every turn with its
 * draws, the final state, the seed). An isolate keeps the few it read last: a record never
 * changes once written.
 */
import type { Deps } from "../deps";
import { readArchive } from "../store/archive";
import type { GameRow, TurnRow } from "../store/types";
import { ServiceError } from "./errors";
import type { GameExport } from "../play/record";
import type { LoggedTurn } from "./views";

/** Its rows but this one left D1 for R2 (a row read without the column is a game never archived). */
export const isArchived = (game: Pick<GameRow, "archivedAt">): boolean => typeof game.archivedAt === "number";

const held = new Map<string, GameExport>();
const HELD = 32;

export async function archivedExport(deps: Deps, gameId: string): Promise<GameExport> {
  const kept = held.get(gameId);
  if (kept) return kept;
  const bucket = deps.env.ARCHIVE;
  if (!bucket) throw new ServiceError(500, "misconfigured", `Game ${gameId} is archived, and the ARCHIVE R2 bucket it is kept in is not bound (wrangler.toml [[r2_buckets]])`);
  const text = await readArchive(bucket, gameId);
  if (text === null) throw new ServiceError(500, "internal", `Game ${gameId} is archived, but its record is missing from the ARCHIVE bucket`);
  const record = JSON.parse(text) as GameExport;
  held.set(gameId, record);
  if (held.size > HELD) held.delete(held.keys().next().value!);
  return record;
}

/** The archived log as the turns it was written from. */
export function archivedTurns(record: GameExport): (LoggedTurn & Pick<TurnRow, "draws">)[] {
  return record.log.map((e) => ({
    seq: e.seq,
    seat: e.seat,
    byBot: e.bot ? 1 : 0,
    byOrder: e.byOrder ? 1 : 0,
    service: (e.service ?? null) as TurnRow["service"],
    actions: e.actions,
    draws: e.draws ?? [],
    events: e.events,
    at: e.at ?? 0,
  }));
}
