/**
 * Movement (5.1, 5.2): one adjacent hex at a time, paying half points per terrain, never into
 * an occupied hex, stopping on entering enemy ZoC. `reach` lists every hex a unit can reach now
 * with its cheapest path (ties: fewer steps, then the smaller sequence of directions, 13).
 */
import { DIRECTIONS, hexKey, isAdjacent, type Hex } from "../hex";
import { boardNeighbours, byQR, cell, hexLabel, moveCost, occupied, onBoard, otherSide } from "./board";
import { UNIT_DEFS } from "./data";
import { fail, hexDetails, type WarshardError } from "./errors";
import type { WarshardEvent } from "./events";
import type { Unit, WarshardState } from "./state";
import { zocOf } from "./zoc";

export const fullMobility = (u: Unit): number => 2 * UNIT_DEFS[u.type].mobility;

export interface Reachable {
  hex: Hex;
  cost: number;
  path: Hex[];
  /** In enemy ZoC: the unit stops there. */
  zoc: boolean;
}

/** A path as a chain: its last step and the label of the path one step shorter (never changed once made). */
interface Label {
  q: number;
  r: number;
  cost: number;
  steps: number;
  dir: number;
  parent: Label | null;
}

/** Compares the direction sequences of two labels of as many steps (negative: `a` is smaller). */
function compareDirs(a: Label | null, b: Label | null): number {
  if (a === b || a === null || b === null) return 0;
  return compareDirs(a.parent, b.parent) || a.dir - b.dir;
}

function better(a: Label, b: Label): boolean {
  if (a.cost !== b.cost) return a.cost < b.cost;
  if (a.steps !== b.steps) return a.steps < b.steps;
  return compareDirs(a, b) < 0;
}

function pathOf(label: Label): Hex[] {
  const path: Hex[] = new Array(label.steps);
  for (let l: Label | null = label; l !== null && l.steps > 0; l = l.parent) path[l.steps - 1] = [l.q, l.r];
  return path;
}

// a number per hex for the searches' maps: boards are far smaller than 1024 hexes a side
const numKey = (q: number, r: number): number => (q + 1024) * 4096 + (r + 1024);

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

/** What every unit's search reads of one state: how many units stand on each hex, each side's ZoC. */
export interface ReachContext {
  standing: Map<number, number>;
  zoc: Map<string, Set<number>>;
}

/** Worked out once for a state whose units do not change while it is used (legal(), the computer's choice). */
export function reachContext(state: WarshardState): ReachContext {
  const standing = new Map<number, number>();
  for (const u of state.units) if (u.status === "map" && u.hex) standing.set(numKey(u.hex[0], u.hex[1]), (standing.get(numKey(u.hex[0], u.hex[1])) ?? 0) + 1);
  return { standing, zoc: new Map() };
}

/** zocOf (5.2) by number keys: every hex next to a unit of the side, on the board. */
function zocKeys(state: WarshardState, side: string): Set<number> {
  const keys = new Set<number>();
  for (const u of state.units) {
    if (u.status !== "map" || u.side !== side || !u.hex) continue;
    for (const n of boardNeighbours(state.map, u.hex)) keys.add(numKey(n[0], n[1]));
  }
  return keys;
}

/** Every hex the unit can reach with the points it has left, by q then r. */
export function reach(state: WarshardState, unit: Unit, context: ReachContext = reachContext(state)): Reachable[] {
  if (!unit.hex || unit.mobilityLeft <= 0) return [];
  const own = numKey(unit.hex[0], unit.hex[1]);
  // occupied by a unit other than this one (5.1, 5.3)
  const taken = (key: number) => (context.standing.get(key) ?? 0) - (key === own ? 1 : 0) > 0;
  const enemy = otherSide(state, unit.side);
  let enemyZoc = context.zoc.get(enemy);
  if (!enemyZoc) {
    enemyZoc = zocKeys(state, enemy);
    context.zoc.set(enemy, enemyZoc);
  }
  const { cols, rows } = state.map;
  const costs = costGrid(state.map);
  const start: Label = { q: unit.hex[0], r: unit.hex[1], cost: 0, steps: 0, dir: -1, parent: null };
  const best = new Map<number, Label>([[own, start]]);
  // every step costs at least 1 half point, so a hex's labels of one cost all exist before that
  // cost is expanded: expanding by cost, each hex once with its best label, settles the same
  // labels as always taking the best open label first
  const byCost: Label[][] = [[start]];
  for (let c = 0; c < byCost.length; c++) {
    const bucket = byCost[c];
    if (!bucket) continue;
    for (const current of bucket) {
      const { q, r } = current;
      const key = numKey(q, r);
      if (best.get(key) !== current) continue;
      if (current.steps > 0 && enemyZoc.has(key)) continue;
      for (let d = 0; d < DIRECTIONS.length; d++) {
        const nq = q + DIRECTIONS[d]![0];
        const nr = r + DIRECTIONS[d]![1];
        const col = nq;
        const row = nr + Math.floor(nq / 2);
        if (col < 0 || col >= cols || row < 0 || row >= rows) continue;
        const step = costs[col * rows + row]!;
        if (step < 0) continue;
        const nextKey = numKey(nq, nr);
        if (taken(nextKey)) continue;
        const cost = current.cost + step;
        if (cost > unit.mobilityLeft) continue;
        const label: Label = { q: nq, r: nr, cost, steps: current.steps + 1, dir: d, parent: current };
        const known = best.get(nextKey);
        if (known && !better(label, known)) continue;
        best.set(nextKey, label);
        (byCost[cost] ??= []).push(label);
      }
    }
  }
  best.delete(own);
  const out: Reachable[] = [];
  for (const [key, l] of best) out.push({ hex: [l.q, l.r], cost: l.cost, path: pathOf(l), zoc: enemyZoc.has(key) });
  return out.sort((a, b) => byQR(a.hex, b.hex));
}

/** 5.1: checks every step of a move in order; applies it to `unit` (a copy) only when all pass. */
export function applyMove(state: WarshardState, unit: Unit, path: readonly Hex[], events: WarshardEvent[]): WarshardError | null {
  const from = unit.hex!;
  // decision: the hex a unit moves from is not occupied by the unit itself (5.1 forbids hexes
  // "occupied by any unit", and once it leaves, none is there): a path back through its start
  // hex is a legal, if never the cheapest, path. Another unit stacked there (5.3) still makes it
  // occupied. (The independent checks found it refused while every other reading agreed.)
  const taken = occupied(state, undefined, unit.id);
  const enemyZoc = zocOf(state, otherSide(state, unit.side));
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
    if (taken.has(hexKey(next))) return refuse("occupied", "units may not enter or pass through an occupied hex");
    if (cost > left) return refuse("no_mobility", `it costs ${cost} half points and ${left} are left`);
    left -= cost;
    paid += cost;
    at = next;
    if (enemyZoc.has(hexKey(next))) {
      left = 0;
      zoc = true;
    }
  }
  unit.hex = cell(at);
  unit.mobilityLeft = left;
  events.push({ kind: "moved", unit: unit.id, side: unit.side, from: cell(from), to: cell(at), path: path.map(cell), cost: paid, mobilityLeft: left, zoc });
  return null;
}
