/**
 * Moves and Disengage paths (skirmish.md 8): terrain costs, occupied hexes, the stop rule, and
 * the cheapest path to every reachable hex with the written tie-breaks (16).
 */
import { DIRECTIONS, distance, type Hex } from "../hex";
import { terrainAt, TERRAIN_RULES } from "./board";
import { seesOnBoard } from "./sight";
import { adjacent, attribute, enemiesInPlay, engaged, steady } from "./status";
import type { ModelState, SkirmishState } from "./state";

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

/** A path as a chain: its last step and the label of the path one step shorter (never changed once made). */
interface Label {
  cost: number;
  steps: number;
  dir: number;
  hex: Hex;
  parent: Label | null;
}

/** Compares the direction sequences of two labels of as many steps (negative: `a` is smaller). */
function compareDirs(a: Label | null, b: Label | null): number {
  if (a === b || a === null || b === null) return 0;
  return compareDirs(a.parent, b.parent) || a.dir - b.dir;
}

const better = (a: Label, b: Label): boolean => {
  if (a.cost !== b.cost) return a.cost < b.cost;
  if (a.steps !== b.steps) return a.steps < b.steps;
  return compareDirs(a, b) < 0;
};

function pathOf(label: Label): Hex[] {
  const path: Hex[] = new Array(label.steps);
  for (let l: Label | null = label; l !== null && l.steps > 0; l = l.parent) path[l.steps - 1] = l.hex;
  return path;
}

// a number per hex for the search's maps: boards are far smaller than 1024 hexes a side
const numKey = (q: number, r: number): number => (q + 1024) * 4096 + (r + 1024);

/**
 * Every hex a path can end on, with its cheapest path (ties: fewer hexes, then the smaller
 * sequence of direction indices), sorted by q then r.
 */
export function reachable(state: SkirmishState, m: ModelState, allowance: number, stopRule: boolean): Reach[] {
  // occupied() and isStopHex() worked out once for the whole board instead of at every hex tried
  const taken = new Set<number>();
  for (const x of state.models) if (x.hex !== null && x.status !== "eliminated") taken.add(numKey(x.hex[0], x.hex[1]));
  const stops = new Set<number>();
  if (stopRule) for (const e of enemiesInPlay(state, m)) if (steady(e)) for (const d of DIRECTIONS) stops.add(numKey(e.hex![0] + d[0], e.hex![1] + d[1]));
  const best = new Map<number, Label>();
  const start: Label = { cost: 0, steps: 0, dir: -1, hex: m.hex!, parent: null };
  let frontier: Label[] = [start];
  best.set(numKey(m.hex![0], m.hex![1]), start);
  // costs are small whole numbers: settle labels in rounds, re-expanding any hex whose label improves
  while (frontier.length > 0) {
    const next: Label[] = [];
    for (const label of frontier) {
      const [q, r] = label.hex;
      if (best.get(numKey(q, r)) !== label) continue;
      if (label.steps > 0 && stopRule && stops.has(numKey(q, r))) continue;
      for (let dir = 0; dir < DIRECTIONS.length; dir++) {
        const d = DIRECTIONS[dir]!;
        const tq = q + d[0];
        const tr = r + d[1];
        const key = numKey(tq, tr);
        if (taken.has(key)) continue;
        const to: Hex = [tq, tr];
        const terrain = terrainAt(state.board, to);
        const step = terrain === null ? null : TERRAIN_RULES[terrain].cost;
        if (step === null || label.cost + step > allowance) continue;
        const candidate: Label = { cost: label.cost + step, steps: label.steps + 1, dir, hex: to, parent: label };
        const known = best.get(key);
        if (known && !better(candidate, known)) continue;
        best.set(key, candidate);
        next.push(candidate);
      }
    }
    frontier = next;
  }
  const reaches: Reach[] = [];
  for (const label of best.values()) if (label.steps > 0) reaches.push({ hex: label.hex, cost: label.cost, path: pathOf(label) });
  return reaches.sort((a, b) => a.hex[0] - b.hex[0] || a.hex[1] - b.hex[1]);
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
