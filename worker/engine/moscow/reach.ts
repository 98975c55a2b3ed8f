/**
 * Movement searches over hex indices: cheapest entry costs, level by level, in scratch buffers
 * that every search overwrites before use (results stay readable until the next search).
 */
import { FOREST, HEX_COUNT, isMud, NEIGHBOURS, RAIL_ADJ, SIDE_INDEX, UNIT_DEFS, UNIT_SIDE, type Side } from "./data";
import type { MoscowState } from "./state";

export type MoveMode = "normal" | "mud" | "rail";

/** How units move in the current phase. */
export function moveMode(state: MoscowState): MoveMode {
  if (state.phase === "soviet_rail_movement") return "rail";
  return isMud(state.turn) ? "mud" : "normal";
}

export const UNREACHED = 32767;
// Scratch buffers: a search runs to completion before the next one starts (single-threaded).
const COST = new Int16Array(HEX_COUNT);
const PREV = new Int16Array(HEX_COUNT);
// Buckets by cost (linked lists in discovery order): a cost never exceeds 2 MP a hex.
const MAX_COST = 2 * HEX_COUNT;
const HEAD = new Int16Array(MAX_COST + 1);
const TAIL = new Int16Array(MAX_COST + 1);
const NEXT = new Int16Array(HEX_COUNT);
// Hexes the last search found (empty ones, or all with friendsAway), in the order found.
const FOUND = new Int16Array(HEX_COUNT);
let found = 0;
// Hexes the last search expanded (looked beyond): it read the board only on these and their neighbours.
const EXPANDED = new Int16Array(HEX_COUNT);
let expanded = 0;

/** Up to 6 linked hexes a hex (-1 past the last), flat: one typed array instead of an array per hex. */
const LINKS = 6;
function flatLinks(adjacency: readonly (readonly number[])[]): Int16Array {
  const table = new Int16Array(HEX_COUNT * LINKS).fill(-1);
  for (let u = 0; u < HEX_COUNT; u++) {
    const linked = adjacency[u]!;
    if (linked.length > LINKS) throw new Error(`hex ${u} has more than ${LINKS} links`);
    for (let j = 0; j < linked.length; j++) table[u * LINKS + j] = linked[j]!;
  }
  return table;
}
const NEIGHBOUR_LINKS = flatLinks(NEIGHBOURS);
const RAIL_LINKS = flatLinks(RAIL_ADJ);
/** MP to enter each hex by road or country: forest 2, else 1 (by rail every hex costs 1). */
const ENTRY_COST = Uint8Array.from(FOREST, (forest) => (forest ? 2 : 1));

/** Empties the search's tables for a search from `start` and answers the highest cost it may reach. */
function beginSearch(start: number, ma: number): number {
  COST.fill(UNREACHED); // PREV is only ever read along reached hexes, each set by the search
  const limit = Math.min(ma, MAX_COST);
  HEAD.fill(-1, 0, limit + 1);
  COST[start] = 0;
  HEAD[0] = start;
  TAIL[0] = start;
  NEXT[start] = -1;
  found = 0;
  expanded = 0;
  return limit;
}

/**
 * Cheapest-cost search from `start`. A hex's entry cost does not depend on where it is entered
 * from, so expanding hexes in order of cost (and, within a cost, in the order they were found)
 * settles each hex the first time it is reached, from the first hex that reaches it in that
 * order (which fixes the path reported). Enemy units block; entering an enemy-ZOC hex
 * ends the move (unless `zoc` is null); a friend in enemy ZOC is a dead end; friends elsewhere
 * are passed through; returns whether an empty hex was found. With `friendsAway`, the side's own
 * units count as absent: every hex reached is found, and a friend in enemy ZOC is reached like an
 * empty hex there (it ends the move all the same, so nothing else changes); such a search depends
 * on where the enemy stands only.
 */
