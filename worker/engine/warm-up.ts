/**
 * Plays a little of every ruleset once, from a fixed seed: the computer's moves from the start of
 * each scenario (one may open with deployment, another with combat), with the reads a request makes around them. Run at an isolate's startup
 * (worker/warm-up.ts), so V8 has compiled the engine before the first request needs it.
 */
import type { Registry } from "./registry";
import { botPlay } from "./bot-play";
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
  const start = ruleset.setup(scenario, options, rng);
  if (isRuleError(start)) return 0;
  // one stream for the computer and the dice, as a request's own draws follow each other
  const readsAround = (state: unknown, seat: string) => {
    ruleset.legal(state, seat);
    ruleset.owed(state);
    return true;
  };
  const play = botPlay(ruleset, start, { bot: () => rng, dice: () => rng }, { maxActions: actions, keepOn: readsAround });
  let next = play.next();
  for (; !next.done; next = play.next()) for (const event of next.value.events) ruleset.describe(event);
  const { state, played } = next.value;
  ruleset.view(state, null);
  ruleset.summary(state);
  JSON.parse(JSON.stringify(state));
  return played;
}
