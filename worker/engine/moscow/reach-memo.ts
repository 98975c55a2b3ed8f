/**
 * Reach kept across the computer's decisions. The computer weighs every unit's destinations at
 * each move it makes. A unit's reach with its own side's units taken off the map
 * (reachWithoutFriends) depends only on where the enemy stands, and its search reads the enemy's
 * units and ZOC only on the hexes next to the hexes it expanded. So the reach stands until the
 * unit moves, or an enemy unit arrives on or leaves such a hex or a hex next to one (its ZOC
 * reaches one hex further); the destinations are the empty hexes of that reach. One memo per way
 * of moving (normal, rail, mud), each with a log of the hexes each side's units came to or left.
 * Positions are compared by value, so a state changed in place, or another game's state, finds
 * the memo stale where it differs and nowhere else.
 */
import { indexOf, UNIT_DEFS } from "./data";
import { HEX_WORDS, markAroundExpanded, reachWithoutFriends, type MoveMode } from "./reach";
import type { MoscowState } from "./state";

const UNITS = UNIT_DEFS.length;
const SIDE: readonly (0 | 1)[] = UNIT_DEFS.map((d) => (d.side === "german" ? 0 : 1));
/** A log longer than this is dropped with everything kept (a game logs a few hundred entries). */
const LOG_LIMIT = 1 << 14;

interface Memo {
  /** Where each unit stood when last seen (-1: off the map, -2: never seen). */
  at: Int16Array;
  known: Uint8Array;
  reach: (readonly number[])[];
  /** Per unit, HEX_WORDS words of bits: the hexes where an enemy unit coming or going may change its reach. */
  sensitive: Int32Array;
  /** Per side (0 german, 1 soviet): the hexes its units came to or left, in order. */
  log: [number[], number[]];
  /** Per unit: how much of the enemy's log its kept reach has been checked against. */
  checked: Int32Array;
}

const newMemo = (): Memo => ({
  at: new Int16Array(UNITS).fill(-2),
  known: new Uint8Array(UNITS),
  reach: Array.from({ length: UNITS }, () => []),
  sensitive: new Int32Array(UNITS * HEX_WORDS),
  log: [[], []],
  checked: new Int32Array(UNITS),
});
const MEMOS: Readonly<Record<MoveMode, Memo>> = { normal: newMemo(), mud: newMemo(), rail: newMemo() };

/**
 * Brings the memo up to `state`'s positions for movement in `mode` and gives where each unit
 * stands (hex index by unit index, -1 off the map; shared: read it before the next sync, never
 * change it). keptReach answers for this state until the next sync.
 */
export function syncReach(state: MoscowState, mode: MoveMode): ArrayLike<number> {
  const memo = MEMOS[mode];
  const { at, known, log } = memo;
  if (log[0].length > LOG_LIMIT || log[1].length > LOG_LIMIT) {
    known.fill(0);
    log[0].length = 0;
    log[1].length = 0;
  }
  const units = state.units;
  for (let k = 0; k < UNITS; k++) {
    const p = units[k]?.position;
    const now = p ? indexOf(p) : -1;
    const was = at[k]!;
    if (now === was) continue;
    at[k] = now;
    known[k] = 0;
    const side = log[SIDE[k]!];
    if (was >= 0) side.push(was);
    if (now >= 0) side.push(now);
  }
  return at;
}

/**
 * reachWithoutFriends(k, start, mode, occ, zoc) for the state last given to syncReach (occ and
 * zoc are that state's), searched again only when the enemy may have changed it. The list is
 * shared: read it, never change it.
 */
export function keptReach(k: number, start: number, mode: MoveMode, occ: readonly number[], zoc: readonly number[]): readonly number[] {
  const { known, reach, sensitive, log, checked } = MEMOS[mode];
  const enemyLog = log[1 - SIDE[k]!]!;
  const row = k * HEX_WORDS;
  if (known[k]) {
    let j = checked[k]!;
    for (; j < enemyLog.length; j++) {
      const h = enemyLog[j]!;
      if (sensitive[row + (h >> 5)]! & (1 << (h & 31))) break;
    }
    checked[k] = j;
    if (j === enemyLog.length) return reach[k]!;
  }
  const list = reachWithoutFriends(k, start, mode, occ, zoc);
  sensitive.fill(0, row, row + HEX_WORDS);
  // in mud a unit goes to any empty neighbour: nothing the enemy does changes its reach
  if (mode !== "mud") markAroundExpanded(sensitive, row, mode === "rail");
  reach[k] = list;
  known[k] = 1;
  checked[k] = enemyLog.length;
  return list;
}