export function search(
  start: number,
  ma: number,
  side: Side,
  occ: readonly number[],
  zoc: readonly number[] | null,
  rail: boolean,
  friendsAway = false,
): boolean {
  const own = SIDE_INDEX[side];
  const limit = beginSearch(start, ma);
  const links = rail ? RAIL_LINKS : NEIGHBOUR_LINKS;
  for (let c = 0; c <= limit; c++) {
    for (let u = HEAD[c]!; u !== -1; u = NEXT[u]!) {
      if (u !== start && zoc !== null && zoc[u]) continue; // movement ends here
      EXPANDED[expanded++] = u;
      const first = u * LINKS;
      for (let j = first; j < first + LINKS; j++) {
        const n = links[j]!;
        if (n < 0) break;
        if (COST[n] !== UNREACHED) continue; // settled at a cost no higher than from here
        const o = occ[n]!;
        if (o >= 0) {
          if (UNIT_SIDE[o] !== own) continue;
          if (!friendsAway && zoc !== null && zoc[n]) continue;
        }
        const nc = c + (rail ? 1 : ENTRY_COST[n]!);
        if (nc > limit) continue;
        COST[n] = nc;
        PREV[n] = u;
        NEXT[n] = -1;
        if (HEAD[nc] === -1) HEAD[nc] = n;
        else NEXT[TAIL[nc]!] = n;
        TAIL[nc] = n;
        if (o < 0 || friendsAway) {
          FOUND[found++] = n;
        }
      }
    }
  }
  return found > 0;
}

/** Entry cost of each hex by rail: 1. */
const RAIL_COST = new Uint8Array(HEX_COUNT).fill(1);

/**
 * search(start, ma, side, occ, zoc, rail, true) for the kept reach, the computer's hottest loop:
 * `sideOn` gives the side of the unit occ names on each hex (-1: none), so that telling an enemy
 * unit is one read, and the branches for friends and for no ZOC are gone.
 */
function searchWithoutFriends(start: number, ma: number, side: Side, sideOn: Int8Array, zoc: readonly number[], rail: boolean): void {
  const enemy = 1 - SIDE_INDEX[side];
  const limit = beginSearch(start, ma);
  const links = rail ? RAIL_LINKS : NEIGHBOUR_LINKS;
  const entry = rail ? RAIL_COST : ENTRY_COST;
  for (let c = 0; c <= limit; c++) {
    for (let u = HEAD[c]!; u !== -1; u = NEXT[u]!) {
      if (u !== start && zoc[u]) continue; // movement ends here
      EXPANDED[expanded++] = u;
      const first = u * LINKS;
      for (let j = first; j < first + LINKS; j++) {
        const n = links[j]!;
        if (n < 0) break;
        if (COST[n] !== UNREACHED || sideOn[n] === enemy) continue;
        const nc = c + entry[n]!;
        if (nc > limit) continue;
        COST[n] = nc;
        PREV[n] = u;
        NEXT[n] = -1;
        if (HEAD[nc] === -1) HEAD[nc] = n;
        else NEXT[TAIL[nc]!] = n;
        TAIL[nc] = n;
        FOUND[found++] = n;
      }
    }
  }
}

/** Words of a set of hexes as bits (bit h % 32 of word h >> 5). */
export const HEX_WORDS = (HEX_COUNT + 31) >> 5;

/** Per hex u, the hexes `adjacency` links to u and their neighbours, as HEX_WORDS words each. */
function readAround(adjacency: readonly (readonly number[])[]): Int32Array {
  const table = new Int32Array(HEX_COUNT * HEX_WORDS);
  for (let u = 0; u < HEX_COUNT; u++) {
    const row = u * HEX_WORDS;
    const linked = adjacency[u]!;
    for (let i = 0; i < linked.length; i++) {
      const r = linked[i]!;
      table[row + (r >> 5)]! |= 1 << (r & 31);
      const around = NEIGHBOURS[r]!;
      for (let j = 0; j < around.length; j++) table[row + (around[j]! >> 5)]! |= 1 << (around[j]! & 31);
    }
  }
  return table;
}
// Built on the first search that needs them (module start-up is a Worker's cold start).
let readAroundTable: Int32Array | null = null;
let readAroundRailTable: Int32Array | null = null;

/**
 * Adds to `into` (HEX_WORDS words from `offset`) every hex where an enemy unit coming or going
 * may change the last search's result: the hexes it read (those linked to a hex it expanded)
 * and their neighbours (whose ZOC it read).
 */
