/**
 * Moves and Disengage paths (skirmish.md 8): terrain costs, occupied hexes, the stop rule, and
 * the cheapest path to every reachable hex with the written tie-breaks (16).
 */
import { DIRECTIONS, distance, hexKey, type Hex } from "../hex";
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

interface Label {
  cost: number;
  dirs: number[];
  path: Hex[];
}

const better = (a: Label, b: Label): boolean => {
  if (a.cost !== b.cost) return a.cost < b.cost;
  if (a.dirs.length !== b.dirs.length) return a.dirs.length < b.dirs.length;
  for (let i = 0; i < a.dirs.length; i++) if (a.dirs[i] !== b.dirs[i]) return a.dirs[i]! < b.dirs[i]!;
  return false;
};

/**
 * Every hex a path can end on, with its cheapest path (ties: fewer hexes, then the smaller
 * sequence of direction indices), sorted by q then r.
 */
export function reachable(state: SkirmishState, m: ModelState, allowance: number, stopRule: boolean): Reach[] {
  // occupied() and isStopHex() worked out once for the whole board instead of at every hex tried
  const taken = new Set(state.models.filter((x) => x.hex !== null && x.status !== "eliminated").map((x) => hexKey(x.hex!)));
  const stops = new Set<string>();
  if (stopRule) for (const e of enemiesInPlay(state, m)) if (steady(e)) for (const d of DIRECTIONS) stops.add(hexKey([e.hex![0] + d[0], e.hex![1] + d[1]]));
  const best = new Map<string, Label>();
  const start: Label = { cost: 0, dirs: [], path: [] };
  let frontier: { hex: Hex; label: Label }[] = [{ hex: m.hex!, label: start }];
  best.set(hexKey(m.hex!), start);
  // costs are small whole numbers: settle labels in rounds, re-expanding any hex whose label improves
  while (frontier.length > 0) {
    const next: { hex: Hex; label: Label }[] = [];
    for (const { hex, label } of frontier) {
      if (best.get(hexKey(hex)) !== label) continue;
      if (label.path.length > 0 && stopRule && stops.has(hexKey(hex))) continue;
      DIRECTIONS.forEach((d, dir) => {
        const to: Hex = [hex[0] + d[0], hex[1] + d[1]];
        const terrain = terrainAt(state.board, to);
        const step = terrain === null ? null : TERRAIN_RULES[terrain].cost;
        if (step === null || taken.has(hexKey(to))) return;
        const candidate: Label = { cost: label.cost + step, dirs: [...label.dirs, dir], path: [...label.path, to] };
        if (candidate.cost > allowance) return;
        const known = best.get(hexKey(to));
        if (known && !better(candidate, known)) return;
        best.set(hexKey(to), candidate);
        next.push({ hex: to, label: candidate });
      });
    }
    frontier = next;
  }
  const reaches: Reach[] = [];
  for (const [key, label] of best) {
    if (label.path.length === 0) continue;
    const hex = label.path[label.path.length - 1]!;
    if (hexKey(hex) === key) reaches.push({ hex, cost: label.cost, path: label.path });
  }
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
