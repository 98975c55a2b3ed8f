/** The cron's timer queries: which games owe a reminder or a deadline notice, and writing them only if the game is unchanged. */
import { and, asc, eq, inArray, isNotNull, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { Db } from "./repository";
import { games, outbox, seats, type OutboxRow, type SeatRow } from "./schema";

/**
 * The moment a game next owes a notice: the reminder 24 hours before the deadline (for turns
 * longer than a day), the one 4 hours before, then the deadline. `reminded` counts the
 * reminders written. The same expression defines the games_due_v2 index, so the cron reads
 * only the games that have something due.
 */
export const timerAt = sql<number>`(CASE WHEN ${games.reminded} = 0 AND ${games.hoursPerTurn} > 24 THEN ${games.deadline} - 86400000 WHEN ${games.reminded} < 2 THEN ${games.deadline} - 14400000 ELSE ${games.deadline} END)`;

/** Reminders a deadline gets: 24 hours and 4 hours before it. */
export const REMINDER_HOURS = [24, 4] as const;

/** Games with a timer due by `now` (games_due), at most `limit`, with their seats; two round trips. */
export async function dueTimers(db: Db, now: number, limit: number) {
  const [due] = await db.batch([
    db
      .select({ id: games.id, ruleset: games.ruleset, seq: games.seq, toAct: games.toAct, deadline: games.deadline, hoursPerTurn: games.hoursPerTurn, reminded: games.reminded })
      .from(games)
      .where(and(eq(games.status, "active"), isNotNull(games.deadline), eq(games.deadlineNoticed, 0), sql`${timerAt} <= ${now}`))
      .orderBy(asc(timerAt))
      .limit(limit),
  ]);
  if (due.length === 0) return { due, seatRows: [] as SeatRow[] };
  const [seatRows] = await db.batch([
    db
      .select()
      .from(seats)
      .where(inArray(seats.gameId, due.map((g) => g.id)))
      .orderBy(asc(seats.gameId), asc(sql`rowid`)),
  ]);
  return { due, seatRows };
}

/** One game's timer mails and the flags they set, written only if the game is still as read. */
export interface TimerWrite {
  game: { id: string; seq: number; reminded: number };
  rows: OutboxRow[];
  /** The deadline passed (a notice), rather than a reminder. */
  passed: boolean;
  /** The reminders written once this write lands (2 when the 4-hour one is written). */
  reminded: number;
}

/** All of a cron run's timer writes in one atomic batch. */
export async function writeTimers(db: Db, writes: readonly TimerWrite[]): Promise<void> {
  const statements: BatchItem<"sqlite">[] = [];
  for (const { game, rows, passed, reminded } of writes) {
    const unchanged = and(eq(games.id, game.id), eq(games.seq, game.seq), eq(games.reminded, game.reminded), eq(games.deadlineNoticed, 0));
    for (const r of rows) {
      // INSERT ... SELECT <the row> FROM games WHERE <unchanged>: no row when a move landed meanwhile.
      // Fields in the table's column order (drizzle checks it).
      const v = <T>(value: T) => sql<T>`${value}`;
      statements.push(
        db.insert(outbox).select(
          db
            .select({
              id: v(r.id).as("id"),
              gameId: v(r.gameId).as("game_id"),
              seat: v(r.seat).as("seat"),
              kind: v(r.kind).as("kind"),
              recipient: v(r.recipient).as("recipient"),
              payload: v(JSON.stringify(r.payload)).as("payload"),
              status: v("pending").as("status"),
              attempts: v(0).as("attempts"),
              nextAttemptAt: v(r.nextAttemptAt).as("next_attempt_at"),
              lastError: sql<null>`NULL`.as("last_error"),
              providerId: sql<null>`NULL`.as("provider_id"),
              createdAt: v(r.createdAt).as("created_at"),
              sentAt: sql<null>`NULL`.as("sent_at"),
              firstAttemptAt: sql<null>`NULL`.as("first_attempt_at"),
              channelId: v(r.channelId ?? null).as("channel_id"),
              held: v(r.held ?? 0).as("held"),
              writtenClaimed: v(0).as("written_claimed"),
              leasedUntil: v(0).as("leased_until"),
            })
            .from(games)
            .where(unchanged) as never,
        ),
      );
    }
    const version = sql`${games.version} + 1`;
    statements.push(db.update(games).set(passed ? { reminded: 2, deadlineNoticed: 1, version } : { reminded, version }).where(unchanged));
  }
  if (statements.length > 0) await db.batch(statements as [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]]);
}
