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
  reached: Int32Array;
  search: number;
}

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
    reached: new Int32Array(size),
    search: 0,
  };
}

function scratchFor(size: number): Scratch {
  if (scratch.size < size || scratch.search > 0x3fffffff) scratch = makeScratch(Math.max(size, scratch.size));
  scratch.search++;
  return scratch;
}

/**
 * Between two paths of as many steps, ending at the same hex from `a` (last direction `da`)
 * and from `b` (`db`): negative when `a`'s sequence of directions is the smaller (13).
 */
function compareDirs(s: Scratch, a: number, da: number, b: number, db: number): number {
  let order = da - db;
  // walking back from the end, the difference nearest the start decides
  while (a !== b) {
    if (s.dir[a] !== s.dir[b]) order = s.dir[a]! - s.dir[b]!;
    a = s.parent[a]!;
    b = s.parent[b]!;
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

/** What every unit's search reads of one state, by offset: how many units stand on each hex, each side's ZoC. */
export interface ReachContext {
  standing: Int16Array;
  zoc: Map<string, Uint8Array>;
}

/** Worked out once for a state whose units do not change while it is used (legal(), the computer's choice). */
export function reachContext(state: WarshardState): ReachContext {
  const standing = new Int16Array(state.map.cols * state.map.rows);
  for (const u of state.units) if (u.status === "map" && u.hex && onBoard(state.map, u.hex)) standing[offsetIn(state.map, u.hex)]!++;
  return { standing, zoc: new Map() };
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

/** Every hex the unit can reach with the points it has left, by q then r. */
export function reach(state: WarshardState, unit: Unit, context: ReachContext = reachContext(state)): Reachable[] {
  if (!unit.hex || unit.mobilityLeft <= 0 || !onBoard(state.map, unit.hex)) return [];
  const { cols, rows } = state.map;
  const own = offsetIn(state.map, unit.hex);
  const standing = context.standing;
  const enemy = otherSide(state, unit.side);
  let enemyZoc = context.zoc.get(enemy);
  if (!enemyZoc) {
    enemyZoc = zocGrid(state, enemy);
    context.zoc.set(enemy, enemyZoc);
  }
  const costs = costGrid(state.map);
  const hexes = hexTable(state.map);
  const limit = unit.mobilityLeft;
  const s = scratchFor(cols * rows);
  const search = s.search;
  s.stamp[own] = search;
  s.cost[own] = 0;
  s.steps[own] = 0;
  s.dir[own] = -1;
  s.parent[own] = -1;
  let reachedCount = 0;
  // every step costs at least 1 half point, so a hex's paths of one cost all exist before that
  // cost is expanded: expanding by cost, each hex once with its best path, settles the same
  // paths as always taking the best open path first
  const byCost: number[][] = [[own]];
  for (let c = 0; c < byCost.length; c++) {
    const bucket = byCost[c];
    if (!bucket) continue;
    for (const at of bucket) {
      if (s.cost[at] !== c || s.expanded[at] === search) continue;
      s.expanded[at] = search;
      if (at !== own && enemyZoc[at]) continue;
      const q = Math.floor(at / rows);
      const r = (at % rows) - Math.floor(q / 2);
      const steps = s.steps[at]! + 1;
      for (let d = 0; d < 6; d++) {
        const nq = q + DIRECTIONS[d]![0];
        const col = nq;
        const row = r + DIRECTIONS[d]![1] + Math.floor(nq / 2);
        if (col < 0 || col >= cols || row < 0 || row >= rows) continue;
        const next = col * rows + row;
        const step = costs[next]!;
        if (step < 0) continue;
        // occupied by a unit other than this one (5.1, 5.3)
        if (standing[next]! - (next === own ? 1 : 0) > 0) continue;
        const cost = c + step;
        if (cost > limit) continue;
        if (s.stamp[next] === search) {
          const known = s.cost[next]!;
          if (cost > known) continue;
          if (cost === known) {
            const knownSteps = s.steps[next]!;
            if (steps > knownSteps) continue;
            if (steps === knownSteps && compareDirs(s, at, d, s.parent[next]!, s.dir[next]!) >= 0) continue;
          }
        } else {
          s.stamp[next] = search;
          if (next !== own) s.reached[reachedCount++] = next;
        }
        s.cost[next] = cost;
        s.steps[next] = steps;
        s.dir[next] = d;
        s.parent[next] = at;
        (byCost[cost] ??= []).push(next);
      }
    }
  }
  // by offset is by q then r
  const order = s.reached.subarray(0, reachedCount).sort();
  const out: Reachable[] = new Array(reachedCount);
  for (let i = 0; i < reachedCount; i++) {
    const at = order[i]!;
    const path: Hex[] = new Array(s.steps[at]!);
    for (let p = at; p !== own; p = s.parent[p]!) path[s.steps[p]! - 1] = hexes[p]!;
    out[i] = { hex: hexes[at]!, cost: s.cost[at]!, path, zoc: enemyZoc[at] === 1 };
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
