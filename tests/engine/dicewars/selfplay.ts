import { expect, it } from "vitest";
import { dicewars } from "../../../worker/engine/dicewars";
import type { DiceWarsState } from "../../../worker/engine/dicewars/state";
import { type Rng, rngFromSeed } from "../../../worker/engine/rng";
import { isRuleError } from "../../../worker/engine/ruleset";
import { type LoggedAction, setupOrThrow } from "../selfplay";

/**
 * ../selfplay.ts, with one dice stream per game instead of one per action: deriving an Rng
 * (rngFromSeed) costs more than a dicewars action, and these games run to tens of thousands
 * of actions. The conformance suite plays a few games per size the service's way.
 */
function playGame(scenario: string, seed: string, maxActions: number) {
  let state: DiceWarsState = setupOrThrow(dicewars, scenario, {}, seed);
  const dice = rngFromSeed(`dice:${seed}`);
  const log: LoggedAction[] = [];
  while (log.length < maxActions) {
    const seat = dicewars.toAct(state)[0];
    if (seat === undefined) break;
    const action = dicewars.bot(state, seat, noDraws);
    const applied = dicewars.apply(state, seat, action, dice);
    if (isRuleError(applied)) throw new Error(`bot for ${seat} chose a rejected action ${JSON.stringify(action)}: ${applied.message}`);
    log.push({ seat, action });
    state = applied.state;
  }
  return { final: state, log };
}

function replayGame(scenario: string, seed: string, log: readonly LoggedAction[]): DiceWarsState {
  let state: DiceWarsState = setupOrThrow(dicewars, scenario, {}, seed);
  const dice = rngFromSeed(`dice:${seed}`);
  log.forEach(({ seat, action }, index) => {
    const applied = dicewars.apply(state, seat, action, dice);
    if (isRuleError(applied)) throw new Error(`replay rejected action ${index}: ${applied.message}`);
    state = applied.state;
  });
  return state;
}

/** The bot's Rng: dicewars bots use no randomness of their own, so any draw fails the test. */
const noDraws: Rng = {
  float: () => {
    throw new Error("the bot drew a random number");
  },
  int: () => {
    throw new Error("the bot drew a random number");
  },
  d6: () => {
    throw new Error("the bot drew a random number");
  },
  draws: 0,
};

export interface Bounds {
  /** Rounds a game may last (the longest of the 100 seeded games on 25x25 took 540). */
  rounds: number;
  actions: number;
}

/**
 * `games` seeded 4-bot games on one map size: each ends with a single last player standing
 * within `bounds`, and its log replays to a byte-identical state.
 */
export function seededGames(scenario: string, games: number, bounds: Bounds) {
  it(`${games} seeded 4-bot games on ${scenario} end with one winner and replay byte-identically`, () => {
    const rounds: number[] = [];
    for (let g = 0; g < games; g++) {
      const seed = `dicewars-${scenario}-${g}`;
      const game = playGame(scenario, seed, bounds.actions);
      const final = game.final;
      const where = `${seed} after ${game.log.length} actions, round ${final.round}`;
      expect(dicewars.toAct(final), where).toEqual([]);
      const outcome = dicewars.outcome(final);
      expect(outcome, where).toMatchObject({ result: "win", reason: "last_player_standing" });
      expect(outcome!.winners, where).toHaveLength(1);
      const winner = Number(outcome!.winners[0]!.slice(1)) - 1;
      expect(final.players.filter((p) => !p.eliminated).map((p) => p.seat)).toEqual(outcome!.winners);
      expect(final.owner.every((o) => o === -1 || o === winner), where).toBe(true);
      expect(final.round, where).toBeLessThanOrEqual(bounds.rounds);
      rounds.push(final.round);
      expect(JSON.stringify(replayGame(scenario, seed, game.log)), where).toBe(JSON.stringify(final));
    }
    if (process.env.DICEWARS_STATS) console.log(scenario, "rounds max", Math.max(...rounds), "mean", rounds.reduce((a, b) => a + b) / rounds.length);
  });
}
