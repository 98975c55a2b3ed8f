/**
 * When a game next owes a reminder or a deadline notice, and the cron's key for it.
 *
 * The cron finds games by `timer_at` (index games_timer), which is never later than that moment
 * but may be earlier: a hand-over pushes the deadline on without moving the key (an index entry
 * moved is a row D1 bills, on every hand-over), and the cron, finding a key that came early, puts
 * it where the game's timer now is. A player who moves every two days on a week's turn moves the
 * key once in three hand-overs instead of at each.
 */
import type { GameRow } from "./schema";
import { REMINDER_HOURS } from "./timers";

const HOUR = 3_600_000;
const [FIRST_REMINDER, LAST_REMINDER] = REMINDER_HOURS;

export type TimerFields = Pick<GameRow, "status" | "deadline" | "deadlineNoticed" | "reminded" | "hoursPerTurn">;

/**
 * The moment the game next owes a notice: the reminder 24 hours before the deadline (for turns
 * longer than a day), the one 4 hours before, then the deadline itself; null when it owes none.
 */
export function nextTimerAt(g: TimerFields): number | null {
  if (g.status !== "active" || g.deadline === null || g.deadlineNoticed !== 0) return null;
  if (g.reminded === 0 && (g.hoursPerTurn ?? 0) > FIRST_REMINDER) return g.deadline - FIRST_REMINDER * HOUR;
  if (g.reminded < 2) return g.deadline - LAST_REMINDER * HOUR;
  return g.deadline;
}

/**
 * The key to write with a change that leaves the game's timer at `next`: none while the stored
 * key is no later (the cron moves a key that came early), the new moment when it is earlier or
 * there was none, and null once the game owes nothing (it leaves the index).
 */
export function timerKeyChange(stored: number | null, next: number | null): { timerAt?: number | null } {
  if (next === null) return stored === null ? {} : { timerAt: null };
  return stored !== null && stored <= next ? {} : { timerAt: next };
}
