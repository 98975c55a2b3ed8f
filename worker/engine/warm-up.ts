/**
 * Plays a little of every ruleset once, from a fixed seed: the computer's moves from each first
 * scenario's start, with the reads a request makes around them. Run at an isolate's startup
 * (worker/warm-up.ts), so V8 has compiled the engine before the first request needs it.
 */
import type { Registry } from "./registry";
import { rngFromSeed } from "./rng";
import { isRuleError } from "./ruleset";

export function playEveryRuleset(registry: Registry, actionsEach: (rulesetId: string) => number): number {
  let played = 0;
  for (const ruleset of registry.values()) {
    const rng = rngFromSeed(`warm-up:${ruleset.id}`);
    const options = ruleset.parseOptions(undefined);
    const scenario = ruleset.scenarios[0];
    if (isRuleError(options) || !scenario) continue;
    let state = ruleset.setup(scenario.id, options, rng);
    if (isRuleError(state)) continue;
    for (let i = 0; i < actionsEach(ruleset.id) && !ruleset.outcome(state); i++) {
      const seat = ruleset.toAct(state)[0];
      if (seat === undefined) break;
      ruleset.legal(state, seat);
      ruleset.owed(state);
      const applied = ruleset.apply(state, seat, ruleset.bot(state, seat, rng), rng);
      if (isRuleError(applied)) break;
      for (const event of applied.events) ruleset.describe(event);
      state = applied.state;
      played++;
    }
    ruleset.view(state, null);
    ruleset.summary(state);
    JSON.parse(JSON.stringify(state));
  }
  return played;
}
