/** The morale check (musket.md 9.3), compared exactly in integers. */
import type { Hex } from "../hex";
import type { Rng } from "../rng";
import { hasLeader, inCommand } from "./command";
import { MORALE_STEP_PERCENT } from "./data";
import type { MusketEvent } from "./events";
import { retreatHex } from "./retreat";
import type { MusketState, Unit } from "./state";

/** The integer right side of 9.3's test and the clamped chance players read. */
export function moraleTerms(state: Pick<MusketState, "units" | "leaders">, unit: Unit): { threshold: number; chance: number } {
  const modifiers = (unit.elite ? 1 : 0) + (hasLeader(state, unit) ? 1 : 0) - (inCommand(state, unit) ? 0 : 1);
  const threshold = 100 * unit.sp + MORALE_STEP_PERCENT * unit.maxSp * modifiers;
  return { threshold, chance: Math.min(1, Math.max(0, threshold / (100 * unit.maxSp))) };
}

/** 9.3: one draw; a failure costs a hit and a retreat away from `source` where a hex is free. Eliminations are the caller's. */
export function moraleCheck(state: MusketState, unit: Unit, source: Hex, rng: Rng): MusketEvent {
  const { threshold, chance } = moraleTerms(state, unit);
  const u = rng.float();
  const passed = u * 100 * unit.maxSp < threshold;
  if (passed) return { kind: "morale", unit: unit.id, chance, u, passed, extraHit: false, retreatTo: null };
  const retreatTo = retreatHex(state, unit, source);
  unit.sp -= 1;
  if (retreatTo) unit.hex = retreatTo;
  return { kind: "morale", unit: unit.id, chance, u, passed, extraHit: true, retreatTo };
}
