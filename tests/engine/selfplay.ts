import { rngFromSeed } from "../../worker/engine/rng";
import { isRuleError, type Options, type Ruleset, type Seat } from "../../worker/engine/ruleset";

export interface LoggedAction {
  seat: Seat;
  action: unknown;
}

export interface SelfPlay<S> {
  initial: S;
  final: S;
  log: LoggedAction[];
}

/** Same derivation shape as the service: one dice stream per action, bots on their own stream. */
export const diceFor = (seed: string, index: number) => rngFromSeed(`${seed}:${index}`);
export const botRngFor = (seed: string, index: number) => rngFromSeed(`bot:${seed}:${index}`);

export function setupOrThrow<S>(ruleset: Ruleset<S>, scenario: string, options: Options, seed: string): S {
  const state = ruleset.setup(scenario, options, rngFromSeed(`setup:${seed}`));
  if (isRuleError(state)) throw new Error(`setup failed: ${state.message}`);
  return state;
}

/** Bots play every seat until the game ends or `maxActions` is reached. */
export function selfPlay<S>(ruleset: Ruleset<S>, scenario: string, options: Options, seed: string, maxActions = 20_000): SelfPlay<S> {
  const initial = setupOrThrow(ruleset, scenario, options, seed);
  let state = initial;
  const log: LoggedAction[] = [];
  while (log.length < maxActions) {
    const seat = ruleset.toAct(state)[0];
    if (seat === undefined) break;
    const action = ruleset.bot(state, seat, botRngFor(seed, log.length));
    const applied = ruleset.apply(state, seat, action, diceFor(seed, log.length));
    if (isRuleError(applied)) {
      throw new Error(`bot for ${seat} chose a rejected action ${JSON.stringify(action)}: ${applied.code} ${applied.message}`);
    }
    log.push({ seat, action });
    state = applied.state;
  }
  return { initial, final: state, log };
}

export function replay<S>(ruleset: Ruleset<S>, scenario: string, options: Options, seed: string, log: readonly LoggedAction[]): S {
  let state = setupOrThrow(ruleset, scenario, options, seed);
  log.forEach(({ seat, action }, index) => {
    const applied = ruleset.apply(state, seat, action, diceFor(seed, index));
    if (isRuleError(applied)) throw new Error(`replay rejected action ${index}: ${applied.message}`);
    state = applied.state;
  });
  return state;
}
