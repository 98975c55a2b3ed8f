/**
 * Retreat after combat: 2 hexes, step k at distance k from the start, never into an enemy unit or
 * enemy ZOC, through friends; extended hex by hex while the hex reached holds a friend.
 */
import { occupancy, positionIndex, unitState } from "./board";
import { enemyOf, hexDistance, hexOf, NEIGHBOURS, UNIT_DEFS, unitDef, type Side } from "./data";
import { syncBoard } from "./reach-memo";
import type { MoscowState, RetreatAction } from "./state";
import { zocOf } from "./zoc";

export const RETREAT_LENGTH = 2;

/** Depth-first, in neighbour order: every path from `path`'s end that completes a retreat. */
function walk(start: number, side: Side, occ: readonly number[], zoc: readonly number[], path: number[], paths: number[][]): void {
  const here = path.length === 0 ? start : path[path.length - 1]!;
  const k = path.length + 1;
  const adj = NEIGHBOURS[here]!;
  for (let j = 0; j < adj.length; j++) {
    const n = adj[j]!;
    if (hexDistance(start, n) !== k) continue;
    const o = occ[n]!;
    if (o >= 0 && UNIT_DEFS[o]!.side !== side) continue;
    if (zoc[n]) continue;
    const next = [...path, n];
    if (k >= RETREAT_LENGTH && o < 0) paths.push(next);
    else walk(start, side, occ, zoc, next, paths);
  }
}

/** Every legal retreat path (hex indices, start excluded) for the unit standing where it stands. */
export function retreatPaths(state: MoscowState, unitId: string): number[][] {
  const def = unitDef(unitId);
  const u = unitState(state, unitId);
  if (!def || !u?.position) return [];
  const paths: number[][] = [];
  walk(positionIndex(u), def.side, occupancy(state), zocOf(state, enemyOf(def.side)), [], paths);
  return paths;
}

/** walk(), stopping at the first complete retreat: is there one from `here`, `k` hexes out? */
function anyRetreat(start: number, here: number, k: number, side: Side, occ: readonly number[], zoc: readonly number[]): boolean {
  const adj = NEIGHBOURS[here]!;
  for (let j = 0; j < adj.length; j++) {
    const n = adj[j]!;
    if (hexDistance(start, n) !== k) continue;
    const o = occ[n]!;
    if (o >= 0 && UNIT_DEFS[o]!.side !== side) continue;
    if (zoc[n]) continue;
    if (k >= RETREAT_LENGTH && o < 0) return true;
    if (anyRetreat(start, n, k + 1, side, occ, zoc)) return true;
  }
  return false;
}

/** retreatPaths(state, unitId).length > 0, without listing them. */
export function canRetreat(state: MoscowState, unitId: string): boolean {
  const def = unitDef(unitId);
  const u = unitState(state, unitId);
  if (!def || !u?.position) return false;
  const board = syncBoard(state);
  return anyRetreat(positionIndex(u), positionIndex(u), 1, def.side, board.occ, board.adjacent[def.side === "german" ? 1 : 0]);
}

export function retreatOptions(state: MoscowState, unitId: string): RetreatAction[] {
  return retreatPaths(state, unitId).map((p) => ({
    type: "retreat",
    unitId: unitId,
    path: p.map((i) => [...hexOf(i)] as [number, number]),
  }));
}
