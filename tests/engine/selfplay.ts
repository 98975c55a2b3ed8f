import type { ReplayTurn } from "../../worker/engine/replay";
import { RecordingRng, rngFromSeed } from "../../worker/engine/rng";
import { isRuleError, type AnyRuleset, type Seat } from "../../worker/engine/ruleset";

export interface LoggedAction {
  seat: Seat;
  action: unknown;
}

export interface SelfPlay<S> {
  initial: S;
  final: S;
  log: LoggedAction[];
  /** The log as the service stores it: one turn per action, with the draws it consumed. */
  turns: ReplayTurn[];
}

/** Same derivation shape as the service: one dice stream per action, bots on their own stream. */
export const diceFor = (seed: string, index: number) => rngFromSeed(`${seed}:${index}`);
export const botRngFor = (seed: string, index: number) => rngFromSeed(`bot:${seed}:${index}`);

export function setupOrThrow<S>(ruleset: AnyRuleset, scenario: string, options: unknown, seed: string): S {
  const parsed = ruleset.parseOptions(options);
  if (isRuleError(parsed)) throw new Error(`options refused: ${parsed.message}`);
  const state = ruleset.setup(scenario, parsed, rngFromSeed(`setup:${seed}`));
  if (isRuleError(state)) throw new Error(`setup failed: ${state.message}`);
  return state as S;
}

/** Bots play every seat until the game ends or `maxActions` is reached. */
export function selfPlay<S>(ruleset: AnyRuleset, scenario: string, options: unknown, seed: string, maxActions = 20_000): SelfPlay<S> {
  const initial = setupOrThrow<S>(ruleset, scenario, options, seed);
  let state = initial;
  const log: LoggedAction[] = [];
  const turns: ReplayTurn[] = [];
  while (log.length < maxActions) {
    const seat = ruleset.toAct(state)[0];
    if (seat === undefined) break;
    const action = ruleset.bot(state, seat, botRngFor(seed, log.length));
    const rng = new RecordingRng(diceFor(seed, log.length));
    const applied = ruleset.apply(state, seat, action, rng);
    if (isRuleError(applied)) {
      throw new Error(`bot for ${seat} chose a rejected action ${JSON.stringify(action)}: ${applied.code} ${applied.message}`);
    }
    log.push({ seat, action });
    turns.push({ seq: log.length, seat, actions: [action], draws: [rng.recorded] });
    state = applied.state as S;
  }
  return { initial, final: state, log, turns };
}

/** Replays a self-play log with fresh dice from the same seed (not from recorded draws). */
export function replaySeeded<S>(ruleset: AnyRuleset, scenario: string, options: unknown, seed: string, log: readonly LoggedAction[]): S {
  let state = setupOrThrow<S>(ruleset, scenario, options, seed);
  log.forEach(({ seat, action }, index) => {
    const applied = ruleset.apply(state, seat, action, diceFor(seed, index));
    if (isRuleError(applied)) throw new Error(`replay rejected action ${index}: ${applied.message}`);
    state = applied.state as S;
  });
  return state;
}
