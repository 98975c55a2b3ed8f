/**
 * The environment's rewards (worker/engine/README.md, "The environment": `step` returns
 * `rewards` by seat, "+1 each winner and -1 each other seat once the game is won, 0 otherwise
 * and on a draw", and `reward`, the acting seat's). The only -1 in the code is a seat outside
 * the winners of a won game (environment.ts, rewardsOf); each way a seat comes to it, and the
 * draw that gives none, on a seeded game played to its end through reset() and step() alone.
 */
import { describe, expect, it } from "vitest";
import { Environment, type StepResult } from "../../worker/engine/env/environment";
import { rngFromSeed } from "../../worker/engine/rng";
import type { DiceWarsState } from "../../worker/engine/dicewars";

interface Played {
  env: Environment;
  seats: string[];
  /** Every step's result, the last one ending the game. */
  results: StepResult[];
  /** Each step's state after it, as the environment holds it. */
  states: unknown[];
}

/** Random legal indices (seeded) until the game ends, as docs/env-random.py plays. */
function playToEnd(ruleset: string, scenario: string, seed: string, options: Record<string, unknown> = {}): Played {
  const env = new Environment(ruleset);
  const { seats } = env.reset(scenario, seed, options);
  const pick = rngFromSeed(`pick:${seed}`);
  const results: StepResult[] = [];
  const states: unknown[] = [];
  while (env.toAct().length > 0) {
    expect(results.length, `${seed} ends within 20000 steps`).toBeLessThan(20_000);
    const legal = env.legalIndices();
    results.push(env.step(legal[pick.int(legal.length)]!));
    states.push(env.current);
  }
  return { env, seats, results, states };
}

/** Until the step that ends the game, every seat's reward is 0 (README: -1 only "once the game is won"). */
function expectZeroBeforeTheEnd({ results, seats }: Played): void {
  results.slice(0, -1).forEach((r, i) => {
    expect(r.done, `step ${i}`).toBe(false);
    expect(r.rewards, `step ${i}`).toEqual(seats.map(() => 0));
    expect(r.reward, `step ${i}`).toBe(0);
  });
}

const last = (p: Played): StepResult => p.results[p.results.length - 1]!;

describe("the environment's -1 rewards (worker/engine/README.md, step)", () => {
  // two seats, the game won while the winner acts: the other seat, not acting, gets its -1 then
  it.each([
    ["skirmish", "small-clash", "rewards-2"],
    ["musket", "the-bridge", "rewards-0"],
  ])("%s %s %s: the loser gets -1 on the step that wins the game, the winner +1, nobody anything before", (ruleset, scenario, seed) => {
    const played = playToEnd(ruleset, scenario, seed);
    const outcome = played.env.ruleset.outcome(played.env.current)!;
    expect(outcome.result).toBe("win");
    expect(outcome.winners).toHaveLength(1);
    const winner = outcome.winners[0]!;
    const loser = played.seats.find((s) => s !== winner)!;
    const end = last(played);
    expect(end.done).toBe(true);
    expect(end.seat).toBe(winner);
    expect(end.rewards[played.seats.indexOf(loser)]).toBe(-1);
    expect(end.rewards[played.seats.indexOf(winner)]).toBe(1);
    expect(end.reward).toBe(1);
    expectZeroBeforeTheEnd(played);
  });

  it("skirmish small-clash rewards-0: a seat whose own step loses the game gets -1 as its `reward` too", () => {
    const played = playToEnd("skirmish", "small-clash", "rewards-0");
    const outcome = played.env.ruleset.outcome(played.env.current)!;
    const end = last(played);
    expect(outcome.result).toBe("win");
    expect(outcome.winners).not.toContain(end.seat);
    expect(end.reward).toBe(-1);
    expect(end.rewards[played.seats.indexOf(end.seat)]).toBe(-1);
    expect(end.rewards[played.seats.indexOf(outcome.winners[0]!)]).toBe(1);
    expectZeroBeforeTheEnd(played);
  });

  it("dicewars 10x10, 3 players, rewards-0: a seat knocked out earlier gets 0 when it goes out and -1 only when the game is won, as does every seat but the winner", () => {
    const played = playToEnd("dicewars", "10x10", "rewards-0", { players: 3 });
    const outcome = played.env.ruleset.outcome(played.env.current)!;
    expect(outcome.result).toBe("win");
    const end = last(played);
    expect(end.rewards).toEqual(played.seats.map((s) => (outcome.winners.includes(s) ? 1 : -1)));
    expect(end.rewards.filter((r) => r === -1)).toHaveLength(2);
    // the step that knocked the first seat out, some way before the end
    const out = played.states.findIndex((s) => (s as DiceWarsState).players.some((p) => p.eliminated));
    expect(out).toBeGreaterThanOrEqual(0);
    expect(out).toBeLessThan(played.results.length - 1);
    const gone = (played.states[out] as DiceWarsState).players.find((p) => p.eliminated)!.seat;
    expect(outcome.winners).not.toContain(gone);
    expect(played.results[out]!.rewards[played.seats.indexOf(gone)]).toBe(0);
    expect(end.rewards[played.seats.indexOf(gone)]).toBe(-1);
    expectZeroBeforeTheEnd(played);
  });

  it("skirmish small-elimination rewards-7: a drawn game gives no -1 (nor +1) to anyone, on its last step either", () => {
    const played = playToEnd("skirmish", "small-elimination", "rewards-7");
    const outcome = played.env.ruleset.outcome(played.env.current)!;
    expect(outcome.result).toBe("draw");
    const end = last(played);
    expect(end.done).toBe(true);
    expect(end.rewards).toEqual(played.seats.map(() => 0));
    expect(end.reward).toBe(0);
    expectZeroBeforeTheEnd(played);
  });

  it("once the game is over there is no step to give another reward: step() throws and the rewards stand", () => {
    const played = playToEnd("skirmish", "small-clash", "rewards-2");
    const before = played.env.current;
    expect(() => played.env.step(0)).toThrow("the game is over");
    expect(played.env.current).toBe(before);
  });
});
