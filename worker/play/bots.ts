import type { GameEvent, Ruleset, Seat } from "../engine/ruleset";
import { isRuleError } from "../engine/ruleset";
import type { Streams } from "./dice";

export interface BotTurn {
  seat: Seat;
  /** The seq this turn was played against; it is stored at seq + 1. */
  seq: number;
  actions: unknown[];
  events: GameEvent[];
  state: unknown;
}

/** More actions than any real turn needs: a bot that loops is a bug, and stops here loudly. */
const MAX_ACTIONS_PER_BOT_TURN = 5000;

export class BotFailure extends Error {}

/**
 * Plays while the seat that must act is a bot, one turn (a run of actions by one seat) after
 * another, at most `budget` turns. Dice come from the same per-action streams as a human's.
 */
export async function playBots(
  ruleset: Ruleset,
  state: unknown,
  isBot: (seat: Seat) => boolean,
  streams: Streams,
  seq: number,
  budget: number,
): Promise<{ turns: BotTurn[]; state: unknown; seq: number }> {
  const turns: BotTurn[] = [];
  let current = state;
  let currentSeq = seq;
  while (turns.length < budget) {
    const seat = ruleset.toAct(current).find(isBot);
    if (seat === undefined) break;
    const botStream = await streams.bot(currentSeq);
    const actions: unknown[] = [];
    const events: GameEvent[] = [];
    while (ruleset.toAct(current).includes(seat)) {
      if (actions.length >= MAX_ACTIONS_PER_BOT_TURN) throw new BotFailure(`${ruleset.id} bot for ${seat} did not finish its turn`);
      const action = ruleset.bot(current, seat, botStream);
      const applied = ruleset.apply(current, seat, action, await streams.action(currentSeq, actions.length));
      if (isRuleError(applied)) {
        throw new BotFailure(`${ruleset.id} bot for ${seat} chose an illegal action: ${applied.code} ${applied.message}`);
      }
      actions.push(action);
      events.push(...applied.events);
      current = applied.state;
    }
    turns.push({ seat, seq: currentSeq, actions, events, state: current });
    currentSeq += 1;
  }
  return { turns, state: current, seq: currentSeq };
}
