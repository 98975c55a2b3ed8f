/**
 * Movement (5.1, 5.2): one adjacent hex at a time, paying half points per terrain, never into
 * an occupied hex, stopping on entering enemy ZoC. `reach` lists every hex a unit can reach now
 * with its cheapest path (ties: fewer steps, then the smaller sequence of directions, 13).
 */
import { DIRECTIONS, isAdjacent, type Hex } from "../hex";
import { cell, hexLabel, moveCost, onBoard, otherSide } from "./board";
import { UNIT_DEFS } from "./data";
import { fail, hexDetails, type WarshardError } from "./errors";
import type { WarshardEvent } from "./events";
import type { Unit, WarshardState } from "./state";

export const fullMobility = (u: Unit): number => 2 * UNIT_DEFS[u.type].mobility;

export interface Reachable {
  hex: Hex;
  cost: number;
  path: Hex[];
  /** In enemy ZoC: the unit stops there. */
  zoc: boolean;
}

// the searches run over the board by offset (col * rows + row), in arrays kept between calls
// (nothing outlives a call but its answer): a hex's best path is its cost, its steps, the last
// direction and the hex it came from, which never change once the hex is expanded
interface Scratch {
  size: number;
  /** The search that last wrote each hex's fields (a hex with an older stamp is unreached). */
  stamp: Int32Array;
  cost: Int32Array;
  steps: Int32Array;
  dir: Int8Array;
  parent: Int32Array;
  expanded: Int32Array;
  /** The hexes to expand, one list per cost: the first entry of each in `head`, the next in `queueNext`. */
  queue: Int32Array;
  queueNext: Int32Array;
  head: Int32Array;
  search: number;
}

// a list head for every cost up to a unit's full mobility (data.ts: at most 18 half points); grown for more
const COST_LISTS = 32;

let scratch: Scratch = makeScratch(0);

function makeScratch(size: number): Scratch {
  return {
    size,
    stamp: new Int32Array(size),
    cost: new Int32Array(size),
    steps: new Int32Array(size),
    dir: new Int8Array(size),
    parent: new Int32Array(size),
    expanded: new Int32Array(size),
    // a hex enters a list at most once from each of its six neighbours' expansions, and the start once
    queue: new Int32Array(size * 6 + 1),
    queueNext: new Int32Array(size * 6 + 1),
    head: new Int32Array(COST_LISTS),
    search: 0,
  };
}

function scratchFor(size: number): Scratch {
  if (scratch.size < size || scratch.search > 0x3fffffff) scratch = makeScratch(Math.max(size, scratch.size));
  scratch.search++;
  return scratch;
}

/** The row step to each neighbour (DIRECTIONS' order) from an even (0) and an odd (1) column of an odd-q board. */
const NEIGHBOUR_ROWS: readonly (readonly number[])[] = [0, 1].map((parity) => DIRECTIONS.map(([dq, dr]) => dr + Math.floor((parity + dq) / 2)));

/**
 * Between two paths of as many steps, ending at the same hex from `a` (last direction `da`)
 * and from `b` (`db`): negative when `a`'s sequence of directions is the smaller (13).
 */
function compareDirs(dir: Int8Array, parent: Int32Array, a: number, da: number, b: number, db: number): number {
  let order = da - db;
  // walking back from the end, the difference nearest the start decides
  while (a !== b) {
    if (dir[a] !== dir[b]) order = dir[a]! - dir[b]!;
    a = parent[a]!;
    b = parent[b]!;
  }
  return order;
}

/** The board's hexes by offset, one tuple each, shared by every path listed on that map (frozen: never changed). */
const hexTables = new WeakMap<WarshardState["map"], readonly Hex[]>();

function hexTable(map: WarshardState["map"]): readonly Hex[] {
  let table = hexTables.get(map);
  if (!table) {
    const hexes: Hex[] = [];
    for (let col = 0; col < map.cols; col++) for (let row = 0; row < map.rows; row++) hexes.push(Object.freeze([col, row - Math.floor(col / 2)]) as Hex);
    table = hexes;
    hexTables.set(map, table);
  }
  return table;
}

// half points to enter each hex by offset (col * rows + row), -1 where it may not be entered: built once a map
const costGrids = new WeakMap<WarshardState["map"], Int8Array>();

function costGrid(map: WarshardState["map"]): Int8Array {
  let grid = costGrids.get(map);
  if (!grid) {
    grid = new Int8Array(map.cols * map.rows);
    for (let col = 0; col < map.cols; col++) for (let row = 0; row < map.rows; row++) grid[col * map.rows + row] = moveCost(map, [col, row - Math.floor(col / 2)]) ?? -1;
    costGrids.set(map, grid);
  }
  return grid;
}

const offsetIn = (map: WarshardState["map"], h: Hex): number => h[0] * map.rows + h[1] + Math.floor(h[0] / 2);

/** What every unit's search reads of one state, by offset, worked out when first needed. */
export interface ReachContext {
  /** Per unit of the state (its order): offset * 2 + its side's index in `sides`, -1 off the map. */
  positions: Int32Array;
  /** How many units stand on each hex. */
  standing: Int16Array | null;
  /** Per side: 1 on each hex of its ZoC. */
  zoc: Map<string, Uint8Array>;
}

