import { and, asc, eq, inArray, isNotNull, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { Deps } from "../games/deps";
import { games, outbox, seats, type OutboxRow, type SeatRow } from "../store/schema";
import { basePayload, cleanName, mailable, outboxRow } from "./handover";

/**
 * The moment a game next owes a mail: while not reminded, the reminder time (a quarter of
 * the turn's time left); then the deadline. The same expression defines the games_due
 * index, so the cron reads only the games that have something due.
 */
export const timerAt = sql<number>`(CASE WHEN ${games.reminded} = 0 THEN ${games.deadline} - ${games.hoursPerTurn} * 900000 ELSE ${games.deadline} END)`;

export interface TimerReport {
  reminders: number;
  deadlineNotices: number;
  /** Mails written to the outbox by both. */
  mails: number;
}

/** Reminders and deadline notices go to seats that take turn mails or the digest, not to `none`. */
const wantsTimers = (s: SeatRow) => mailable(s) && (s.prefs === "every_turn" || s.prefs === "digest");

/**
 * Writes the reminders and deadline-passed notices that are due, at most `limit` games per
 * run. Each game's rows are inserted only if the game is still as read (same seq, same
 * flags): a move that lands meanwhile resets the clock and the stale notice is not written.
 */
export async function writeDueTimers(deps: Deps, limit = 50): Promise<TimerReport> {
  const now = deps.now();
  const report: TimerReport = { reminders: 0, deadlineNotices: 0, mails: 0 };
  const [due] = await deps.db.batch([
    deps.db
      .select({
        id: games.id,
        ruleset: games.ruleset,
        seq: games.seq,
        toAct: games.toAct,
        deadline: games.deadline,
        hoursPerTurn: games.hoursPerTurn,
        reminded: games.reminded,
      })
      .from(games)
      .where(and(eq(games.status, "active"), isNotNull(games.deadline), eq(games.deadlineNoticed, 0), sql`${timerAt} <= ${now}`))
      .orderBy(asc(timerAt))
      .limit(limit),
  ]);
  if (due.length === 0) return report;

  const [seatRows] = await deps.db.batch([
    deps.db
      .select()
      .from(seats)
      .where(inArray(seats.gameId, due.map((g) => g.id)))
      .orderBy(asc(seats.gameId), asc(sql`rowid`)),
  ]);

  const writes: BatchItem<"sqlite">[] = [];
  for (const g of due) {
    const gameSeats = seatRows.filter((s) => s.gameId === g.id);
    const title = deps.rulesets.get(g.ruleset)?.title ?? g.ruleset;
    const passed = g.deadline! <= now;
    const h = { gameId: g.id, rulesetTitle: title, seats: gameSeats, lines: [], deadline: g.deadline, toActAfter: g.toAct, hoursPerTurn: g.hoursPerTurn };
    const rows: OutboxRow[] = [];
    if (passed) {
      const late = gameSeats.filter((s) => g.toAct.includes(s.seat) && s.bot === 0);
      const claim = gameSeats.length === 2 ? ("win" as const) : ("computer" as const);
      for (const s of gameSeats.filter(wantsTimers)) {
        rows.push(
          outboxRow({ id: deps.newId(), gameId: g.id, now }, s, "deadline", {
            ...basePayload(h, s),
            late: late.map((x) => cleanName(x.name)),
            isLate: late.some((x) => x.seat === s.seat),
            claim,
          }),
        );
      }
      report.deadlineNotices++;
    } else {
      for (const s of gameSeats.filter((x) => wantsTimers(x) && g.toAct.includes(x.seat))) {
        rows.push(outboxRow({ id: deps.newId(), gameId: g.id, now }, s, "reminder", basePayload(h, s)));
      }
      report.reminders++;
    }
    report.mails += rows.length;
    // Still as read? Then write the mails and set the flags, in one atomic batch with the rest.
    const unchanged = and(eq(games.id, g.id), eq(games.seq, g.seq), eq(games.reminded, g.reminded), eq(games.deadlineNoticed, 0));
    for (const r of rows) {
      // INSERT ... SELECT <the row> FROM games WHERE <unchanged>: no row when a move landed meanwhile.
      // Fields in the table's column order (drizzle checks it).
      const v = <T>(value: T) => sql<T>`${value}`;
      writes.push(
        deps.db.insert(outbox).select(
          deps.db
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
            })
            .from(games)
            .where(unchanged) as never,
        ),
      );
    }
    writes.push(
      deps.db
        .update(games)
        .set(passed ? { reminded: 1, deadlineNoticed: 1 } : { reminded: 1 })
        .where(unchanged),
    );
  }
  await deps.db.batch(writes as [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]]);
  return report;
}
