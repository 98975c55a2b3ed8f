import type { Outcome } from "../engine/ruleset";
import { seedStreams } from "../play/dice";
import { commitChange } from "./commit";
import { advance } from "./advance";
import type { Deps } from "../deps";
import { ServiceError } from "./errors";
import type { Opened } from "./load";
import type { ServiceEvent } from "./describe";

/**
 * A seat leaves the game (it resigned, or another seat claimed its timeout). With two seats
 * the other wins; with more, the computer takes the seat and the game goes on.
 */
export async function abandonSeat(deps: Deps, opened: Opened, seat: string, reason: "resignation" | "timeout", requester: string) {
  const { game, seats, ruleset } = opened;
  const humans = seats.filter((s) => s.seat !== seat);
  const leaving = seats.find((s) => s.seat === seat)!;
  const twoSeats = seats.length === 2;
  const others = humans.map((s) => s.name).join(" and ");
  const outcome: Outcome | undefined = twoSeats
    ? {
        result: "win",
        winners: humans.map((s) => s.seat),
        reason: reason === "timeout" ? "timeout" : "resignation",
        line: reason === "timeout" ? `${leaving.name} ran out of time; ${others} wins on time.` : `${leaving.name} resigned; ${others} wins.`,
      }
    : undefined;
  const replaced = twoSeats ? {} : { replacedBy: "computer" as const };
  const event: ServiceEvent =
    reason === "timeout" ? { kind: "timeout_claimed", seat, by: requester, ...replaced } : { kind: "resigned", seat, by: requester, ...replaced };
  const result = await advance(deps, ruleset, opened, await seedStreams(game.seed), {
    state: game.state,
    requester,
    outcome,
    turn: { seat: requester, service: reason === "timeout" ? "claim_timeout" : "resign", actions: [], events: [event] },
    // the computer takes the seat, and the epoch moves on: the seat's old links no longer act
    seatChanges: twoSeats ? undefined : [{ seat, change: { bot: 1, epoch: leaving.epoch + 1 } }],
    // decision: an open proposal lapses when a player leaves (those left propose again): it was put to other players
    ...(!twoSeats && game.proposal ? { pause: { fields: { pausedUntil: game.pausedUntil, proposal: null }, deadlineShift: 0 } } : {}),
  });
  const committed = await commitChange(deps, opened, result.commit);
  if (!committed.ok) throw new ServiceError(409, "stale_seq", "The game changed at the same moment; reload and try again", { seq: game.seq });
  return { seq: result.seq, events: result.events, state: ruleset.view(result.state, requester), toAct: result.toAct, status: result.outcome ? "finished" : "active", outcome: result.outcome };
}
