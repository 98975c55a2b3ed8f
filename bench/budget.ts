/**
 * The computer's moves as the cold bench plays them, shared by the Worker's bench routes
 * (bench/isolate-entry.ts) and the Node side that picks a position for them (busiestPosition in
 * bench/cold-request.ts): the same setup seed and the same per-action seeds (b0.., d0..), so a
 * route replays exactly the moves Node chose. No Node APIs: this is bundled into the Worker.
 */
import { botActionsPerRequest } from "../worker/games/advance";
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
  const budget = botActionsPerRequest(ruleset);
  let played = 0;
  let events = 0;
  for (; played < budget; played++) {
    const seat = ruleset.toAct(state)[0];
    if (!seat) break;
    const result = ruleset.apply(state, seat, ruleset.bot(state, seat, rngFromSeed(`b${played}`)), rngFromSeed(`d${played}`));
    if (!result.ok) return { ok: false, message: result.message };
    events += result.events.length;
    state = result.state;
  }
  return { ok: true, state, played, events };
}
