/** Fire (musket.md 8): who may fire at whom, the hit chance in whole percent, and the resolution in its exact order. */
import { distance } from "../hex";
import type { Rng } from "../rng";
import { terrainDef } from "./board";
import { ARTILLERY_LONG_RANGE, LONG_RANGE_PERCENT, UNIT_DEFS } from "./data";
import type { MusketEvent } from "./events";
import { leaderCasualty, removeEliminated } from "./leaders";
import { moraleCheck } from "./morale";
import { los } from "./sight";
import type { MusketState, Unit } from "./state";

export type FireRefusal = "own_unit" | "not_on_map" | "cannot_fire" | "has_fired" | "has_moved" | "out_of_range" | "no_los";

export interface FireChance {
  basePercent: number;
  coverPercent: number;
  longRangePercent: number;
  /** Clamped, whole percent. */
  percent: number;
  distance: number;
}

export function fireChance(state: Pick<MusketState, "map">, firer: Unit, target: Unit): FireChance {
  const d = distance(firer.hex, target.hex);
  const basePercent = UNIT_DEFS[firer.type].basePercent;
  const coverPercent = terrainDef(state.map, target.hex).coverPercent;
  const longRangePercent = firer.type === "artillery" && d >= ARTILLERY_LONG_RANGE ? LONG_RANGE_PERCENT : 0;
  const percent = Math.min(100, Math.max(0, basePercent + coverPercent + longRangePercent));
  return { basePercent, coverPercent, longRangePercent, percent, distance: d };
}

/** 8.1: why `firer` may not fire at `target` now, or null when it may. */
export function fireRefusal(state: Pick<MusketState, "map" | "units">, firer: Unit, target: Unit | undefined): FireRefusal | null {
  if (!target) return "not_on_map";
  if (target.side === firer.side) return "own_unit";
  const def = UNIT_DEFS[firer.type];
  if (def.fireRange <= 0) return "cannot_fire";
  if (firer.fired) return "has_fired";
  if (def.actionType === "move_or_fire" && firer.mpUsed > 0) return "has_moved";
  const d = distance(firer.hex, target.hex);
  if (d < 1 || d > def.fireRange) return "out_of_range";
  if (!los(state, firer.hex, target.hex)) return "no_los";
  return null;
}

export function fireTargets(state: Pick<MusketState, "map" | "units">, firer: Unit): Unit[] {
  return state.units.filter((t) => t.side !== firer.side && fireRefusal(state, firer, t) === null);
}

/** 8.3 on a draft: firer and target are the draft's own units. */
export function resolveFire(state: MusketState, firer: Unit, target: Unit, rng: Rng): MusketEvent[] {
  const c = fireChance(state, firer, target);
  firer.fired = true;
  const u1 = rng.float();
  const hit = u1 < c.percent / 100;
  const u2 = hit ? rng.float() : null;
  const damage = u2 === null ? 0 : u2 < 1 / 6 ? 2 : 1;
  const events: MusketEvent[] = [
    {
      kind: "fired",
      unit: firer.id,
      target: target.id,
      from: firer.hex,
      at: target.hex,
      distance: c.distance,
      base: c.basePercent / 100,
      cover: c.coverPercent / 100,
      longRange: c.longRangePercent / 100,
      chance: c.percent / 100,
      u1,
      hit,
      u2,
      damage,
    },
  ];
  if (!hit) return events;
  target.sp -= damage;
  if (target.sp <= 0) return [...events, ...removeEliminated(state)];
  events.push(...leaderCasualty(state, target, rng));
  events.push(moraleCheck(state, target, firer.hex, rng));
  return [...events, ...removeEliminated(state)];
}
