/** Read-only views of a state: who stands where, strengths, and copy-on-write helpers. */
import { HEX_COUNT, indexOf, UNIT_INDEX, unitDef, type UnitDef } from "./data";
import type { MoscowState, Strength, UnitState } from "./state";

/** Unit index (into state.units / UNIT_DEFS) standing on each hex, or -1. */
export function occupancy(state: MoscowState): Int16Array {
  const occ = new Int16Array(HEX_COUNT).fill(-1);
  state.units.forEach((u, k) => {
    if (u.position) {
      const i = indexOf(u.position);
      if (i >= 0) occ[i] = k;
    }
  });
  return occ;
}

export function unitState(state: MoscowState, id: string): UnitState | undefined {
  const k = UNIT_INDEX.get(id);
  return k === undefined ? undefined : state.units[k];
}

export function positionIndex(u: UnitState): number {
  return u.position ? indexOf(u.position) : -1;
}

/** Current combat strength (0 when eliminated). */
export function strengthOf(def: UnitDef, strength: Strength): number {
  return strength === "full" ? def.full : strength === "half" ? def.half : 0;
}

export function currentStrength(state: MoscowState, id: string): number {
  const def = unitDef(id);
  const u = unitState(state, id);
  return def && u ? strengthOf(def, u.strength) : 0;
}

/** A copy of the state with one unit replaced. */
export function withUnit(state: MoscowState, id: string, change: Partial<UnitState>): MoscowState {
  const k = UNIT_INDEX.get(id)!;
  const units = state.units.slice();
  units[k] = { ...units[k]!, ...change };
  return { ...state, units };
}

/** One step off: full to half, half to eliminated. */
export function reduced(strength: Strength): Strength {
  return strength === "full" ? "half" : "eliminated";
}

/** Strength a unit's next step is worth (printed): full minus half, or half. */
export function nextStepValue(def: UnitDef, strength: Strength): number {
  return strength === "full" ? def.full - def.half : strength === "half" ? def.half : 0;
}
