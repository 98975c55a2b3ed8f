/**
 * Communication: a path of any length from a hex to the friendly edge column that enters no
 * enemy unit and no enemy-ZOC hex. The starting hex itself may be in enemy ZOC; the edge hex
 * reached may not (even when the start is itself an edge hex).
 */
import { occupancy } from "./board";
import { enemyOf, HEX_COUNT, isEdgeOf, NEIGHBOURS, UNIT_DEFS, type Side } from "./data";
import type { MoscowState } from "./state";
import { zocOf } from "./zoc";

/** Hexes from which `side` is in communication (marked 1). */
export function communicationMap(state: MoscowState, side: Side): Uint8Array {
  const occ = occupancy(state);
  const zoc = zocOf(state, enemyOf(side));
  const open = (i: number) => {
    const o = occ[i]!;
    return !zoc[i] && (o < 0 || UNIT_DEFS[o]!.side === side);
  };
  // Flood from the open edge hexes through open hexes: these are connected to the edge.
  const linked = new Uint8Array(HEX_COUNT);
  const queue: number[] = [];
  for (let i = 0; i < HEX_COUNT; i++) {
    if (isEdgeOf(i, side) && open(i)) {
      linked[i] = 1;
      queue.push(i);
    }
  }
  for (let k = 0; k < queue.length; k++) {
    for (const n of NEIGHBOURS[queue[k]!]!) {
      if (!linked[n] && open(n)) {
        linked[n] = 1;
        queue.push(n);
      }
    }
  }
  // A start hex in enemy ZOC (but not enemy-held) is in communication if it touches a linked hex.
  const result = new Uint8Array(HEX_COUNT);
  for (let i = 0; i < HEX_COUNT; i++) {
    const o = occ[i]!;
    if (o >= 0 && UNIT_DEFS[o]!.side !== side) continue;
    if (linked[i] || NEIGHBOURS[i]!.some((n) => linked[n])) result[i] = 1;
  }
  return result;
}

export function inCommunication(state: MoscowState, side: Side, hexIndex: number): boolean {
  return communicationMap(state, side)[hexIndex] === 1;
}
