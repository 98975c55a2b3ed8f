import type { Draw } from "../engine/rng";
import { RecordingRng } from "../engine/rng";
import type { AnyRuleset, GameEvent, Seat } from "../engine/ruleset";
import { isRuleError } from "../engine/ruleset";
import type { BotChoice } from "../engine/strong";
import type { Streams } from "./dice";

/** A turn nobody sat down for: the computer's, or a standing order answering an owed choice. */
export interface AutoTurn {
  seat: Seat;
  by: "bot" | "order";
  /** The seq this turn was played against; it is stored at seq + 1. */
  seq: number;
  actions: unknown[];
  events: GameEvent[];
  draws: Draw[][];
  eliminated: Seat[];
  state: unknown;
}

/** Who answers for a seat without asking it. */
export interface StandIns {
  isBot(seat: Seat): boolean;
  /** The computer's choice for a bot seat, at the seat's level (the ruleset's own `bot` when absent). */
  botFor?(seat: Seat): BotChoice;
  /** How much of the request's budget the seat's computer spends on an action in `state`, the position it chose in (1 when absent): a strong computer searching thinks longer. */
  weight?(seat: Seat, state: unknown): number;
  /** The seat's standing order for a kind of owed choice, if it set one. */
  order(seat: Seat, kind: string): string | undefined;
}

/** More actions than any real turn needs: a bot that loops is a bug, and stops here loudly. */
const MAX_ACTIONS_PER_TURN = 5000;

export class AutoplayFailure extends Error {}

/** True when a stand-in (a bot, a standing order) can act now: a request that stopped here owes a continuation. */
export const standInWaiting = (ruleset: AnyRuleset, state: unknown, standIns: StandIns): boolean => nextStandIn(ruleset, state, standIns) !== null;

/** The next action a stand-in takes now, and for whom; null when a human must act. */
function nextStandIn(ruleset: AnyRuleset, state: unknown, standIns: StandIns): { seat: Seat; by: "bot" | "order"; policy?: string } | null {
  const bot = ruleset.toAct(state).find((s) => standIns.isBot(s));
  if (bot !== undefined) return { seat: bot, by: "bot" };
  const owed = ruleset.owed(state);
  const policy = owed ? standIns.order(owed.seat, owed.kind) : undefined;
  return owed && policy !== undefined ? { seat: owed.seat, by: "order", policy } : null;
}

/**
 * Plays while a stand-in can act: a bot seat, or a seat whose standing order answers the
 * choice it owes. One turn is a run of actions by one seat and one kind of stand-in. At most
 * `budget` actions in all: a request has 10 ms of CPU on the free plan, so a long bot turn is
 * split over several requests (each part its own turn row). Dice come from the same
 * per-action streams as a human's, and are recorded.
 */
export async function autoplay(
  ruleset: AnyRuleset,
  state: unknown,
  standIns: StandIns,
  streams: Streams,
  seq: number,
  budget: number,
): Promise<{ turns: AutoTurn[]; state: unknown; seq: number }> {
  const turns: AutoTurn[] = [];
  let current = state;
  let currentSeq = seq;
  let spent = 0;
  while (spent < budget) {
    const first = nextStandIn(ruleset, current, standIns);
    if (!first) break;
    const botStream = first.by === "bot" ? await streams.bot(currentSeq) : null;
    const turn: AutoTurn = { seat: first.seat, by: first.by, seq: currentSeq, actions: [], events: [], draws: [], eliminated: [], state: current };
    for (let next: typeof first | null = first; next && next.seat === first.seat && next.by === first.by && spent < budget; next = nextStandIn(ruleset, current, standIns)) {
      if (turn.actions.length >= MAX_ACTIONS_PER_TURN) throw new AutoplayFailure(`${ruleset.id} ${first.by} for ${first.seat} did not finish its turn`);
      const bot = botStream ? (standIns.botFor?.(first.seat) ?? ruleset.bot) : null;
      const action = bot && botStream ? bot(current, first.seat, botStream) : ruleset.standingOrder(current, first.seat, next.policy!);
      if (action === null) break;
      const rng = new RecordingRng(await streams.action(currentSeq, turn.actions.length));
      const applied = ruleset.apply(current, first.seat, action, rng);
      const chosenIn = current;
      if (isRuleError(applied)) {
        throw new AutoplayFailure(`${ruleset.id} ${first.by} for ${first.seat} chose an illegal action: ${applied.code} ${applied.message}`);
      }
      turn.actions.push(action);
      turn.events.push(...applied.events);
      turn.draws.push(rng.recorded);
      turn.eliminated.push(...(applied.eliminated ?? []));
      current = applied.state;
      spent += first.by === "bot" ? (standIns.weight?.(first.seat, chosenIn) ?? 1) : 1;
    }
    // a standing order whose policy does not apply leaves the choice to the seat
    if (turn.actions.length === 0) break;
    turn.state = current;
    turns.push(turn);
    currentSeq += 1;
  }
  return { turns, state: current, seq: currentSeq };
}
