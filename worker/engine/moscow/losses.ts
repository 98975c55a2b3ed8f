/** Attacker losses after AL and EX: the minimal sets of steps, and applying steps. */

import type { MoscowEvent } from "./events";
import { nextStepValue, reduced, unitState, withUnit } from "./board";
import { unitDef } from "./data";
import type { ChooseLossesAction, MoscowState } from "./state";

/** Printed values of the steps a unit still has, in the order they come off. */
export function stepValues(state: MoscowState, id: string): number[] {
  const def = unitDef(id);
  const u = unitState(state, id);
  if (!def || !u || !u.position) return [];
  return u.strength === "full" ? [def.full - def.half, def.half] : u.strength === "half" ? [def.half] : [];
}

/** Every attacker still on the map. */
export function survivingAttackers(state: MoscowState, attackers: readonly string[]): string[] {
  return attackers.filter((id) => unitState(state, id)?.position);
}

/**
 * Exchange loss options: every set of steps worth at least `minLoss` from which no step could be
 * dropped (steps leave a unit in order, so only a unit's last step taken can be dropped). If all
 * steps together are worth less, the only option is all of them.
 */
export function exchangeOptions(state: MoscowState, attackers: readonly string[], minLoss: number): ChooseLossesAction[] {
  const units = survivingAttackers(state, attackers);
  const values = units.map((id) => stepValues(state, id));
  // summed in place, in the same order (flat() builds its list by a slow generic path)
  let total = 0;
  for (let k = 0; k < values.length; k++) for (let c = 0; c < values[k]!.length; c++) total += values[k]![c]!;
  if (total < minLoss) return [{ type: "choose_losses", steps: units.flatMap((id, k) => values[k]!.map(() => id)) }];
  const options: ChooseLossesAction[] = [];
  const counts = new Array<number>(units.length).fill(0);
  const visit = (k: number, sum: number) => {
    if (sum >= minLoss) {
      // enough already: the units from k on lose nothing (any step of theirs could be dropped)
      for (let j = 0; j < k; j++) {
        const c = counts[j]!;
        if (c > 0 && sum - values[j]![c - 1]! >= minLoss) return; // a step could be dropped
      }
      const steps: string[] = [];
      for (let j = 0; j < k; j++) for (let c = counts[j]!; c > 0; c--) steps.push(units[j]!);
      options.push({ type: "choose_losses", steps });
      return;
    }
    if (k === units.length) return;
    let s = sum;
    for (let c = 0; c <= values[k]!.length; c++) {
      counts[k] = c;
      visit(k + 1, s);
      s += values[k]![c] ?? 0;
    }
    counts[k] = 0;
  };
  visit(0, 0);
  return options;
}

/** AL: any one attacker loses one step. */
export function attackerLossOptions(state: MoscowState, attackers: readonly string[]): ChooseLossesAction[] {
  return survivingAttackers(state, attackers).map((id) => ({ type: "choose_losses", steps: [id] }));
}

/** Takes one step off a unit, with its event. */
export function loseStep(state: MoscowState, id: string, cause: string, events: MoscowEvent[]): MoscowState {
  const u = unitState(state, id)!;
  const def = unitDef(id)!;
  const strength = reduced(u.strength);
  events.push({
    kind: "step_lost",
    unitId: id,
    side: def.side,
    hex: u.position,
    from: u.strength,
    to: strength,
    value: nextStepValue(def, u.strength),
    cause,
  });
  return withUnit(state, id, strength === "eliminated" ? { strength, position: null } : { strength });
}

/** Removes a unit outright (DE, or a retreat with no path). */
export function eliminate(state: MoscowState, id: string, cause: string, events: MoscowEvent[]): MoscowState {
  const u = unitState(state, id)!;
  events.push({ kind: "eliminated", unitId: id, side: unitDef(id)!.side, hex: u.position, from: u.strength, cause });
  return withUnit(state, id, { strength: "eliminated", position: null });
}
