/**
 * Read-only views of a state: who stands where, strengths, and copy-on-write helpers. Per-hex
 * views are plain arrays copied from a template (much cheaper to allocate than typed arrays).
 */
import { copyState, copyUnit } from "./copy";
import { HEX_COUNT, indexOf, UNIT_INDEX, unitDef, type UnitDef } from "./data";
import { noteUnitReplaced } from "./unit-replaced";
import type { MoscowState, Strength, UnitState } from "./state";

const NO_UNITS: readonly number[] = Array.from({ length: HEX_COUNT }, () => -1);

/** Unit index (into state.units / UNIT_DEFS) standing on each hex, or -1. */
export function occupancy(state: MoscowState): number[] {
  const occ = NO_UNITS.slice();
  const units = state.units;
  for (let k = 0; k < units.length; k++) {
    const p = units[k]!.position;
    if (!p) continue;
    const i = indexOf(p);
    if (i >= 0) occ[i] = k;
  }
  return occ;
}

/** Index of the unit standing on hex `i`, or -1 (one pass over the units; no per-hex array). */
export function unitOn(state: MoscowState, i: number): number {
  const units = state.units;
  let found = -1;
  for (let k = 0; k < units.length; k++) {
    const p = units[k]!.position;
    if (p && indexOf(p) === i) found = k;
  }
  return found;
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

/** A fresh copy of the state with one unit replaced (the caller may set more fields on it before handing it out). */
export function withUnit(state: MoscowState, id: string, change: Partial<UnitState>): MoscowState {
  const k = UNIT_INDEX.get(id)!;
  const units = state.units.slice();
  const unit = copyUnit(units[k]!);
  if (change.position !== undefined) unit.position = change.position;
  if (change.strength !== undefined) unit.strength = change.strength;
  units[k] = unit;
  noteUnitReplaced(state.units, units, k);
  const next = copyState(state);
  next.units = units;
  return next;
}

/** One step off: full to half, half to eliminated. */
export function reduced(strength: Strength): Strength {
  return strength === "full" ? "half" : "eliminated";
}

/** Strength a unit's next step is worth (printed): full minus half, or half. */
export function nextStepValue(def: UnitDef, strength: Strength): number {
  return strength === "full" ? def.full - def.half : strength === "half" ? def.half : 0;
}
