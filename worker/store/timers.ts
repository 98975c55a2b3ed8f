/** The cron's timer queries: which games owe a reminder or a deadline notice, and writing them only if the game is unchanged. */
import { and, asc, eq, inArray, isNotNull, lte, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { Db } from "./repository";
import { games, outbox, seats, type OutboxRow, type SeatRow } from "./schema";

/** Reminders a deadline gets: 24 hours and 4 hours before it. */
export const REMINDER_HOURS = [24, 4] as const;

/**
 * The moment a game next owes a notice, in SQL: store/timer-at.ts `nextTimerAt` (NULL where that
 * says null), for the cron to move early keys in one statement (tests/worker/mail/timers.test.ts
 * checks the two agree).
 */
export const timerMoment = sql<number | null>`(CASE WHEN ${games.status} = 'active' AND ${games.deadline} IS NOT NULL AND ${games.deadlineNoticed} = 0 THEN (CASE WHEN ${games.reminded} = 0 AND ${games.hoursPerTurn} > 24 THEN ${games.deadline} - 86400000 WHEN ${games.reminded} < 2 THEN ${games.deadline} - 14400000 ELSE ${games.deadline} END) END)`;

/** A game's timer as the cron's SQL reckons it (null: it owes none; undefined: no such game). */
export async function storedTimerMoment(db: Db, gameId: string): Promise<number | null | undefined> {
  const [rows] = await db.batch([db.select({ moment: timerMoment }).from(games).where(eq(games.id, gameId))]);
  return rows[0]?.moment;
}

/**
 * In one round trip: up to `keyLimit` keys that came before their game's timer (store/timer-at.ts)
 * go to it, in one UPDATE that also moves each game's version (no isolate's copy may hold the old
 * key); then the games whose timer itself has come by `now`, at most `limit`, through games_timer.
 * A second round trip reads their seats.
 */
export async function dueTimers(db: Db, now: number, limit: number, keyLimit: number) {
  const [, due] = await db.batch([
    db
      .update(games)
      .set({ timerAt: timerMoment, version: sql`${games.version} + 1` })
      .where(
        inArray(
          games.id,
          db
            .select({ id: games.id })
            .from(games)
            .where(and(isNotNull(games.timerAt), lte(games.timerAt, now), sql`coalesce(${timerMoment}, ${now} + 1) > ${now}`))
            .orderBy(asc(games.timerAt))
            .limit(keyLimit),
        ),
      ),
    db
      .select({ id: games.id, ruleset: games.ruleset, seq: games.seq, toAct: games.toAct, deadline: games.deadline, hoursPerTurn: games.hoursPerTurn, reminded: games.reminded })
      .from(games)
      .where(and(isNotNull(games.timerAt), lte(games.timerAt, now), sql`${timerMoment} <= ${now}`))
      .orderBy(asc(games.timerAt))
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
  /** The game's next timer once this write lands (null: it owes no more). */
  timerAt: number | null;
}

/** All of a cron run's timer writes in one atomic batch. */
export async function writeTimers(db: Db, writes: readonly TimerWrite[]): Promise<void> {
  const statements: BatchItem<"sqlite">[] = [];
  for (const { game, rows, passed, reminded, timerAt } of writes) {
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
    statements.push(db.update(games).set(passed ? { reminded: 2, deadlineNoticed: 1, timerAt, version } : { reminded, timerAt, version }).where(unchanged));
  }
  if (statements.length > 0) await db.batch(statements as [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]]);
}
