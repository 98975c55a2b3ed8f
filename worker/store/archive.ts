/**
 * Archived games: the export in R2 (one object a game), and in D1 the small row that is left.
 * R2 is written first, D1 second: a run that dies between the two has lost nothing (the game is
 * still whole in D1, and the next run writes the same object again).
 */
import { and, asc, eq, getTableColumns, isNull, ne, sql } from "drizzle-orm";
import { once, type Db } from "./repository";
import { channels, games, logPages, outbox, starts } from "./schema";

export const archiveKey = (gameId: string) => `games/${gameId}.json`;

/** Finished games not archived yet that last changed before `finishedBefore`, oldest first (games_archivable). */
export async function archivableGames(db: Db, finishedBefore: number, limit: number): Promise<string[]> {
  const [rows] = await db.batch([
    db
      .select({ id: games.id })
      .from(games)
      .where(and(eq(games.status, "finished"), isNull(games.archivedAt), sql`${games.updatedAt} < ${finishedBefore}`))
      .orderBy(asc(games.updatedAt))
      .limit(limit),
  ]);
  return rows.map((r) => r.id);
}

/**
 * The export goes in gzipped: R2 bills its storage by the byte and keeps a year of exports, and
 * a log's JSON shrinks several times. `Content-Encoding: gzip` says so to whoever reads the object.
 */
export async function putArchive(bucket: R2Bucket, gameId: string, body: string): Promise<void> {
  const gzipped = await new Response(new Blob([body]).stream().pipeThrough(new CompressionStream("gzip"))).arrayBuffer();
  await bucket.put(archiveKey(gameId), gzipped, { httpMetadata: { contentType: "application/json", contentEncoding: "gzip" } });
}

/** The export's JSON: gunzipped when it was written gzipped, as is when written before exports were. */
export async function readArchive(bucket: R2Bucket, gameId: string): Promise<string | null> {
  const object = await bucket.get(archiveKey(gameId));
  if (!object) return null;
  if (object.httpMetadata?.contentEncoding !== "gzip") return object.text();
  return new Response(object.body.pipeThrough(new DecompressionStream("gzip"))).text();
}

const columnNames = Object.values(getTableColumns(games)).map((column) => column.name);
const archivedValue: Record<string, string> = { state: "'null'", log_tail: "'[]'", archived_at: "?1", version: '"version" + 1' };

/** The row an archived game keeps: every column as it was but its state and log's tail, which the export holds. */
const replaceByArchivedRow =
  `INSERT OR REPLACE INTO games (${columnNames.map((name) => `"${name}"`).join(", ")}) ` +
  `SELECT ${columnNames.map((name) => archivedValue[name] ?? `"${name}"`).join(", ")} FROM games ` +
  `WHERE id = ?2 AND version = ?3 AND status = 'finished' AND archived_at IS NULL RETURNING id`;

/**
 * In one batch, once the export is in R2: the game row is replaced by its archived row, but only
 * while it is the finished game at the version that was exported (else nothing changes, and the
 * next run exports it again); then its log's pages, start, sent mail and channels go, only if
 * that first statement took. Answers whether it did.
 *
 * A REPLACE, not an UPDATE: SQLite merges a B-tree page with its neighbours when a DELETE leaves
 * it mostly empty, never when an UPDATE shrinks a row, and ids begin with their time, so no later
 * game fills the pages its elders emptied. Shrunk in place, each archived row kept most of a page
 * (D1 bills the pages); deleted and inserted again, archived rows share their pages.
 */
export async function replaceByArchive(db: Db, gameId: string, version: number, now: number): Promise<boolean> {
  const archivedNow = sql`(SELECT ${games.archivedAt} FROM ${games} WHERE ${games.id} = ${gameId}) = ${now}`;
  const d1 = db.$client;
  const [changed] = await d1.batch([
    d1.prepare(replaceByArchivedRow).bind(now, gameId, version),
    ...[
      db.delete(logPages).where(and(eq(logPages.gameId, gameId), archivedNow)),
      db.delete(starts).where(and(eq(starts.gameId, gameId), archivedNow)),
      // a mail still pending keeps its row (its payload is all it needs); what was sent is history
      db.delete(outbox).where(and(eq(outbox.gameId, gameId), ne(outbox.status, "pending"), archivedNow)),
      db.delete(channels).where(and(eq(channels.gameId, gameId), archivedNow)),
    ].map((query) => once(db, query)),
  ]);
  return changed!.results.length === 1;
}
