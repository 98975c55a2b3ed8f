/**
 * Communication: a path of any length from a hex to the friendly edge column that enters no
 * enemy unit and no enemy-ZOC hex. The starting hex itself may be in enemy ZOC; the edge hex
 * reached may not (even when the start is itself an edge hex).
 */
import { enemyOf, HEX_COUNT, isEdgeOf, NEIGHBOURS, SIDE_INDEX, UNIT_SIDE, type Side } from "./data";
import { enemyZoc, syncBoard, type Board } from "./reach-memo";
import type { MoscowState } from "./state";

const NONE: readonly number[] = Array.from({ length: HEX_COUNT }, () => 0);

// The map depends on where the enemy stands and nothing else: kept per side with the enemy's
// move count it was worked out at (the computer's replacements ask for it at every step).
const kept: [{ moves: number; map: readonly number[] } | null, { moves: number; map: readonly number[] } | null] = [null, null];

/** Hexes from which `side` is in communication (marked 1). */
export function communicationMap(state: MoscowState, side: Side): readonly number[] {
  const board = syncBoard(state);
  const enemyMoves = board.moves[SIDE_INDEX[enemyOf(side)]];
  const known = kept[SIDE_INDEX[side]];
  if (known && known.moves === enemyMoves) return known.map;
  const map = worked(board, side);
  kept[SIDE_INDEX[side]] = { moves: enemyMoves, map };
  return map;
}

// Scratch for one working-out: 2 = enemy-held, 1 = open, 0 = closed; linked to the edge; the flood's queue.
const OPEN = new Uint8Array(HEX_COUNT);
const LINKED = new Uint8Array(HEX_COUNT);
const QUEUE = new Int16Array(HEX_COUNT);

function worked(board: Board, side: Side): number[] {
  const occ = board.occ;
  const zoc = enemyZoc(board, side);
  const own = SIDE_INDEX[side];
  // Open: out of enemy ZOC and not enemy-held.
  for (let i = 0; i < HEX_COUNT; i++) {
    const o = occ[i]!;
    OPEN[i] = o >= 0 && UNIT_SIDE[o] !== own ? 2 : zoc[i] ? 0 : 1;
  }
  // Flood from the open edge hexes through open hexes: these are connected to the edge.
  LINKED.fill(0);
  let queued = 0;
  for (let i = 0; i < HEX_COUNT; i++) {
    if (isEdgeOf(i, side) && OPEN[i] === 1) {
      LINKED[i] = 1;
      QUEUE[queued++] = i;
    }
  }
  for (let k = 0; k < queued; k++) {
    const adj = NEIGHBOURS[QUEUE[k]!]!;
    for (let j = 0; j < adj.length; j++) {
      const n = adj[j]!;
      if (!LINKED[n] && OPEN[n] === 1) {
        LINKED[n] = 1;
        QUEUE[queued++] = n;
      }
    }
  }
  // A start hex in enemy ZOC (but not enemy-held) is in communication if it touches a linked hex.
  const result = NONE.slice();
  for (let i = 0; i < HEX_COUNT; i++) {
    if (OPEN[i] === 2) continue;
    if (LINKED[i]) {
      result[i] = 1;
      continue;
    }
    const adj = NEIGHBOURS[i]!;
    for (let j = 0; j < adj.length; j++) {
      if (LINKED[adj[j]!]) {
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
