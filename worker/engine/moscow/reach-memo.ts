/**
 * The board and the units' reach, kept across calls. The computer weighs every unit's
 * destinations at each move it makes, and the referee checks that move next, while one move
 * changes the board on two hexes. So the board (who stands where, each side's adjacency) is
 * followed from state to state, and each unit's reach is kept with what it depends on.
 *
 * A unit's reach with its own side's units taken off the map (reachWithoutFriends) depends on
 * where it starts, the way units move (normal, rail, mud: one memo each) and where the enemy
 * stands; its search reads the enemy's units and ZOC only on the hexes next to the hexes it
 * expanded. So it stands until an enemy unit arrives on or leaves such a hex or a hex next to
 * one (its ZOC reaches one hex further); a log per side of the hexes its units came to or left
 * tells. The destinations are the empty hexes of that reach, and the path to one is the search's
 * (the friends it leaves out are dead ends the real search never enters, and nothing else
 * differs). Positions are compared by value, so another game's state finds the memo stale where
 * it differs and nowhere else; a unit record already synced is not read again (states and their
 * units are copied on write, never changed in place).
 */
import { HEX_COUNT, indexOf, NEIGHBOURS, SIDE_INDEX, UNIT_DEFS, UNIT_SIDE, type Side } from "./data";
import { copyPaths, HEX_WORDS, markAroundExpanded, reachWithoutFriends, type MoveMode } from "./reach";
import type { MoscowState, UnitState } from "./state";
import { lastReplaced } from "./unit-replaced";

const UNITS = UNIT_DEFS.length;
const sideOf = (k: number) => UNIT_SIDE[k] as 0 | 1;
/** A log longer than this is dropped with all reach kept (a game logs a few hundred entries). */
const LOG_LIMIT = 1 << 14;

/** The board as last synced: read it until the next sync, never change it. */
export interface Board {
  /** Hex of each unit by unit index (-1: off the map). */
  readonly at: ArrayLike<number>;
  /** occupancy(state): the unit on each hex (the highest index if several), or -1. */
  readonly occ: readonly number[];
  /** Per side (0 german, 1 soviet): how many of its units stand next to each hex (non-zero exactly on its ZOC). */
  readonly adjacent: readonly [readonly number[], readonly number[]];
  /** Per side: how many times one of its units came or went so far (what depends on its positions only is the same while this is). */
  readonly moves: readonly [number, number];
}

/** The enemy of `side`'s ZOC on a synced board: the hexes next to one of the enemy's units (non-zero). */
export const enemyZoc = (board: Board, side: Side): readonly number[] => board.adjacent[1 - SIDE_INDEX[side]]!;

const at = new Int16Array(UNITS).fill(-1);
const occ: number[] = Array.from({ length: HEX_COUNT }, () => -1);
/** The side (0 german, 1 soviet) of the unit occ names on each hex, or -1: what the kept reach's search reads. */
const sideOn = new Int8Array(HEX_COUNT).fill(-1);
/** Units on each hex (more than one only in hand-made states). */
const count = new Int16Array(HEX_COUNT);
const adjacent: [number[], number[]] = [Array.from({ length: HEX_COUNT }, () => 0), Array.from({ length: HEX_COUNT }, () => 0)];
const moves: [number, number] = [0, 0];
const BOARD: Board = { at, occ, adjacent, moves };
/** Per side: the hexes its units came to or left, in order. */
const log: [number[], number[]] = [[], []];

interface Memo {
  /** The hex each unit's kept reach starts from (-1: nothing kept). */
  from: Int16Array;
  reach: (readonly number[])[];
  /** Per unit, HEX_WORDS words of bits: the hexes where an enemy unit coming or going may change its reach. */
  sensitive: Int32Array;
  /** Per unit: how much of the enemy's log its kept reach has been checked against. */
  checked: Int32Array;
  /** Per unit, one row of HEX_COUNT: the hex each hex of its reach is entered from. */
  prev: Int16Array;
}

const newMemo = (): Memo => ({
  from: new Int16Array(UNITS).fill(-1),
  reach: Array.from({ length: UNITS }, () => []),
  sensitive: new Int32Array(UNITS * HEX_WORDS),
  checked: new Int32Array(UNITS),
  prev: new Int16Array(UNITS * HEX_COUNT),
});
const MEMOS: Readonly<Record<MoveMode, Memo>> = { normal: newMemo(), mud: newMemo(), rail: newMemo() };

function leave(k: number, h: number): void {
  if (--count[h]! === 0) occ[h] = -1;
  else if (occ[h] === k) {
    let top = -1;
    for (let j = 0; j < UNITS; j++) if (j !== k && at[j] === h) top = j;
    occ[h] = top;
  }
  sideOn[h] = occ[h]! >= 0 ? sideOf(occ[h]!) : -1;
  const around = adjacent[sideOf(k)];
  const adj = NEIGHBOURS[h]!;
  for (let i = 0; i < adj.length; i++) around[adj[i]!]!--;
}

function arrive(k: number, h: number): void {
  count[h]!++;
  if (occ[h]! < k) occ[h] = k;
  sideOn[h] = sideOf(occ[h]!);
  const around = adjacent[sideOf(k)];
  const adj = NEIGHBOURS[h]!;
  for (let i = 0; i < adj.length; i++) around[adj[i]!]!++;
}

