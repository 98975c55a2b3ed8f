import { seedStreams } from "../play/dice";
import { commitChange } from "./commit";
import { standInWaiting } from "../play/autoplay";
import { advance, standInsOf } from "./advance";
import type { Deps } from "../deps";
import { openGame } from "./load";

/**
 * Plays the bots of a game that is still waiting on them (its last request ran out of bot
 * budget). Bounded like a request; returns false when there was nothing to do or another
 * writer got there first.
 */
export async function resumeBots(deps: Deps, gameId: string, requester: string | null = null): Promise<boolean> {
  const opened = await openGame(deps, gameId, null, { forChange: true });
  const { game, seats, ruleset } = opened;
  if (game.status !== "active") return false;
  // a bot, or a standing order, can act: a request ran out of budget before it
  if (!standInWaiting(ruleset, game.state, standInsOf(seats))) return false;
  const botSeat = game.toAct.find((seat) => seats.some((s) => s.seat === seat && s.bot === 1)) ?? game.toAct[0]!;
  const streams = await seedStreams(game.seed);
  // The first bot turn becomes the change itself, so every turn row is a real turn.
  const result = await advance(deps, ruleset, opened, streams, {
    state: game.state,
    // a seat watching the page asked: the position it gets back is its answer, no mail
    requester,
    turn: { seat: botSeat, byBot: 1, service: "bots_resumed", actions: [], events: [{ kind: "bots_resumed" }] },
  });
  return (await commitChange(deps, opened, result.commit)).ok;
}
