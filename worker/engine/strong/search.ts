/**
 * The strong computer's search, over any ruleset: at each decision it compares the standard
 * computer's choice with a few other legal actions by playing each forward a bounded number of
 * actions (both sides played by the standard computer, the dice sampled) and scoring where the
 * futures end with the ruleset's evaluation. "The standard computer" is the `bot` of the ruleset
 * it is handed: index.ts hands one whose searching seat plays its own policy where the level has
 * one (DiceWars with 3-4 players), every other seat the standard's. Its cost is bounded by
 * counting simulated actions, never by a clock, so a decision is the same on every machine:
 * randomness comes only from the Rng it is handed (the seat's bot stream), never from the
 * game's dice streams.
 */
import { rngFromSeed, type Rng } from "../rng";
import { isRuleError, type AnyRuleset, type Seat } from "../ruleset";

/** A position's worth to `seat` short of the game's end, in [0, 1]: 1 a sure win, 0 a sure loss. */
export type Evaluate<S = any> = (state: S, seat: Seat) => number;

/** How much one decision may simulate: at most screen × screenRolls + candidates × rollouts × (1 + depth) actions. */
export interface SearchBounds {
  /** First actions compared, the standard computer's own among them. */
  candidates: number;
  /** Futures sampled per candidate (the same dice seeds for every candidate). */
  rollouts: number;
  /** Actions played in each future after the candidate, at most. */
  depth: number;
  /** A future also stops once the seat to act has changed this many times (1: the end of the seat's own run of actions). */
  handovers: number;
  /** How much better (mean value, 0..1) another action must score to be played instead of the standard's. */
  margin: number;
  /**
   * Legal choices looked at before the candidates are chosen: each is applied with `screenRolls`
   * sampled dice and scored where it leaves the game; the best go on to the rollouts. 0: the
   * candidates are drawn at random.
   */
  screen: number;
  screenRolls: number;
}

export const simulatedActions = (b: SearchBounds): number => b.screen * b.screenRolls + b.candidates * b.rollouts * (1 + b.depth);

/** The value of a position to `seat`: the outcome once the game is over, else the evaluation, kept inside (0, 1). */
export function valueOf(ruleset: AnyRuleset, evaluate: Evaluate, state: unknown, seat: Seat): number {
  const outcome = ruleset.outcome(state);
  if (outcome) return outcome.result === "draw" ? 0.5 : outcome.winners.includes(seat) ? 1 : 0;
  return 0.05 + 0.9 * Math.min(1, Math.max(0, evaluate(state, seat)));
}

/** One sampled future of `action`: its value to `seat`, or null when apply refused it. */
export function future(ruleset: AnyRuleset, evaluate: Evaluate, state: unknown, seat: Seat, action: unknown, seed: number, bounds: SearchBounds): number | null {
  const rng = rngFromSeed(seed);
  const first = ruleset.apply(state, seat, action, rng);
  if (isRuleError(first)) return null;
  let current = first.state;
  let last = seat;
  let handovers = 0;
  for (let played = 0; played < bounds.depth; played++) {
    const who = ruleset.toAct(current)[0];
    if (who === undefined) break;
    if (who !== last && ++handovers >= bounds.handovers) break;
    last = who;
    const next = ruleset.apply(current, who, ruleset.bot(current, who, rng), rng);
    if (isRuleError(next)) break;
    current = next.state;
  }
  return valueOf(ruleset, evaluate, current, seat);
}

/** The mean value to `seat` of `action`'s futures, one a seed (the same seeds for every candidate); null when apply refused it. */
export function meanFuture(ruleset: AnyRuleset, evaluate: Evaluate, state: unknown, seat: Seat, action: unknown, seeds: readonly number[], bounds: SearchBounds): number | null {
  let total = 0;
  for (const seed of seeds) {
    const value = future(ruleset, evaluate, state, seat, action, seed, bounds);
    if (value === null) return null;
    total += value;
  }
  return total / seeds.length;
}

/** Up to `count` items of `items`, drawn without replacement by `rng` (a partial Fisher-Yates on a copy). */
export function sample<T>(items: readonly T[], count: number, rng: Rng): T[] {
  const pool = items.slice();
  const taken = Math.min(count, pool.length);
  for (let i = 0; i < taken; i++) {
    const j = i + rng.int(pool.length - i);
    [pool[i], pool[j]] = [pool[j]!, pool[i]!];
  }
  return pool.slice(0, taken);
}

/** The `candidates - 1` of `actions` that score best where one action leaves the game, over a few sampled dice. */
function screened(ruleset: AnyRuleset, evaluate: Evaluate, bounds: SearchBounds, state: unknown, seat: Seat, actions: readonly unknown[], rng: Rng): unknown[] {
  const seeds = Array.from({ length: bounds.screenRolls }, () => rng.int(0x7fffffff));
  const scored: { action: unknown; value: number }[] = [];
  for (const action of actions) {
    let total = 0;
    for (const seed of seeds) {
      const applied = ruleset.apply(state, seat, action, rngFromSeed(seed));
      if (isRuleError(applied)) {
        total = -Infinity;
        break;
      }
      total += valueOf(ruleset, evaluate, applied.state, seat);
    }
    if (total > -Infinity) scored.push({ action, value: total });
  }
  // stable: equal scores keep legal()'s order, so the choice stays deterministic
  scored.sort((a, b) => b.value - a.value);
  return scored.slice(0, bounds.candidates - 1).map((s) => s.action);
}

/** The strong computer's choice for `seat`: always an action the standard computer or `legal()` offers. */
export function strongChoice(ruleset: AnyRuleset, evaluate: Evaluate, bounds: SearchBounds, state: unknown, seat: Seat, rng: Rng, searched: (state: any) => boolean = () => true): unknown {
  const standard = ruleset.bot(state, seat, rng);
  if (!searched(state)) return standard;
  const choices = ruleset.legal(state, seat).choices;
  if (choices.length <= 1 || bounds.candidates <= 1) return standard;
  const standardKey = JSON.stringify(standard);
  const others = choices.map((c) => c.action).filter((a) => JSON.stringify(a) !== standardKey);
  const candidates = [standard, ...(bounds.screen > 0 ? screened(ruleset, evaluate, bounds, state, seat, sample(others, bounds.screen, rng), rng) : sample(others, bounds.candidates - 1, rng))];
  const seeds = Array.from({ length: bounds.rollouts }, () => rng.int(0x7fffffff));
  let best = standard;
  let bestMean = -1;
  let standardMean = -1;
  for (const [i, candidate] of candidates.entries()) {
    const mean = meanFuture(ruleset, evaluate, state, seat, candidate, seeds, bounds);
    if (mean === null) continue;
    if (i === 0) standardMean = mean;
    if (mean > bestMean) {
      bestMean = mean;
      best = candidate;
    }
  }
  return bestMean > standardMean + bounds.margin ? best : standard;
}