/** Worked out once for a state whose units do not change while it is used (legal(), the computer's choice). */
export function reachContext(state: WarshardState): ReachContext {
  const positions = new Int32Array(state.units.length);
  state.units.forEach((u, i) => {
    positions[i] = u.status === "map" && u.hex && onBoard(state.map, u.hex) ? offsetIn(state.map, u.hex) * 2 + (u.side === state.sides[0] ? 0 : 1) : -1;
  });
  return { positions, standing: null, zoc: new Map() };
}

function standingOf(state: WarshardState, context: ReachContext): Int16Array {
  if (!context.standing) {
    context.standing = new Int16Array(state.map.cols * state.map.rows);
    for (const code of context.positions) if (code >= 0) context.standing[code >> 1]!++;
  }
  return context.standing;
}

/** zocOf (5.2) by offset: 1 on every hex next to a unit of the side, on the board. */
function zocGrid(state: WarshardState, side: string): Uint8Array {
  const { cols, rows } = state.map;
  const zone = new Uint8Array(cols * rows);
  for (const u of state.units) {
    if (u.status !== "map" || u.side !== side || !u.hex) continue;
    for (const d of DIRECTIONS) {
      const col = u.hex[0] + d[0];
      const row = u.hex[1] + d[1] + Math.floor(col / 2);
      if (col >= 0 && col < cols && row >= 0 && row < rows) zone[col * rows + row] = 1;
    }
  }
  return zone;
}

/**
 * A unit's reach as last searched, kept for the next call: the search reads the board only on
 * the hexes it expanded and their neighbours (who stands there, and the enemy's ZoC, which an
 * enemy unit on one of those neighbours makes), so the answer stands while the unit has the same
 * hex and points and no unit came to or left such a hex. Positions are compared by value, so a
 * state changed in place, or another game's state on the same map, finds it stale where it differs.
 */
interface Kept {
  at: number;
  mobility: number;
  positions: Int32Array;
  /** 1 on every hex the search read. */
  read: Uint8Array;
  reach: Reachable[];
}

const kept = new WeakMap<WarshardState["map"], Map<string, Kept>>();

function stillHolds(k: Kept, at: number, mobility: number, positions: Int32Array): boolean {
  if (k.at !== at || k.mobility !== mobility || k.positions.length !== positions.length) return false;
  if (k.positions === positions) return true;
  for (let i = 0; i < positions.length; i++) {
    const was = k.positions[i]!;
    const now = positions[i]!;
    if (was === now) continue;
    if ((was >= 0 && k.read[was >> 1]) || (now >= 0 && k.read[now >> 1])) return false;
  }
  return true;
}

/** Every hex the unit can reach with the points it has left, by q then r (shared between calls: never change it). */
export function reach(state: WarshardState, unit: Unit, context: ReachContext = reachContext(state)): Reachable[] {
  if (!unit.hex || unit.mobilityLeft <= 0 || !onBoard(state.map, unit.hex)) return [];
  const at = offsetIn(state.map, unit.hex);
  let byUnit = kept.get(state.map);
  if (!byUnit) {
    byUnit = new Map();
    kept.set(state.map, byUnit);
  }
  const k = byUnit.get(unit.id);
  if (k && stillHolds(k, at, unit.mobilityLeft, context.positions)) {
    k.positions = context.positions;
    return k.reach;
  }
  const read = new Uint8Array(state.map.cols * state.map.rows);
  const found = searchReach(state, unit, context, read);
  byUnit.set(unit.id, { at, mobility: unit.mobilityLeft, positions: context.positions, read, reach: found });
  return found;
}

