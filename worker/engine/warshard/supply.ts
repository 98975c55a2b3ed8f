/**
 * Supply (5.4): a hex is in supply for a side when a trace of at most four steps leads to it
 * from one of the side's HQs, through hexes that are enterable, free of enemy units and out of
 * enemy ZoC. The hex reached may itself be in enemy ZoC (decision, 5.4).
 */
import { DIRECTIONS, hexKey, type Hex } from "../hex";
import { axialOf, enterable } from "./board";
import { SUPPLY_RANGE, UNIT_DEFS } from "./data";
import { otherSide, type MapSpec, type Side, type WarshardState } from "./state";

/** The hexes in supply for a side, by offset (col * rows + row): 1 where in supply. */
export interface SupplyGrid {
  cols: number;
  rows: number;
  supplied: Uint8Array;
}

/** Whether `h` is in supply on the grid (never off the board). */
export function inSupply(grid: SupplyGrid, h: Hex): boolean {
  const col = h[0];
  const row = h[1] + Math.floor(col / 2);
  return col >= 0 && col < grid.cols && row >= 0 && row < grid.rows && grid.supplied[col * grid.rows + row] === 1;
}

// 1 where a hex may be entered, by offset: built once a map
const enterableGrids = new WeakMap<MapSpec, Uint8Array>();

function enterableGrid(map: MapSpec): Uint8Array {
  let grid = enterableGrids.get(map);
  if (!grid) {
    grid = new Uint8Array(map.cols * map.rows);
    for (let col = 0; col < map.cols; col++) for (let row = 0; row < map.rows; row++) grid[col * map.rows + row] = enterable(map, axialOf(col, row)) ? 1 : 0;
    enterableGrids.set(map, grid);
  }
  return grid;
}

/** The row step to each neighbour (DIRECTIONS' order) from an even (0) and an odd (1) column. */
const NEIGHBOUR_ROWS: readonly (readonly number[])[] = [0, 1].map((parity) => DIRECTIONS.map(([dq, dr]) => dr + Math.floor((parity + dq) / 2)));

/** Every hex in supply for `side` on the current board. */
export function supplyGrid(state: WarshardState, side: Side): SupplyGrid {
  const { cols, rows } = state.map;
  const size = cols * rows;
  const offsetOf = (h: Hex): number => {
    const row = h[1] + Math.floor(h[0] / 2);
    return h[0] >= 0 && h[0] < cols && row >= 0 && row < rows ? h[0] * rows + row : -1;
  };
  const enemy = otherSide(state, side);
  // where a trace may not pass: an enemy unit on the hex, or next to it (its ZoC)
  const barred = new Uint8Array(size);
  for (const u of state.units) {
    if (u.status !== "map" || u.side !== enemy || !u.hex) continue;
    const at = offsetOf(u.hex);
    if (at >= 0) barred[at] = 1;
    const col = u.hex[0];
    const row = u.hex[1] + Math.floor(col / 2);
    const deltas = NEIGHBOUR_ROWS[col & 1]!;
    for (let d = 0; d < 6; d++) {
      const nc = col + DIRECTIONS[d]![0];
      const nr = row + deltas[d]!;
      if (nc >= 0 && nc < cols && nr >= 0 && nr < rows) barred[nc * rows + nr] = 1;
    }
  }
  const enterableHere = enterableGrid(state.map);
  const supplied = new Uint8Array(size);
  const sources = new Uint8Array(size);
  let frontier: number[] = [];
  for (const u of state.units) {
    if (u.status !== "map" || u.side !== side || !u.hex || !UNIT_DEFS[u.type].suppliesArmy) continue;
    const at = offsetOf(u.hex);
    if (at >= 0 && !supplied[at]) {
      supplied[at] = 1;
      sources[at] = 1;
      frontier.push(at);
    }
  }
  // the HQ hexes start the trace whatever stands around them; an end hex is never checked, and an
  // enemy-occupied end hex being "in supply" is harmless: supply is only read for own units' hexes
  for (let step = 1; step <= SUPPLY_RANGE; step++) {
    const next: number[] = [];
    for (const at of frontier) {
      if (!sources[at] && (!enterableHere[at] || barred[at])) continue;
      const col = (at / rows) | 0;
      const row = at - col * rows;
      const deltas = NEIGHBOUR_ROWS[col & 1]!;
      for (let d = 0; d < 6; d++) {
        const nc = col + DIRECTIONS[d]![0];
        const nr = row + deltas[d]!;
        if (nc < 0 || nc >= cols || nr < 0 || nr >= rows) continue;
        const n = nc * rows + nr;
        if (supplied[n]) continue;
        supplied[n] = 1;
        next.push(n);
      }
    }
    frontier = next;
  }
  return { cols, rows, supplied };
}

/** Keys of every hex in supply for `side` on the current board. */
export function suppliedHexes(state: WarshardState, side: Side): Set<string> {
  const grid = supplyGrid(state, side);
  const keys = new Set<string>();
  grid.supplied.forEach((v, at) => {
    if (v) keys.add(hexKey(axialOf((at / grid.rows) | 0, at % grid.rows)));
  });
  return keys;
}
