/** The difficult-terrain check (musket.md 6.4): leaving a hilltop by move, charge or exit. */
import type { Rng } from "../rng";
import { cell, terrainDef } from "./board";
import { UNIT_DEFS } from "./data";
import type { MusketEvent } from "./events";
import type { MusketState, Unit } from "./state";

export const needsTerrainCheck = (state: Pick<MusketState, "map">, unit: Unit): boolean => UNIT_DEFS[unit.type].terrainCheck && terrainDef(state.map, unit.hex).difficult;

/** One draw when the unit needs a check (pass iff u >= 0.5); null when it needs none. */
export function terrainCheck(state: Pick<MusketState, "map">, unit: Unit, rng: Rng): Extract<MusketEvent, { kind: "terrain_check" }> | null {
  if (!needsTerrainCheck(state, unit)) return null;
  const u = rng.float();
  return { kind: "terrain_check", unit: unit.id, hex: cell(unit.hex), u, passed: u >= 0.5 };
}
