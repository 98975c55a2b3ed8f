/** Movement (musket.md 6.1-6.3): the breadth-first reach, the road bonus, and the reach of a charge (9.1). */
import { DIRECTIONS, isAdjacent, neighbours, type Hex } from "../hex";
import { byHex, mpLeft, onBoard, terrainAt, terrainDef, unitAt } from "./board";
import { canEnter, UNIT_DEFS } from "./data";
import type { Cell, MusketState, Unit } from "./state";

export interface MoveTarget {
  hex: Cell;
  cost: number;
  usesRoad: boolean;
}

type Board = Pick<MusketState, "map" | "units">;

// a number per hex for the searches' sets: boards are far smaller than 1024 hexes a side
const numKey = (q: number, r: number): number => (q + 1024) * 4096 + (r + 1024);

/** 6.2 step rules; `passable` is a hex a step may enter, `endable` one a move may stop on. */
function stepInto(state: Board, unit: Unit, h: Hex, there: Unit | undefined): "blocked" | "pass" | "end" {
  if (!onBoard(state.map, h) || !canEnter(unit.type, terrainAt(state.map, h))) return "blocked";
  if (!there) return "end";
  if (there.side !== unit.side) return "blocked";
  return UNIT_DEFS[unit.type].passThroughFriends ? "pass" : "blocked";
}

/** unitAt for every hex at once, by number key: the first unit standing there. */
function standing(units: readonly Unit[]): Map<number, Unit> {
  const byHex = new Map<number, Unit>();
  for (const u of units) {
    const key = numKey(u.hex[0], u.hex[1]);
    if (!byHex.has(key)) byHex.set(key, u);
  }
  return byHex;
}

type Reached = Map<number, { hex: Cell; cost: number; endable: boolean }>;

/** Hexes reached within `limit` steps (start excluded), by number key, with the fewest steps; `extra` narrows each entered hex. */
function reach(state: Board, unit: Unit, limit: number, extra: (h: Hex) => boolean = () => true): Reached {
  const seen: Reached = new Map();
  const there = standing(state.units);
  const done = new Set<number>([numKey(unit.hex[0], unit.hex[1])]);
  let frontier: Hex[] = [unit.hex];
  for (let cost = 1; cost <= limit && frontier.length > 0; cost++) {
    const next: Hex[] = [];
    for (const from of frontier) {
      for (const d of DIRECTIONS) {
        const h: Cell = [from[0] + d[0], from[1] + d[1]];
        const key = numKey(h[0], h[1]);
        if (done.has(key)) continue;
        const step = stepInto(state, unit, h, there.get(key));
        if (step === "blocked" || !extra(h)) continue;
        done.add(key);
        seen.set(key, { hex: h, cost, endable: step === "end" });
        next.push(h);
      }
    }
    frontier = next;
  }
  return seen;
}

/** 6.3: the road search, every hex entered a road hex not next to an enemy. */
function roadReach(state: Board, unit: Unit) {
  const limit = UNIT_DEFS[unit.type].movement + 1 - unit.mpUsed;
  const nextToEnemy = (h: Hex) => neighbours(h).some((n) => {
    const there = unitAt(state, n);
    return there !== undefined && there.side !== unit.side;
  });
  return reach(state, unit, limit, (h) => terrainDef(state.map, h).road && !nextToEnemy(h));
}

/** Whether the unit's type may still move at all in this activation (it has not fired, for move_or_fire). */
export function moveBlocked(unit: Unit): "has_fired" | null {
  return UNIT_DEFS[unit.type].actionType === "move_or_fire" && unit.fired ? "has_fired" : null;
}

/** 6.2-6.3: every legal move target, sorted by hex. */
export function moveTargets(state: Board, unit: Unit): MoveTarget[] {
  if (moveBlocked(unit)) return [];
  const normal = reach(state, unit, mpLeft(unit));
  const out: MoveTarget[] = [];
  for (const r of normal.values()) if (r.endable) out.push({ hex: r.hex, cost: r.cost, usesRoad: false });
  if (unit.roadOk) {
    for (const [key, r] of roadReach(state, unit)) {
      if (r.endable && !normal.has(key)) out.push({ hex: r.hex, cost: r.cost, usesRoad: true });
    }
  }
  return out.sort((a, b) => byHex(a.hex, b.hex));
}

/** 6.3: after a move to `target`, the road bonus survives iff the road search reaches it at the cost charged. */
export function keepsRoad(state: Board, unit: Unit, target: MoveTarget): boolean {
  if (!unit.roadOk) return false;
  const r = roadReach(state, unit).get(numKey(target.hex[0], target.hex[1]));
  return r !== undefined && r.cost === target.cost;
}

/** The hexes a charge may pass on its way to its target (9.1: the movement rules, no road, one step kept for the charge), or null with no point left. */
export type ChargeApproach = Reached | null;

export function chargeApproach(state: Board, unit: Unit): ChargeApproach {
  const left = mpLeft(unit);
  return left < 1 ? null : reach(state, unit, left - 1);
}

/** 9.1: the steps a charge needs to reach `target` (intermediate hexes by the movement rules, no road), or null. */
export function chargeSteps(state: Board, unit: Unit, target: Hex, approach: () => ChargeApproach = () => chargeApproach(state, unit)): number | null {
  if (mpLeft(unit) < 1) return null;
  if (isAdjacent(unit.hex, target)) return 1;
  let best: number | null = null;
  for (const r of approach()!.values()) {
    if (isAdjacent(r.hex, target) && (best === null || r.cost + 1 < best)) best = r.cost + 1;
  }
  return best;
}
