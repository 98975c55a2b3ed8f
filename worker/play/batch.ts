import type { Draw } from "../engine/rng";
import { RecordingRng } from "../engine/rng";
import type { AnyRuleset, GameEvent, RuleError, Seat } from "../engine/ruleset";
import { isRuleError, ruleError } from "../engine/ruleset";
import type { Streams } from "./dice";

export type BatchResult =
  | { ok: true; state: unknown; events: GameEvent[]; draws: Draw[][]; eliminated: Seat[] }
  | { ok: false; index: number; error: RuleError };

/**
 * Applies a player's batch all or nothing, recording each action's draws. An action that
 * drew dice must be the last one: otherwise a player could see a roll and keep or drop the
 * rest of the batch.
 */
export async function applyBatch(
  ruleset: AnyRuleset,
  state: unknown,
  seat: Seat,
  actions: readonly unknown[],
  streams: Streams,
  seq: number,
): Promise<BatchResult> {
  const events: GameEvent[] = [];
  const draws: Draw[][] = [];
  const eliminated: Seat[] = [];
  let current = state;
  for (const [index, action] of actions.entries()) {
    const rng = new RecordingRng(await streams.action(seq, index));
    const applied = ruleset.apply(current, seat, action, rng);
    if (isRuleError(applied)) return { ok: false, index, error: applied };
    if (rng.draws > 0 && index < actions.length - 1) {
      return {
        ok: false,
        index,
        error: ruleError("bad_batch", `Action ${index} rolled dice, so it must be the last action of its batch; send the rest after seeing the result`, {
          index,
        }),
      };
    }
    current = applied.state;
    events.push(...applied.events);
    draws.push(rng.recorded);
    eliminated.push(...(applied.eliminated ?? []));
  }
  return { ok: true, state: current, events, draws, eliminated };
}
