/** The outbox's own queries: claiming due rows, what a send must re-check, recording results, the dev mailbox. */
import { and, asc, desc, eq, gt, gte, inArray, isNull, lt, lte, ne, sql, type SQL, type SQLWrapper } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { Db } from "./repository";
import { HELD_ID_START } from "./held-ids";
import { games, outbox, seats } from "./schema";

export type OutboxRecord = typeof outbox.$inferSelect;

/** The time part of an outbox id (deps.ts orderedId): every id made before `at` sorts before idTime(at). */
export const idTime = (at: number): string => Math.max(0, Math.floor(at)).toString(36).padStart(9, "0");

const MINUTE = 60_000;
/**
 * How far back the cron looks for rows written claimed whose request died (they are not in
 * outbox_due): the last half hour at every run, every row at the top of each hour, so that a
 * cron stopped for any time still finds them. Their ids begin with the time they were written;
 * sent mail leaves the outbox when sent (mail/sent-record.ts), so the whole of it is small.
 */
export const ORPHANS_LATELY_MS = 30 * MINUTE;
export const orphanWindow = (now: number): number => (Math.floor(now / MINUTE) % 60 === 0 ? Infinity : ORPHANS_LATELY_MS);

/**
 * Claims up to `limit` due rows in one statement: the UPDATE puts a lease on them (not their
 * next attempt, which is in outbox_due: a claim writes the row alone), so a second drainer (the
 * cron, another request) does not see them. Only the rows this statement changed come back.
 * Due rows are found through outbox_due; the cron's
 * claim (no `only`) also takes rows written claimed by a request that died, found by their ids
 * (orphanWindow), `limit` of both kinds in all. A claim sets no column of an index (SQLite would
 * rewrite the entry, and D1 count it): a row written claimed stays out of outbox_due until a
 * retry puts it there. A drain of one game leaves those to the cron: finding them would read every
 * row written lately, on every request.
 */
export async function claimDue(db: Db, now: number, leaseMs: number, limit: number, only: { gameId?: string; id?: string } = {}): Promise<OutboxRecord[]> {
  const due = and(
    eq(outbox.status, "pending"),
    lte(outbox.nextAttemptAt, now),
    lte(outbox.leasedUntil, now),
    // the index's own condition, so that the search reads the index (a lookup by id needs none)
    only.id === undefined ? eq(outbox.writtenClaimed, 0) : undefined,
    only.gameId === undefined ? undefined : eq(outbox.gameId, only.gameId),
    only.id === undefined ? undefined : eq(outbox.id, only.id),
  );
  const claim = (ids: SQLWrapper) =>
    db
      .update(outbox)
      .set({
        leasedUntil: now + leaseMs,
        attempts: sql`${outbox.attempts} + 1`,
        firstAttemptAt: sql`coalesce(${outbox.firstAttemptAt}, ${now})`,
      })
      .where(and(inArray(outbox.id, ids), eq(outbox.status, "pending"), lte(outbox.nextAttemptAt, now), lte(outbox.leasedUntil, now)))
      .returning();
  const dueIds = db.select({ id: outbox.id }).from(outbox).where(due).orderBy(asc(outbox.nextAttemptAt)).limit(limit);
  if (only.gameId !== undefined || only.id !== undefined) return (await db.batch([claim(dueIds)]))[0];
  const orphanIds = db
    .select({ id: outbox.id })
    .from(outbox)
    .where(and(gte(outbox.id, idTime(now - orphanWindow(now))), lt(outbox.id, HELD_ID_START), eq(outbox.status, "pending"), eq(outbox.writtenClaimed, 1), lte(outbox.nextAttemptAt, now), lte(outbox.leasedUntil, now)))
    .orderBy(asc(outbox.id))
    .limit(limit);
  // one statement, so that a run claims at most `limit` rows of both kinds
  const either = sql`(SELECT id FROM (SELECT id FROM (${dueIds}) UNION ALL SELECT id FROM (${orphanIds})) LIMIT ${limit})`;
  return (await db.batch([claim(either)]))[0];
}

export interface SeatMailState {
  gameId: string;
  seat: string;
  prefs: string;
  undeliverable: number;
}

/** In one round trip, primary-key reads only: the seats of these games, and the seeds of those. */
export async function lookupForSending(db: Db, seatGames: readonly string[], seedGames: readonly string[]) {
  const lookups: BatchItem<"sqlite">[] = [
    seatGames.length
      ? db
          .select({ gameId: seats.gameId, seat: seats.seat, prefs: seats.prefs, undeliverable: seats.undeliverable })
          .from(seats)
          .where(inArray(seats.gameId, [...new Set(seatGames)]))
      : db.select({ gameId: seats.gameId }).from(seats).where(sql`0`),
    seedGames.length ? db.select({ id: games.id, seed: games.seed }).from(games).where(inArray(games.id, [...new Set(seedGames)])) : db.select({ id: games.id }).from(games).where(sql`0`),
  ];
  const [seatRows, seedRows] = (await db.batch(lookups as [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]])) as [SeatMailState[], { id: string; seed: string }[]];
  return { seatRows, seedRows };
}

