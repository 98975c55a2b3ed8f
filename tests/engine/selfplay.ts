/** The engine's one bot loop (worker/engine/bot-play.ts) as the tests use it, and a replay with fresh dice. */
import { seededRngs, setupOrThrow } from "../../worker/engine/bot-play";
import { isRuleError, type AnyRuleset, type Seat } from "../../worker/engine/ruleset";

export { selfPlay, setupOrThrow, type SelfPlay } from "../../worker/engine/bot-play";

export interface LoggedAction {
  seat: Seat;
  action: unknown;
}

/** Replays a self-play log with fresh dice from the same seed (not from recorded draws). */
export function replaySeeded<S>(ruleset: AnyRuleset, scenario: string, options: unknown, seed: string, log: readonly LoggedAction[]): S {
  const rngs = seededRngs(seed);
  let state = setupOrThrow<S>(ruleset, scenario, options, seed);
  log.forEach(({ seat, action }, index) => {
    const applied = ruleset.apply(state, seat, action, rngs.dice(index));
    if (isRuleError(applied)) throw new Error(`replay rejected action ${index}: ${applied.message}`);
    state = applied.state as S;
  });
  return state;
}
