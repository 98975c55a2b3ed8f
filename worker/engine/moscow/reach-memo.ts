/**
 * Reach kept across the computer's decisions. The computer weighs every unit's destinations at
 * each move it makes. A unit's reach with its own side's units taken off the map
 * (reachWithoutFriends) depends only on where the enemy stands, and its search reads the enemy's
 * units and ZOC only on the hexes next to the hexes it expanded. So the reach stands until the
 * unit moves, or an enemy unit arrives on or leaves a hex within one hex of such a neighbour (its
 * ZOC reaches one hex further); the destinations are the empty hexes of that reach. One memo per
 * way of moving (normal, rail, mud). Positions are compared by value, so a state changed in
 * place, or another game's state, finds the memo stale where it differs and nowhere else.
 */
import { HEX_COUNT, indexOf, NEIGHBOURS, RAIL_ADJ, UNIT_DEFS } from "./data";
import { markExpanded, reachWithoutFriends, type MoveMode } from "./reach";
import type { MoscowState } from "./state";

const UNITS = UNIT_DEFS.length;
const SIDE: readonly (0 | 1)[] = UNIT_DEFS.map((d) => (d.side === "german" ? 0 : 1));

/** One memo per way of moving, so the normal moves' reach outlasts the rail phase between them. */
interface Memo {
  /** Where each unit stood when the memo was last brought up to date (-1: off the map, -2: never seen). */
  at: Int16Array;
  known: Uint8Array;
  reach: (readonly number[])[];
  /** Per unit, one row of HEX_COUNT marks: the hexes its kept search expanded. */
  expandedBy: Uint8Array;
}
const newMemo = (): Memo => ({
  at: new Int16Array(UNITS).fill(-2),
  known: new Uint8Array(UNITS),
  reach: Array.from({ length: UNITS }, () => []),
  expandedBy: new Uint8Array(UNITS * HEX_COUNT),
});
const MEMOS: Readonly<Record<MoveMode, Memo>> = { normal: newMemo(), mud: newMemo(), rail: newMemo() };
/** Per side (0 german, 1 soviet): hexes where that side's units or ZOC may have changed, listed once. */
const changedMark = [new Uint8Array(HEX_COUNT), new Uint8Array(HEX_COUNT)] as const;
const changed: [number[], number[]] = [[], []];

function note(side: 0 | 1, h: number): void {
  if (changedMark[side][h]) return;
  changedMark[side][h] = 1;
  changed[side].push(h);
}

/** A unit of `side` came or went on `h`: its units changed there, and its ZOC around it. */
function noteAround(side: 0 | 1, h: number): void {
  note(side, h);
  const adj = NEIGHBOURS[h]!;
  for (let i = 0; i < adj.length; i++) note(side, adj[i]!);
}

/** Did the enemy's units or ZOC change, since unit `k`'s search, on a hex that search read? */
function touched(expandedBy: Uint8Array, k: number, adjacency: readonly (readonly number[])[], enemyChanged: readonly number[]): boolean {
  const row = k * HEX_COUNT;
  for (let j = 0; j < enemyChanged.length; j++) {
    // adjacency is symmetric: a hex was read when one of its neighbours was expanded
    const adj = adjacency[enemyChanged[j]!]!;
    for (let i = 0; i < adj.length; i++) if (expandedBy[row + adj[i]!]) return true;
  }
  return false;
}

/** Brings the memo up to `state`'s positions for movement in `mode`, dropping what may have changed. */
export function syncReach(state: MoscowState, mode: MoveMode): void {
  const { at, known, expandedBy } = MEMOS[mode];
  const units = state.units;
  for (let k = 0; k < UNITS; k++) {
    const p = units[k]?.position;
    const now = p ? indexOf(p) : -1;
    const was = at[k]!;
    if (now === was) continue;
    at[k] = now;
    known[k] = 0;
    const side = SIDE[k]!;
    if (was >= 0) noteAround(side, was);
    if (now >= 0) noteAround(side, now);
  }
  if (changed[0].length + changed[1].length === 0) return;
  const adjacency = mode === "rail" ? RAIL_ADJ : NEIGHBOURS;
  for (let k = 0; k < UNITS; k++) {
    if (!known[k]) continue;
    const enemyChanged = changed[1 - SIDE[k]!]!;
    if (enemyChanged.length > 0 && touched(expandedBy, k, adjacency, enemyChanged)) known[k] = 0;
  }
  for (let side = 0; side < 2; side++) {
    for (const h of changed[side]!) changedMark[side]![h] = 0;
    changed[side]!.length = 0;
  }
}

/**
 * reachWithoutFriends(k, start, mode, occ, zoc) for the state last given to syncReach (occ and
 * zoc are that state's), searched again only when the memo's copy may be stale. The list is
 * shared: read it, never change it.
 */
export function keptReach(k: number, start: number, mode: MoveMode, occ: readonly number[], zoc: readonly number[]): readonly number[] {
  const { known, reach, expandedBy } = MEMOS[mode];
  if (known[k]) return reach[k]!;
  const list = reachWithoutFriends(k, start, mode, occ, zoc);
  const row = k * HEX_COUNT;
  expandedBy.fill(0, row, row + HEX_COUNT);
  // in mud a unit goes to any empty neighbour: nothing the enemy does changes its reach
  if (mode !== "mud") markExpanded(expandedBy, row);
  reach[k] = list;
  known[k] = 1;
  return list;
}