/** The units array and the unit records the board was last synced to (a state is never changed in place). */
let syncedUnits: readonly UnitState[] | null = null;
const syncedUnit: (UnitState | undefined)[] = Array.from({ length: UNITS }, () => undefined);

/** Brings the board up to `state`'s positions (logging what moved) and gives it. */
export function syncBoard(state: MoscowState): Board {
  const units = state.units;
  // the engine asks again for the state it last synced (the computer's choice, then the referee)
  if (units === syncedUnits) return BOARD;
  if (log[0].length > LOG_LIMIT || log[1].length > LOG_LIMIT) {
    for (const mode of ["normal", "mud", "rail"] as const) MEMOS[mode].from.fill(-1);
    log[0].length = 0;
    log[1].length = 0;
  }
  // a move's units are those last synced but one: only that one needs reading
  const one = units === lastReplaced.to && syncedUnits !== null && syncedUnits === lastReplaced.from ? lastReplaced.unit : -1;
  syncedUnits = units;
  if (one >= 0) syncUnit(units, one);
  else for (let k = 0; k < UNITS; k++) syncUnit(units, k);
  return BOARD;
}

function syncUnit(units: readonly UnitState[], k: number): void {
  // a unit record is copied whenever it changes: the same record stands where it stood
  const unit = units[k];
  if (unit !== undefined && unit === syncedUnit[k]) return;
  syncedUnit[k] = unit;
  const p = unit?.position;
  const now = p ? indexOf(p) : -1;
  const was = at[k]!;
  if (now === was) return;
  // at[k] changes first: leave() looks for another unit still on `was`
  at[k] = now;
  const side = sideOf(k);
  moves[side]++;
  if (was >= 0) {
    leave(k, was);
    log[side].push(was);
  }
  if (now >= 0) {
    arrive(k, now);
    log[side].push(now);
  }
}

/**
 * Is unit `k`'s reach from `start` kept for movement in `mode`, the enemy having changed nothing
 * it read since? (For the state last given to syncBoard.)
 */
function fresh(memo: Memo, k: number, start: number): boolean {
  if (memo.from[k] !== start) return false;
  const enemyLog = log[1 - sideOf(k)]!;
  const sensitive = memo.sensitive;
  const row = k * HEX_WORDS;
  let j = memo.checked[k]!;
  for (; j < enemyLog.length; j++) {
    const h = enemyLog[j]!;
    if (sensitive[row + (h >> 5)]! & (1 << (h & 31))) break;
  }
  memo.checked[k] = j;
  return j === enemyLog.length;
}

/**
 * reachWithoutFriends(k, start, mode, board.occ, zoc) for the state last given to syncBoard,
 * searched again only when the enemy may have changed it. `zoc` is the enemy's ZOC in that
 * state (enemyZoc). The list is shared: read it, never change it.
 */
export function keptReach(k: number, start: number, mode: MoveMode, zoc: readonly number[]): readonly number[] {
  const memo = MEMOS[mode];
  if (fresh(memo, k, start)) return memo.reach[k]!;
  const list = reachWithoutFriends(k, start, mode, sideOn, zoc);
  const row = k * HEX_WORDS;
  memo.sensitive.fill(0, row, row + HEX_WORDS);
  // in mud a unit goes to any empty neighbour: nothing the enemy does changes its reach
  if (mode !== "mud") {
    markAroundExpanded(memo.sensitive, row, mode === "rail");
    copyPaths(memo.prev, k * HEX_COUNT);
  }
  memo.from[k] = start;
  memo.reach[k] = list;
  memo.checked[k] = log[1 - sideOf(k)]!.length;
  return list;
}

/** destinationsOf(k, start, mode, board.occ, zoc) from the kept reach (the state last synced). */
export function keptDestinations(k: number, start: number, mode: MoveMode, zoc: readonly number[]): number[] {
  const reach = keptReach(k, start, mode, zoc);
  const out: number[] = [];
  for (let j = 0; j < reach.length; j++) if (occ[reach[j]!] === -1) out.push(reach[j]!);
  return out;
}

/** keptDestinations(...).length > 0. */
export function hasKeptDestination(k: number, start: number, mode: MoveMode, zoc: readonly number[]): boolean {
  const reach = keptReach(k, start, mode, zoc);
  for (let j = 0; j < reach.length; j++) if (occ[reach[j]!] === -1) return true;
  return false;
}

/**
 * The path (start excluded) unit `k` on `start` takes to the empty hex `to` when moving in
 * `mode`, as the search finds it, or null when `to` is out of its reach. Call it after syncBoard
 * and keptReach for the same unit and state.
 */
export function keptPath(k: number, start: number, mode: MoveMode, to: number): number[] | null {
  const memo = MEMOS[mode];
  if (!memo.reach[k]!.includes(to)) return null;
  if (mode === "mud") return [to];
  const row = k * HEX_COUNT;
  const path: number[] = [];
  for (let h = to; h !== start && h >= 0; h = memo.prev[row + h]!) path.push(h);
  return path.reverse();
}
