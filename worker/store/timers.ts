/** The cron's timer queries: which games owe a reminder or a deadline notice, and writing them only if the game is unchanged. */
import { and, asc, eq, inArray, isNotNull, lte, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { Db } from "./repository";
import { games, outbox, seats, type GameRow, type OutboxRow, type SeatRow } from "./schema";

export type KeyedTimer = Pick<GameRow, "id" | "ruleset" | "seq" | "version" | "status" | "toAct" | "deadline" | "deadlineNoticed" | "hoursPerTurn" | "reminded" | "timerAt">;

/** Reminders a deadline gets: 24 hours and 4 hours before it. */
export const REMINDER_HOURS = [24, 4] as const;

/**
 * Games whose timer key has come by `now` (games_timer), at most `limit`, and the seats of those
 * `isDue` keeps; two round trips. A key may come early (store/timer-at.ts): `isDue` says whether
 * the game's timer itself has come.
 */
export async function dueTimers(db: Db, now: number, limit: number, isDue: (game: KeyedTimer) => boolean) {
  const [keyed] = await db.batch([
    db
      .select({
        id: games.id,
        ruleset: games.ruleset,
        seq: games.seq,
        version: games.version,
        status: games.status,
        toAct: games.toAct,
        deadline: games.deadline,
        deadlineNoticed: games.deadlineNoticed,
        hoursPerTurn: games.hoursPerTurn,
        reminded: games.reminded,
        timerAt: games.timerAt,
      })
      .from(games)
      .where(and(isNotNull(games.timerAt), lte(games.timerAt, now)))
      .orderBy(asc(games.timerAt))
      .limit(limit),
  ]);
  const due = keyed.filter(isDue);
  if (due.length === 0) return { keyed, due, seatRows: [] as SeatRow[] };
  const [seatRows] = await db.batch([
    db
      .select()
      .from(seats)
      .where(inArray(seats.gameId, due.map((g) => g.id)))
      .orderBy(asc(seats.gameId), asc(sql`rowid`)),
  ]);
  return { keyed, due, seatRows };
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

/** A game whose key came before its timer: the key goes to the timer, if the game is still as read. */
export interface TimerRekey {
  game: { id: string; version: number; timerAt: number | null };
  timerAt: number | null;
}

/** All of a cron run's timer writes in one atomic batch. */
export async function writeTimers(db: Db, writes: readonly TimerWrite[], rekeys: readonly TimerRekey[] = []): Promise<void> {
  const statements: BatchItem<"sqlite">[] = [];
  // the version moves, so that no isolate's copy of the game holds the old key (store/timer-at.ts)
  for (const { game, timerAt } of rekeys) {
    statements.push(db.update(games).set({ timerAt, version: sql`${games.version} + 1` }).where(and(eq(games.id, game.id), eq(games.version, game.version))));
  }
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
