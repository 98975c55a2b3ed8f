/**
 * Movement (5.1, 5.2): one adjacent hex at a time, paying half points per terrain, never into
 * an occupied hex, stopping on entering enemy ZoC. `reach` lists every hex a unit can reach now
 * with its cheapest path (ties: fewer steps, then the smaller sequence of directions, 13).
 */
import { DIRECTIONS, isAdjacent, type Hex } from "../hex";
import { cheapestPaths, hexesByOffset, type PathGrid } from "../grid/paths";
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

// the board as the path search reads it (grid/paths.ts): built once a map
const pathGrids = new WeakMap<WarshardState["map"], PathGrid>();

function pathGrid(map: WarshardState["map"]): PathGrid {
  let grid = pathGrids.get(map);
  if (!grid) {
    // half points to enter each hex, -1 where it may not be entered
    const enterCost = new Int8Array(map.cols * map.rows);
    for (let col = 0; col < map.cols; col++) for (let row = 0; row < map.rows; row++) enterCost[col * map.rows + row] = moveCost(map, [col, row - Math.floor(col / 2)]) ?? -1;
    grid = { cols: map.cols, rows: map.rows, enterCost, hexes: hexesByOffset(map.cols, map.rows) };
    pathGrids.set(map, grid);
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
  // the replaced answer's read hexes are never looked at again: its array is reused
  const size = state.map.cols * state.map.rows;
  const read = k && k.read.length === size ? k.read.fill(0) : new Uint8Array(size);
  const found = searchReach(state, unit, context, read);
  byUnit.set(unit.id, { at, mobility: unit.mobilityLeft, positions: context.positions, read, reach: found });
  return found;
}

function searchReach(state: WarshardState, unit: Unit, context: ReachContext, read: Uint8Array): Reachable[] {
  const enemy = otherSide(state, unit.side);
  let enemyZoc = context.zoc.get(enemy);
  if (!enemyZoc) {
    enemyZoc = zocGrid(state, enemy);
    context.zoc.set(enemy, enemyZoc);
  }
  const zoc = enemyZoc;
  const grid = pathGrid(state.map);
  // occupied hexes may not be entered (5.1, 5.3), and a move stops on entering enemy ZoC (5.2)
  const search = { start: offsetIn(state.map, unit.hex!), limit: unit.mobilityLeft, blocked: standingOf(state, context), stops: zoc, read };
  return cheapestPaths(grid, search, (at, cost, path) => ({ hex: grid.hexes[at]!, cost, path, zoc: zoc[at] === 1 }));
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
