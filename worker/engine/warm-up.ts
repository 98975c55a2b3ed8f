/**
 * Plays a little of every ruleset once, from a fixed seed: the computer's moves from the start of
 * each scenario (one may open with deployment, another with combat), with the reads a request makes around them. Run at an isolate's startup
 * (worker/warm-up.ts), so V8 has compiled the engine before the first request needs it.
 */
import type { Registry } from "./registry";
import { rngFromSeed } from "./rng";
import { isRuleError, type AnyRuleset } from "./ruleset";

export function playEveryRuleset(registry: Registry, actionsEach: (ruleset: AnyRuleset) => number): number {
  let played = 0;
  for (const ruleset of registry.values()) {
    const options = ruleset.parseOptions(undefined);
    if (isRuleError(options)) continue;
    for (const scenario of ruleset.scenarios) played += playScenario(ruleset, scenario.id, options, actionsEach(ruleset));
  }
  return played;
}

function playScenario(ruleset: AnyRuleset, scenario: string, options: unknown, actions: number): number {
  const rng = rngFromSeed(`warm-up:${ruleset.id}:${scenario}`);
  let state = ruleset.setup(scenario, options, rng);
  if (isRuleError(state)) return 0;
  let played = 0;
  for (; played < actions && !ruleset.outcome(state); played++) {
    const seat = ruleset.toAct(state)[0];
    if (seat === undefined) break;
    ruleset.legal(state, seat);
    ruleset.owed(state);
    const applied = ruleset.apply(state, seat, ruleset.bot(state, seat, rng), rng);
    if (isRuleError(applied)) break;
    for (const event of applied.events) ruleset.describe(event);
    state = applied.state;
  }
  ruleset.view(state, null);
  ruleset.summary(state);
  JSON.parse(JSON.stringify(state));
  return played;
}