export function markAroundExpanded(into: Int32Array, offset: number, rail: boolean): void {
  const table = rail ? (readAroundRailTable ??= readAround(RAIL_ADJ)) : (readAroundTable ??= readAround(NEIGHBOURS));
  if (HEX_WORDS === 5) {
    // the printed map's 140 hexes: five words kept in locals, written once
    let w0 = 0, w1 = 0, w2 = 0, w3 = 0, w4 = 0;
    for (let j = 0; j < expanded; j++) {
      const from = EXPANDED[j]! * 5;
      w0 |= table[from]!;
      w1 |= table[from + 1]!;
      w2 |= table[from + 2]!;
      w3 |= table[from + 3]!;
      w4 |= table[from + 4]!;
    }
    into[offset]! |= w0;
    into[offset + 1]! |= w1;
    into[offset + 2]! |= w2;
    into[offset + 3]! |= w3;
    into[offset + 4]! |= w4;
    return;
  }
  for (let j = 0; j < expanded; j++) {
    const from = EXPANDED[j]! * HEX_WORDS;
    for (let w = 0; w < HEX_WORDS; w++) into[offset + w]! |= table[from + w]!;
  }
}

/** Copies into `into`, from `offset` on, the hex each hex the last search found was entered from. */
export function copyPaths(into: Int16Array, offset: number): void {
  for (let j = 0; j < found; j++) {
    const h = FOUND[j]!;
    into[offset + h] = PREV[h]!;
  }
}

/** Cost of the last search to enter hex `i` (UNREACHED when it was not entered). */
export const costOf = (i: number): number => COST[i]!;

/** The last search's path from `start` to `to`, start excluded. */
export function tracePath(start: number, to: number): number[] {
  const path: number[] = [];
  for (let h = to; h !== start && h >= 0; h = PREV[h]!) path.push(h);
  return path.reverse();
}

const FOUND_BITS = new Int32Array(HEX_WORDS);

/** The hexes the last (complete) search found (see search), in index order. */
function foundInOrder(): number[] {
  FOUND_BITS.fill(0);
  for (let j = 0; j < found; j++) {
    const h = FOUND[j]!;
    FOUND_BITS[h >> 5]! |= 1 << (h & 31);
  }
  // sized at once: a list grown by push is copied as it grows
  const out = new Array<number>(found);
  let n = 0;
  for (let w = 0; w < HEX_WORDS; w++) {
    for (let bits = FOUND_BITS[w]!; bits !== 0; bits &= bits - 1) out[n++] = (w << 5) + 31 - Math.clz32(bits & -bits);
  }
  return out;
}

/** Mud: any empty adjacent hex, in direction order, whatever the terrain or ZOC. */
function mudDestinations(start: number, occ: readonly number[]): number[] {
  const adj = NEIGHBOURS[start]!;
  const out: number[] = [];
  for (let j = 0; j < adj.length; j++) if (occ[adj[j]!] === -1) out.push(adj[j]!);
  return out;
}


/**
 * Every hex unit `k` on `start` could end its move in if its own side's units were not on the
 * map (in index order; in mud, its neighbours in direction order): its destinations are those of
 * them that are empty, in the same order as destinationsOf gives them. `sideOn` is the side of the
 * unit standing on each hex (-1: none), `zoc` the enemy's ZOC.
 */
export function reachWithoutFriends(k: number, start: number, mode: MoveMode, sideOn: Int8Array, zoc: readonly number[]): readonly number[] {
  if (mode === "mud") return NEIGHBOURS[start]!;
  const def = UNIT_DEFS[k]!;
  searchWithoutFriends(start, def.ma, def.side, sideOn, zoc, mode === "rail");
  return foundInOrder();
}

/** Every hex unit `k` standing on `start` may end its move in, as hex indices. */
export function destinationsOf(k: number, start: number, mode: MoveMode, occ: readonly number[], zoc: readonly number[]): number[] {
  if (mode === "mud") return mudDestinations(start, occ);
  const def = UNIT_DEFS[k]!;
  search(start, def.ma, def.side, occ, zoc, mode === "rail");
  return foundInOrder();
}

