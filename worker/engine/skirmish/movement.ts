/**
 * Moves and Disengage paths (skirmish.md 8): terrain costs, occupied hexes, the stop rule, and
 * the cheapest path to every reachable hex with the written tie-breaks (16).
 */
import { DIRECTIONS, distance, type Hex } from "../hex";
import { cheapestPaths, hexesByOffset, type PathGrid } from "../grid/paths";
import { terrainAt, TERRAIN_RULES } from "./board";
import { seesOnBoard } from "./sight";
import { adjacent, attribute, enemiesInPlay, engaged, steady } from "./status";
import type { Board, ModelState, SkirmishState } from "./state";

export type PathProblem = "off_board" | "blocking" | "occupied" | "not_adjacent" | "too_far" | "past_stop_hex";

export const moveAllowance = (m: ModelState): number => attribute(m, "MOV") + 2;
export const disengageAllowance = (m: ModelState): number => Math.max(1, attribute(m, "MOV"));

// decision: an eliminated model keeps its last hex in the state (for the record) but no longer occupies it
function occupied(state: SkirmishState, hex: Hex): boolean {
  return state.models.some((m) => m.hex !== null && m.status !== "eliminated" && m.hex[0] === hex[0] && m.hex[1] === hex[1]);
}

/** Entering this hex ends a Move: it is next to a steady (In-Play, Attentive, Ordered) enemy (8.1). */
export function isStopHex(state: SkirmishState, m: ModelState, hex: Hex): boolean {
  return enemiesInPlay(state, m).some((e) => steady(e) && distance(e.hex!, hex) === 1);
}

export interface PathCheck {
  cost: number;
  problem: PathProblem | null;
  /** The hex at fault. */
  at: Hex | null;
}

export function checkPath(state: SkirmishState, m: ModelState, path: readonly Hex[], allowance: number, stopRule: boolean): PathCheck {
  let from = m.hex!;
  let cost = 0;
  for (const [i, hex] of path.entries()) {
    if (distance(from, hex) !== 1) return { cost, problem: "not_adjacent", at: hex };
    const terrain = terrainAt(state.board, hex);
    if (terrain === null) return { cost, problem: "off_board", at: hex };
    const step = TERRAIN_RULES[terrain].cost;
    if (step === null) return { cost, problem: "blocking", at: hex };
    if (occupied(state, hex)) return { cost, problem: "occupied", at: hex };
    cost += step;
    if (cost > allowance) return { cost, problem: "too_far", at: hex };
    if (stopRule && i < path.length - 1 && isStopHex(state, m, hex)) return { cost, problem: "past_stop_hex", at: hex };
    from = hex;
  }
  return { cost, problem: null, at: null };
}

export interface Reach {
  hex: Hex;
  cost: number;
  path: Hex[];
}

// the board as the path search reads it (grid/paths.ts): built once a board
const pathGrids = new WeakMap<Board, PathGrid>();

function pathGrid(board: Board): PathGrid {
  let grid = pathGrids.get(board);
  if (!grid) {
    const hexes = hexesByOffset(board.cols, board.rows);
    const enterCost = new Int8Array(hexes.length);
    hexes.forEach((h, i) => {
      const terrain = terrainAt(board, h);
      enterCost[i] = terrain === null ? -1 : (TERRAIN_RULES[terrain].cost ?? -1);
    });
    grid = { cols: board.cols, rows: board.rows, enterCost, hexes };
    pathGrids.set(board, grid);
  }
  return grid;
}

/** The offset of an on-board hex (col * rows + row), -1 off the board. */
function offsetIn(board: Board, h: Hex): number {
  const col = h[0];
  const row = h[1] + Math.floor(col / 2);
  return col < 0 || col >= board.cols || row < 0 || row >= board.rows ? -1 : col * board.rows + row;
}

/**
 * Every hex a path can end on, with its cheapest path (ties: fewer hexes, then the smaller
 * sequence of direction indices), sorted by q then r.
 */
export function reachable(state: SkirmishState, m: ModelState, allowance: number, stopRule: boolean): Reach[] {
  const board = state.board;
  const grid = pathGrid(board);
  // occupied() and isStopHex() worked out once for the whole board instead of at every hex tried
  const taken = new Uint8Array(grid.hexes.length);
  for (const x of state.models) {
    if (x.hex === null || x.status === "eliminated") continue;
    const at = offsetIn(board, x.hex);
    if (at >= 0) taken[at] = 1;
  }
  let stops: Uint8Array | null = null;
  if (stopRule) {
    stops = new Uint8Array(grid.hexes.length);
    for (const e of enemiesInPlay(state, m)) {
      if (!steady(e)) continue;
      for (const d of DIRECTIONS) {
        const at = offsetIn(board, [e.hex![0] + d[0], e.hex![1] + d[1]]);
        if (at >= 0) stops[at] = 1;
      }
    }
  }
  const start = offsetIn(board, m.hex!);
  if (start < 0) return [];
  // by offset is by q then r
  return cheapestPaths(grid, { start, limit: allowance, blocked: taken, stops }, (at, cost, path) => ({ hex: grid.hexes[at]!, cost, path }));
}

export const moveReach = (state: SkirmishState, m: ModelState): Reach[] => (engaged(state, m) ? [] : reachable(state, m, moveAllowance(m), true));
export const disengageReach = (state: SkirmishState, m: ModelState): Reach[] => (engaged(state, m) ? reachable(state, m, disengageAllowance(m), false) : []);

/** The enemies a model at `hex` stands next to (In-Play ones), in assembly order. */
export function contactsAt(state: SkirmishState, m: ModelState, hex: Hex): ModelState[] {
  return enemiesInPlay(state, m).filter((e) => distance(e.hex!, hex) === 1);
}

/**
 * The enemies a Move along `path` ends in contact with, and those it is a charging move
 * against: started Free, 2+ away, in LOS, every hex entered clear (8.2).
 */
export function contactsOfMove(state: SkirmishState, m: ModelState, path: readonly Hex[]): { engages: string[]; charging: string[] } {
  const to = path[path.length - 1]!;
  const startedFree = !engaged(state, m);
  const allClear = path.every((h) => terrainAt(state.board, h) === "clear");
  const engages: string[] = [];
  const charging: string[] = [];
  for (const e of contactsAt(state, m, to)) {
    if (adjacent(m, e)) continue;
    engages.push(e.id);
    if (startedFree && allClear && distance(m.hex!, e.hex!) >= 2 && seesOnBoard(state.board, m.hex!, e.hex!)) charging.push(e.id);
  }
  return { engages, charging };
}
