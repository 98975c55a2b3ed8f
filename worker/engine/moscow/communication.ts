/**
 * Communication: a path of any length from a hex to the friendly edge column that enters no
 * enemy unit and no enemy-ZOC hex. The starting hex itself may be in enemy ZOC; the edge hex
 * reached may not (even when the start is itself an edge hex).
 */
import { occupancy } from "./board";
import { enemyOf, HEX_COUNT, isEdgeOf, NEIGHBOURS, UNIT_DEFS, type Side } from "./data";
import type { MoscowState, UnitState } from "./state";
import { zocOf } from "./zoc";

const NONE: readonly number[] = Array.from({ length: HEX_COUNT }, () => 0);

// by the units array: a state's units are never changed once handed out (board.ts withUnit copies
// them), and the map depends on nothing else; the computer's replacements ask for it at every step
const known = new WeakMap<readonly UnitState[], Partial<Record<Side, readonly number[]>>>();

/** Hexes from which `side` is in communication (marked 1). */
export function communicationMap(state: MoscowState, side: Side): readonly number[] {
  let bySide = known.get(state.units);
  if (!bySide) {
    bySide = {};
    known.set(state.units, bySide);
  }
  return (bySide[side] ??= worked(state, side));
}

function worked(state: MoscowState, side: Side): number[] {
  const occ = occupancy(state);
  const zoc = zocOf(state, enemyOf(side));
  // Open: out of enemy ZOC and not enemy-held (2 = enemy-held, 1 = open, 0 = closed).
  const open = NONE.slice();
  for (let i = 0; i < HEX_COUNT; i++) {
    const o = occ[i]!;
    open[i] = o >= 0 && UNIT_DEFS[o]!.side !== side ? 2 : zoc[i] ? 0 : 1;
  }
  // Flood from the open edge hexes through open hexes: these are connected to the edge.
  const linked = NONE.slice();
  const queue: number[] = [];
  for (let i = 0; i < HEX_COUNT; i++) {
    if (isEdgeOf(i, side) && open[i] === 1) {
      linked[i] = 1;
      queue.push(i);
    }
  }
  for (let k = 0; k < queue.length; k++) {
    const adj = NEIGHBOURS[queue[k]!]!;
    for (let j = 0; j < adj.length; j++) {
      const n = adj[j]!;
      if (!linked[n] && open[n] === 1) {
        linked[n] = 1;
        queue.push(n);
      }
    }
  }
  // A start hex in enemy ZOC (but not enemy-held) is in communication if it touches a linked hex.
  const result = NONE.slice();
  for (let i = 0; i < HEX_COUNT; i++) {
    if (open[i] === 2) continue;
    if (linked[i]) {
      result[i] = 1;
      continue;
    }
    const adj = NEIGHBOURS[i]!;
    for (let j = 0; j < adj.length; j++) {
      if (linked[adj[j]!]) {
        result[i] = 1;
        break;
      }
    }
  }
  return result;
}

export function inCommunication(state: MoscowState, side: Side, hexIndex: number): boolean {
  return communicationMap(state, side)[hexIndex] === 1;
}
