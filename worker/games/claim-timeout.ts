import type { Deps } from "../deps";
import { abandonSeat } from "./abandon";
import { ServiceError } from "./errors";
import { onVacation } from "./vacation";
import { isPaused } from "./pause";
import { requireActive, requireSeat, type Opened } from "./load";

/**
 * Another seat claims the timeout of a seat that did not move by the deadline: with two
 * seats the claimant wins, with more the computer takes the late seat. Only a seat not to
 * act may claim, only once the deadline has passed, and only a late human seat is claimed
 * (`seat` picks one when several are late).
 */
export async function claimTimeout(deps: Deps, opened: Opened, seat: string | undefined) {
  const you = requireSeat(opened);
  requireActive(opened);
  const { game, seats } = opened;
  if (game.deadline === null) throw new ServiceError(409, "no_deadline", "This game has no time limit, so there is no timeout to claim");
  if (isPaused(game, deps.now())) {
    throw new ServiceError(409, "paused", `The game is paused until ${new Date(game.pausedUntil!).toISOString()}: no timeout can be claimed while the clocks stand still`, { pausedUntil: game.pausedUntil });
  }
  if (game.toAct.includes(you.seat)) throw new ServiceError(403, "wrong_player", "It is your own move: a timeout is claimed by another seat");
  const late = game.toAct.filter((s) => seats.some((x) => x.seat === s && x.bot === 0));
  const away = seats.filter((x) => late.includes(x.seat) && onVacation(x, deps.now()));
  if (away.length > 0 && (seat === undefined || away.some((x) => x.seat === seat))) {
    const who = away[0]!;
    throw new ServiceError(409, "on_vacation", `${who.name} is on vacation until ${new Date(who.vacationUntil!).toISOString()}: no timeout can be claimed against a seat on vacation`, {
      seat: who.seat,
      vacationUntil: who.vacationUntil,
    });
  }
  if (deps.now() < game.deadline) {
    throw new ServiceError(409, "not_late", `The deadline has not passed yet: it is ${new Date(game.deadline).toISOString()}`, { deadline: game.deadline });
  }
  const target = seat ?? late[0];
  if (!target || !late.includes(target)) {
    throw new ServiceError(409, "not_late", seat ? `Seat ${seat} is not one that must move now` : "No seat is late", { late });
  }
  const result = await abandonSeat(deps, opened, target, "timeout", you.seat);
  return { ...result, claimed: target };
}
