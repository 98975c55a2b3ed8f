/**
 * Retreat after combat: 2 hexes, step k at distance k from the start, never into an enemy unit or
 * enemy ZOC, through friends; extended hex by hex while the hex reached holds a friend.
 */
import { distance } from "../hex";
import { occupancy, positionIndex, unitState } from "./board";
import { enemyOf, hexOf, NEIGHBOURS, UNIT_DEFS, unitDef } from "./data";
import type { MoscowState, RetreatAction } from "./state";
import { zocOf } from "./zoc";

export const RETREAT_LENGTH = 2;

/** Every legal retreat path (hex indices, start excluded) for the unit standing where it stands. */
export function retreatPaths(state: MoscowState, unitId: string): number[][] {
  const def = unitDef(unitId);
  const u = unitState(state, unitId);
  if (!def || !u?.position) return [];
  const start = positionIndex(u);
  const startHex = hexOf(start);
  const occ = occupancy(state);
  const zoc = zocOf(state, enemyOf(def.side));
  const paths: number[][] = [];
  const walk = (path: number[]) => {
    const here = path.length === 0 ? start : path[path.length - 1]!;
    const k = path.length + 1;
    for (const n of NEIGHBOURS[here]!) {
      if (distance(startHex, hexOf(n)) !== k) continue;
      const o = occ[n]!;
      if (o >= 0 && UNIT_DEFS[o]!.side !== def.side) continue;
      if (zoc[n]) continue;
      const next = [...path, n];
      if (k >= RETREAT_LENGTH && o < 0) paths.push(next);
      else walk(next);
    }
  };
  walk([]);
  return paths;
}

export function retreatOptions(state: MoscowState, unitId: string): RetreatAction[] {
  return retreatPaths(state, unitId).map((p) => ({
    type: "retreat",
    unit_id: unitId,
    path: p.map((i) => [...hexOf(i)] as [number, number]),
  }));
}
