/**
 * The computer's moves as the cold bench plays them, shared by the Worker's bench routes
 * (bench/isolate-entry.ts) and the Node side that picks a position for them (busiestPosition in
 * bench/cold-request.ts): the same setup seed and the same per-action seeds (b0.., d0..), so a
 * route replays exactly the moves Node chose. No Node APIs: this is bundled into the Worker.
 */
import { botActionsPerRequest } from "../worker/games/advance";
import { botPlay, type BotRngs } from "../worker/engine/bot-play";
import { rngFromSeed } from "../worker/engine/rng";
import { isRuleError, type AnyRuleset } from "../worker/engine/ruleset";

type Outcome<T> = ({ ok: true } & T) | { ok: false; message: string };

/** The scenario set up as the bench sets it up. */
export function benchStart(ruleset: AnyRuleset, scenario: string, options: unknown): Outcome<{ state: unknown }> {
  const parsed = ruleset.parseOptions(options);
  if (isRuleError(parsed)) return { ok: false, message: parsed.message };
  const state = ruleset.setup(scenario, parsed, rngFromSeed("cold"));
  return isRuleError(state) ? { ok: false, message: state.message } : { ok: true, state };
}

/** The computer's budget of actions (`botActionsPerRequest`) from `state`; fewer if the game ends first. */
export function playBudget(ruleset: AnyRuleset, state: unknown): Outcome<{ state: unknown; played: number; events: number }> {
  const rngs: BotRngs = { bot: (i) => rngFromSeed(`b${i}`), dice: (i) => rngFromSeed(`d${i}`) };
  const play = botPlay(ruleset, state, rngs, { maxActions: botActionsPerRequest(ruleset) });
  let events = 0;
  for (;;) {
    const next = play.next();
    if (!next.done) {
      events += next.value.events.length;
      continue;
    }
    const end = next.value;
    return end.refused ? { ok: false, message: end.refused.error.message } : { ok: true, state: end.state, played: end.played, events };
  }
}
