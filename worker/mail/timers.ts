import type { MailDeps } from "./deps";
import { channelsFor } from "../store/channels";
import { dueTimers, REMINDER_HOURS, writeTimers, type TimerWrite } from "../store/timers";
import { nextTimerAt } from "../store/timer-at";
import { deliveryRows } from "../notify/delivery";
import type { OutboxRow, SeatRow } from "../store/types";
import { basePayload, cleanName, mailable, nextDigestAt, outboxRow } from "./handover";

export interface TimerReport {
  reminders: number;
  deadlineNotices: number;
  /** Mails written to the outbox by both. */
  mails: number;
}

/** Reminders and deadline notices go to every human with an address (turn mail switched off: their push and webhooks only). */
const wantsTimers = (s: SeatRow) => mailable(s);

const HOUR = 3_600_000;

/**
 * Writes the reminders and deadline-passed notices that are due, at most `limit` games per
 * run, after moving up to `keyLimit` keys that came early. Each game's rows are inserted only if
 * the game is still as read (same seq, same flags): a move that lands meanwhile resets the clock
 * and the stale notice is not written.
 */
export async function writeDueTimers(deps: MailDeps, limit: number, keyLimit: number): Promise<TimerReport> {
  const now = deps.now();
  const report: TimerReport = { reminders: 0, deadlineNotices: 0, mails: 0 };
  // keys that came before their game's timer (a hand-over moved the deadline on, not the key) go to it first
  const { due, seatRows } = await dueTimers(deps.db, now, limit, keyLimit);
  if (due.length === 0) return report;

  const channels = await channelsFor(
    deps.db,
    due.map((g) => g.id),
    seatRows.filter((s) => s.email).map((s) => s.email!),
  );
  const writes: TimerWrite[] = [];
  for (const g of due) {
    const gameSeats = seatRows.filter((s) => s.gameId === g.id);
    const title = deps.rulesets.get(g.ruleset)?.title ?? g.ruleset;
    const passed = g.deadline! <= now;
    const h = { gameId: g.id, rulesetTitle: title, seats: gameSeats, lines: [], deadline: g.deadline, toActAfter: g.toAct, hoursPerTurn: g.hoursPerTurn };
    let rows: OutboxRow[] = [];
    // the first reminder a day before, if the turn is longer than that; the last 4 hours before
    const reminded = !passed && g.reminded === 0 && (g.hoursPerTurn ?? 0) > 24 && g.deadline! - now > REMINDER_HOURS[1] * HOUR ? 1 : 2;
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
    rows = deliveryRows(rows, gameSeats, { present: new Set(), channels, now, newId: deps.newId, digestAt: nextDigestAt });
    report.mails += rows.length;
    // written only if the game is still as read, in one atomic batch with the rest
    const after = { status: "active" as const, deadline: g.deadline, hoursPerTurn: g.hoursPerTurn, reminded: passed ? 2 : reminded, deadlineNoticed: passed ? 1 : 0 };
    writes.push({ game: g, rows, passed, reminded, timerAt: nextTimerAt(after) });
  }
  await writeTimers(deps.db, writes);
  return report;
}
