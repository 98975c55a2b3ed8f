/**
 * Retreat after combat: 2 hexes, step k at distance k from the start, never into an enemy unit or
 * enemy ZOC, through friends; extended hex by hex while the hex reached holds a friend.
 */
import { positionIndex, unitState } from "./board";
import { hexDistance, hexOf, NEIGHBOURS, UNIT_DEFS, unitDef, type Side } from "./data";
import { enemyZoc, syncBoard } from "./reach-memo";
import type { MoscowState, RetreatAction } from "./state";

export const RETREAT_LENGTH = 2;

/**
 * Depth-first, in neighbour order, from `here` at distance k - 1 of `start`: each path that completes
 * a retreat (in `trail`, start excluded) is handed to `found`, which answers whether to stop there.
 */
function walk(start: number, here: number, k: number, side: Side, occ: readonly number[], zoc: readonly number[], trail: number[], found: (path: readonly number[]) => boolean): boolean {
  const adj = NEIGHBOURS[here]!;
  for (let j = 0; j < adj.length; j++) {
    const n = adj[j]!;
    if (hexDistance(start, n) !== k) continue;
    const o = occ[n]!;
    if (o >= 0 && UNIT_DEFS[o]!.side !== side) continue;
    if (zoc[n]) continue;
    trail.push(n);
    const stop = k >= RETREAT_LENGTH && o < 0 ? found(trail) : walk(start, n, k + 1, side, occ, zoc, trail, found);
    trail.pop();
    if (stop) return true;
  }
  return false;
}

/** Every legal retreat path (hex indices, start excluded) for the unit standing where it stands. */
export function retreatPaths(state: MoscowState, unitId: string): number[][] {
  const def = unitDef(unitId);
  const u = unitState(state, unitId);
  if (!def || !u?.position) return [];
  const paths: number[][] = [];
  const board = syncBoard(state);
  const start = positionIndex(u);
  walk(start, start, 1, def.side, board.occ, enemyZoc(board, def.side), [], (path) => (paths.push([...path]), false));
  return paths;
}

/** retreatPaths(state, unitId).length > 0, without listing them. */
export function canRetreat(state: MoscowState, unitId: string): boolean {
  const def = unitDef(unitId);
  const u = unitState(state, unitId);
  if (!def || !u?.position) return false;
  const board = syncBoard(state);
  const start = positionIndex(u);
  return walk(start, start, 1, def.side, board.occ, enemyZoc(board, def.side), [], () => true);
}

export function retreatOptions(state: MoscowState, unitId: string): RetreatAction[] {
  return retreatPaths(state, unitId).map((p) => ({
    type: "retreat",
    unitId: unitId,
    path: p.map((i) => [...hexOf(i)] as [number, number]),
  }));
}