/** What became of one claimed row: its new fields, or its end (a notice a channel took: nothing is left to keep). */
export type SendResultRow =
  | {
      row: Pick<OutboxRecord, "id" | "attempts">;
      set: Partial<Pick<OutboxRecord, "status" | "providerId" | "sentAt" | "lastError" | "nextAttemptAt" | "payload" | "kind" | "held" | "attempts" | "firstAttemptAt" | "writtenClaimed" | "leasedUntil">>;
    }
  | { row: Pick<OutboxRecord, "id" | "attempts">; delivered: true };

/**
 * Records every result in one batch, each only while its claim stands (a drainer that took
 * the row over after our lease wins), and marks other due digest rows of the addresses a
 * digest went to as merged into it. A delivered row is deleted rather than marked sent and
 * swept later: one write instead of two.
 */
export async function recordResults(
  db: Db,
  results: readonly SendResultRow[],
  mergedDigests: readonly { into: string; recipient: string }[],
  now: number,
  keepSent: boolean,
  alsoWrite: readonly BatchItem<"sqlite">[] = [],
): Promise<void> {
  const writes: BatchItem<"sqlite">[] = results.map((r) => {
    const claimStands = and(eq(outbox.id, r.row.id), eq(outbox.status, "pending"), eq(outbox.attempts, r.row.attempts));
    return "set" in r ? db.update(outbox).set(r.set).where(claimStands) : db.delete(outbox).where(claimStands);
  });
  for (const d of mergedDigests) {
    // due, and no other drainer's (a digest it claimed goes out with its own list)
    const merged = and(eq(outbox.kind, "digest"), eq(outbox.status, "pending"), eq(outbox.recipient, d.recipient), lte(outbox.nextAttemptAt, now), lte(outbox.leasedUntil, now), ne(outbox.id, d.into));
    // marked merged where sent mail is kept as a record (mail/sent-record.ts), else gone
    writes.push(keepSent ? db.update(outbox).set({ status: "sent", sentAt: now, lastError: `merged into ${d.into}` }).where(merged) : db.delete(outbox).where(merged));
  }
  writes.push(...alsoWrite);
  if (writes.length > 0) await db.batch(writes as [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]]);
}

/** The dev mailbox's rows: newest first, optionally of one game or to one address. */
export async function recentMail(db: Db, options: { limit: number; gameId?: string; to?: string }): Promise<OutboxRecord[]> {
  // mail only: push and webhook notices are in the outbox too, with their channel
  const filters: SQL[] = [isNull(outbox.channelId)];
  if (options.gameId) filters.push(eq(outbox.gameId, options.gameId));
  if (options.to) filters.push(eq(outbox.recipient, options.to.toLowerCase()));
  const [rows] = await db.batch([
    db
      .select()
      .from(outbox)
      .where(and(...filters))
      .orderBy(desc(outbox.createdAt), desc(outbox.id))
      .limit(options.limit),
  ]);
  return rows;
}

/** Rows to write in a batch of the caller's (a drain's fallback mails, mail/fallback.ts). */
export const insertRows = (db: Db, rows: readonly (typeof outbox.$inferInsert)[]): BatchItem<"sqlite">[] => rows.map((row) => db.insert(outbox).values(row));

/** A mail that belongs to no game's change (the "my games" list), written on its own. */
export async function queueMail(db: Db, row: typeof outbox.$inferInsert): Promise<void> {
  await db.batch([db.insert(outbox).values(row)]);
}

/**
 * The cron's sweep of sent mail: deletes rows no longer pending (sent, failed) made before
 * `before`, oldest first, up to `limit` of each of two kinds: those whose ids sort before its
 * time (ids begin with the time they were made: deps.ts orderedId), a read by primary key from
 * the table's start that touches the old rows only, however large the outbox is; then held mails
 * (store/held-ids.ts), whose ids begin with their game, by their time of writing among the held
 * ids, which are few. Answers how many went.
 */
export async function deleteSentBefore(db: Db, before: number, limit: number): Promise<number> {
  const sweep = (where: SQL | undefined) =>
    db
      .delete(outbox)
      .where(inArray(outbox.id, db.select({ id: outbox.id }).from(outbox).where(and(where, ne(outbox.status, "pending"))).orderBy(asc(outbox.id)).limit(limit)))
      .returning({ id: outbox.id });
  const [timed, held] = await db.batch([sweep(lt(outbox.id, idTime(before))), sweep(and(gt(outbox.id, HELD_ID_START), lt(outbox.createdAt, before)))]);
  return timed.length + held.length;
}