function searchReach(state: WarshardState, unit: Unit, context: ReachContext, read: Uint8Array): Reachable[] {
  const { cols, rows } = state.map;
  const own = offsetIn(state.map, unit.hex!);
  const standing = standingOf(state, context);
  const enemy = otherSide(state, unit.side);
  let enemyZoc = context.zoc.get(enemy);
  if (!enemyZoc) {
    enemyZoc = zocGrid(state, enemy);
    context.zoc.set(enemy, enemyZoc);
  }
  const costs = costGrid(state.map);
  const hexes = hexTable(state.map);
  const limit = unit.mobilityLeft;
  const sc = scratchFor(cols * rows);
  if (sc.head.length <= limit) sc.head = new Int32Array(limit + 1);
  const { stamp, cost: costOf, steps: stepsOf, dir, parent, expanded, queue, queueNext, head } = sc;
  const generation = sc.search;
  stamp[own] = generation;
  costOf[own] = 0;
  stepsOf[own] = 0;
  dir[own] = -1;
  parent[own] = -1;
  let first = cols * rows;
  let last = -1;
  // every step costs at least 1 half point, so a hex's paths of one cost all exist before that
  // cost is expanded: expanding by cost, each hex once with its best path, settles the same
  // paths as always taking the best open path first. Each cost's hexes are a list in `queue`
  // (pushed in front: the order within a cost changes nothing, each is expanded with its best path).
  head.fill(-1, 0, limit + 1);
  let entries = 0;
  queue[entries] = own;
  queueNext[entries] = -1;
  head[0] = entries++;
  for (let c = 0; c <= limit; c++) {
    for (let e = head[c]!; e >= 0; e = queueNext[e]!) {
      const at = queue[e]!;
      if (costOf[at] !== c || expanded[at] === generation) continue;
      expanded[at] = generation;
      read[at] = 1;
      const col = (at / rows) | 0;
      const row = at - col * rows;
      const deltas = NEIGHBOUR_ROWS[col & 1]!;
      const stops = at !== own && enemyZoc[at] === 1;
      const steps = stepsOf[at]! + 1;
      for (let d = 0; d < 6; d++) {
        const nc = col + DIRECTIONS[d]![0];
        const nr = row + deltas[d]!;
        if (nc < 0 || nc >= cols || nr < 0 || nr >= rows) continue;
        const next = nc * rows + nr;
        // read even where the unit stops: an enemy unit there makes this hex's ZoC
        read[next] = 1;
        if (stops) continue;
        const step = costs[next]!;
        if (step < 0) continue;
        // occupied by a unit other than this one (5.1, 5.3)
        if (standing[next]! - (next === own ? 1 : 0) > 0) continue;
        const cost = c + step;
        if (cost > limit) continue;
        if (stamp[next] === generation) {
          const known = costOf[next]!;
          if (cost > known) continue;
          if (cost === known) {
            const knownSteps = stepsOf[next]!;
            if (steps > knownSteps) continue;
            if (steps === knownSteps && compareDirs(dir, parent, at, d, parent[next]!, dir[next]!) >= 0) continue;
          }
        } else {
          stamp[next] = generation;
          if (next < first) first = next;
          if (next > last) last = next;
        }
        costOf[next] = cost;
        stepsOf[next] = steps;
        dir[next] = d;
        parent[next] = at;
        queue[entries] = next;
        queueNext[entries] = head[cost]!;
        head[cost] = entries++;
      }
    }
  }
  // by offset is by q then r
  const out: Reachable[] = [];
  const back = queue;
  for (let at = first; at <= last; at++) {
    if (stamp[at] !== generation || at === own) continue;
    let n = 0;
    for (let p = at; p !== own; p = parent[p]!) back[n++] = p;
    const path: Hex[] = [];
    while (n > 0) path.push(hexes[back[--n]!]!);
    out.push({ hex: hexes[at]!, cost: costOf[at]!, path, zoc: enemyZoc[at] === 1 });
  }
  return out;
}

/** 5.1: checks every step of a move in order; applies it to `unit` (a copy) only when all pass. */
export function applyMove(state: WarshardState, unit: Unit, path: readonly Hex[], events: WarshardEvent[]): WarshardError | null {
  const from = unit.hex!;
  // decision: the hex a unit moves from is not occupied by the unit itself (5.1 forbids hexes
  // "occupied by any unit", and once it leaves, none is there): a path back through its start
  // hex is a legal, if never the cheapest, path. Another unit stacked there (5.3) still makes it
  // occupied. (The independent checks found it refused while every other reading agreed.)
  // the units are few (5.3 stacks them, boards hold a few dozen): read them at each step rather than build sets
  const enemy = otherSide(state, unit.side);
  const taken = (h: Hex) => state.units.some((u) => u.status === "map" && u.hex !== null && u.id !== unit.id && u.hex[0] === h[0] && u.hex[1] === h[1]);
  // zocOf (5.2): next to an enemy unit; `next` is on the board when this is asked
  const inEnemyZoc = (h: Hex) => state.units.some((u) => u.status === "map" && u.hex !== null && u.side === enemy && isAdjacent(u.hex, h));
  let at: Hex = from;
  let left = unit.mobilityLeft;
  let zoc = false;
  let paid = 0;
  for (const [step, next] of path.entries()) {
    const refuse = (reason: string, why: string) =>
      fail("illegal_move", `${unit.id} cannot enter ${hexLabel(next)} (step ${step + 1}): ${why}`, { unit: unit.id, step, reason, ...hexDetails(next) });
    if (!isAdjacent(at, next)) return refuse("not_adjacent", `it is not next to ${hexLabel(at)}`);
    if (!onBoard(state.map, next)) return refuse("off_board", "it is off the board");
    const cost = moveCost(state.map, next);
    if (cost === null) return refuse("impassable", "water and impassable hexes may not be entered");
    if (taken(next)) return refuse("occupied", "units may not enter or pass through an occupied hex");
    if (cost > left) return refuse("no_mobility", `it costs ${cost} half points and ${left} are left`);
    left -= cost;
    paid += cost;
    at = next;
    if (inEnemyZoc(next)) {
      left = 0;
      zoc = true;
    }
  }
  unit.hex = cell(at);
  unit.mobilityLeft = left;
  events.push({ kind: "moved", unit: unit.id, side: unit.side, from: cell(from), to: cell(at), path: path.map(cell), cost: paid, mobilityLeft: left, zoc });
  return null;
}
