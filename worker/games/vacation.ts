/**
 * Vacation: a seat's bank of days (14 a game) runs down instead of its move clock. Starting one
 * takes the days from the bank and pushes the deadline of a seat that must move by as much;
 * ending it early gives the unused time back and pulls the deadline in again. While it lasts
 * nobody may claim the seat's timeout, and a turn handed to it is timed from its return.
 */
import type { Deps } from "../deps";
import { VACATION_DAYS_PER_GAME } from "../store/rows";
import { saveVacation } from "../store/seats";
import type { SeatRow } from "../store/types";
import { ServiceError } from "./errors";
import { vacationMails } from "../mail/vacation";
import { reachOut } from "./reach";
import { requireActive, requireSeat, type Opened } from "./load";
import { nextTimerAt, timerKeyChange } from "../store/timer-at";

const DAY = 86_400_000;

export { VACATION_DAYS_PER_GAME };

export const onVacation = (seat: Pick<SeatRow, "vacationUntil">, now: number): boolean => seat.vacationUntil !== null && seat.vacationUntil > now;

/** Starts the caller's vacation for `days`, or ends it (days = 0). */
export async function setVacation(deps: Deps, opened: Opened, days: number) {
  const you = requireSeat(opened);
  requireActive(opened);
  const { game } = opened;
  const now = deps.now();
  const moving = game.toAct.includes(you.seat);
  let until: number | null;
  let left = you.vacationLeft;
  let deadline = game.deadline;
  if (days === 0) {
    if (!onVacation(you, now)) throw new ServiceError(409, "not_on_vacation", `${you.name} is not on vacation`);
    // decision: the bank is kept in whole days: coming back early returns the unused time
    // rounded to the nearest day (at once: every day; taken to the millisecond, a return a second
    // later left 13 of 14 and refused a second 14), and the deadline comes in by what returns
    const unused = Math.round((you.vacationUntil! - now) / DAY) * DAY;
    left += unused;
    until = null;
    if (moving && deadline !== null) deadline -= unused;
  } else {
    if (moving && deadline !== null && deadline <= now) {
      throw new ServiceError(409, "not_late", `${you.name}'s deadline has already passed: a vacation can no longer stop this turn's clock; move first`, { deadline });
    }
    if (onVacation(you, now)) {
      throw new ServiceError(409, "on_vacation", `${you.name} is already on vacation until ${new Date(you.vacationUntil!).toISOString()}; end it first`, { vacationUntil: you.vacationUntil });
    }
    const wanted = days * DAY;
    if (wanted > left) {
      throw new ServiceError(422, "bad_vacation", `days: only ${Math.floor(left / DAY)} of this game's ${VACATION_DAYS_PER_GAME} vacation days are left`, { field: "days", daysLeft: Math.floor(left / DAY) });
    }
    left -= wanted;
    until = now + wanted;
    if (moving && deadline !== null) deadline += wanted;
  }
  const notices = await reachOut(deps, game.id, opened.seats, vacationMails(opened, you, until, now, deps.newId));
  const deadlineMoved = deadline !== game.deadline;
  const timer = deadlineMoved ? timerKeyChange(game.timerAt, nextTimerAt({ ...game, deadline, reminded: 0, deadlineNoticed: 0 })) : {};
  const saved = await saveVacation(deps.db, { gameId: game.id, version: game.version, seat: you.seat, vacationUntil: until, vacationLeft: left, deadline, deadlineMoved, ...timer }, notices);
  if (!saved) throw new ServiceError(409, "stale_seq", "The game changed at the same moment; reload and try again", { seq: game.seq });
  deps.cache.forget(game.id);
  return { seat: you.seat, vacationUntil: until, vacationDaysLeft: Math.floor(left / DAY), deadline };
}
