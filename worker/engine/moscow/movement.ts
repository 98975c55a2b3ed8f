/**
 * Movement: cheapest legal paths, reachable hexes, rail movement along railLinks, mud, and the
 * reasons a destination cannot be reached.
 */
import type { Hex } from "../hex";
import { ruleError, type GameEvent, type RuleError } from "../ruleset";
import { occupancy, positionIndex, unitState, withUnit } from "./board";
import { enterHex } from "./cities";
import {
  FOREST,
  HEX_COUNT,
  hexLabel,
  hexOf,
  indexOf,
  isMud,
  NEIGHBOURS,
  RAIL,
  RAIL_ADJ,
  sideName,
  UNIT_DEFS,
  enemyOf,
  unitDef,
  type Side,
} from "./data";
import type { MoscowState, Phase } from "./state";
import { zocOf } from "./zoc";

export type MoveMode = "normal" | "mud" | "rail";

const MOVEMENT_PHASES: readonly Phase[] = ["german_panzer_movement", "german_movement", "soviet_rail_movement", "soviet_movement"];
export const isMovementPhase = (phase: Phase): boolean => MOVEMENT_PHASES.includes(phase);

/** How units move in the current phase. */
export function moveMode(state: MoscowState): MoveMode {
  if (state.phase === "soviet_rail_movement") return "rail";
  return isMud(state.turn) ? "mud" : "normal";
}

/** Why `unitId` may not move at all in this phase, or null if it may. */
export function cannotMove(state: MoscowState, side: Side, unitId: string): RuleError | null {
  const def = unitDef(unitId);
  const unit = unitState(state, unitId);
  if (!def || !unit) return ruleError("unknown_unit", `There is no unit "${unitId}"`, { unit_id: unitId });
  if (def.side !== side) {
    return ruleError("invalid_move", `${unitId} is a ${sideName(def.side)} unit`, { unit_id: unitId, reason: "not your unit" });
  }
  if (!unit.position) {
    return ruleError("invalid_move", `${unitId} is not on the map`, { unit_id: unitId, reason: "eliminated" });
  }
  if (state.phase === "german_panzer_movement" && def.type !== "panzer") {
    return ruleError("invalid_move", `${unitId} cannot move now: only panzers move in the panzer movement phase`, {
      unit_id: unitId,
      reason: "panzers only",
    });
  }
  if (state.moved_this_phase.includes(unitId)) {
    return ruleError("invalid_move", `${unitId} has already moved this phase`, { unit_id: unitId, reason: "already moved" });
  }
  if (state.phase === "soviet_rail_movement" && !RAIL[positionIndex(unit)]) {
    return ruleError("invalid_move", `${unitId} cannot rail-move: it did not start the phase on a rail hex (${hexLabel(unit.position)})`, {
      unit_id: unitId,
      hex: hexLabel(unit.position),
      reason: "not on a rail hex",
    });
  }
  return null;
}

export interface Search {
  /** Movement points spent to enter each hex (32767 = not entered). */
  cost: Int16Array;
  /** Hex each one was entered from (-1 for none). */
  prev: Int16Array;
}

const UNREACHED = 32767;
// Scratch buffers: a search runs to completion before the next one starts (single-threaded).
const COST = new Int16Array(HEX_COUNT);
const PREV = new Int16Array(HEX_COUNT);
const LIST = new Int16Array(HEX_COUNT);

/**
 * Cheapest-cost search from `start`, level by level (a hex's entry cost does not depend on where
 * it is entered from, so each hex is listed once). Enemy units block; entering an enemy-ZOC hex
 * ends the move (unless `zoc` is null); a friend in enemy ZOC is a dead end; friends elsewhere
 * are passed through. Results stay in COST/PREV until the next search.
 */
function search(start: number, ma: number, side: Side, occ: Int16Array, zoc: Uint8Array | null, rail: boolean): void {
  COST.fill(UNREACHED);
  PREV.fill(-1);
  COST[start] = 0;
  let count = 0;
  LIST[count++] = start;
  let highest = 0;
  for (let c = 0; c <= highest; c++) {
    for (let k = 0; k < count; k++) {
      const u = LIST[k]!;
      if (COST[u] !== c) continue;
      if (u !== start && zoc && zoc[u]) continue; // movement ends here
      const adj = rail ? RAIL_ADJ[u]! : NEIGHBOURS[u]!;
      for (let j = 0; j < adj.length; j++) {
        const n = adj[j]!;
        const o = occ[n]!;
        const friend = o >= 0 && UNIT_DEFS[o]!.side === side;
        if (o >= 0 && !friend) continue;
        if (friend && zoc && zoc[n]) continue;
        const nc = c + (rail ? 1 : FOREST[n] ? 2 : 1);
        if (nc > ma || nc >= COST[n]!) continue;
        if (COST[n] === UNREACHED) LIST[count++] = n;
        COST[n] = nc;
        PREV[n] = u;
        if (nc > highest) highest = nc;
      }
    }
  }
}

function snapshot(): Search {
  return { cost: COST.slice(), prev: PREV.slice() };
}

/** Occupancy and both sides' ZOC, computed once for many reach() calls on the same state. */
export interface BoardView {
  occ: Int16Array;
  zoc: Record<Side, Uint8Array>;
}

export function boardView(state: MoscowState): BoardView {
  return { occ: occupancy(state), zoc: { german: zocOf(state, "german"), soviet: zocOf(state, "soviet") } };
}

/**
 * Every hex the unit may end its move in (its own hex excluded), as hex indices. With `paths`,
 * also the search to trace them.
 */
export function reach(state: MoscowState, unitId: string, view: BoardView = boardView(state), paths = false): { destinations: number[]; search: Search; start: number } {
  const def = unitDef(unitId)!;
  const start = positionIndex(unitState(state, unitId)!);
  const occ = view.occ;
  const mode = moveMode(state);
  if (mode === "mud") {
    const cost = new Int16Array(HEX_COUNT).fill(UNREACHED);
    const prev = new Int16Array(HEX_COUNT).fill(-1);
    cost[start] = 0;
    const destinations = NEIGHBOURS[start]!.filter((n) => occ[n] === -1);
    for (const n of destinations) {
      cost[n] = 1;
      prev[n] = start;
    }
    return { destinations, search: { cost, prev }, start };
  }
  search(start, def.ma, def.side, occ, view.zoc[enemyOf(def.side)], mode === "rail");
  const destinations: number[] = [];
  for (let i = 0; i < HEX_COUNT; i++) if (i !== start && COST[i] !== UNREACHED && occ[i] === -1) destinations.push(i);
  return { destinations, search: paths ? snapshot() : EMPTY_SEARCH, start };
}

const EMPTY_SEARCH: Search = { cost: new Int16Array(0), prev: new Int16Array(0) };

/** The hexes a unit may move to now (empty when it may not move), for pages and bots. */
export function validDestinations(state: MoscowState, unitId: string): Hex[] {
  const def = unitDef(unitId);
  if (!def || !isMovementPhase(state.phase) || cannotMove(state, def.side, unitId)) return [];
  return reach(state, unitId).destinations.map(hexOf);
}

/** The path the engine would take to `to` (start excluded) and its cost in MP, or null when `to` is not a legal destination. */
export function cheapestPath(state: MoscowState, unitId: string, to: Hex): { path: Hex[]; cost: number } | null {
  const def = unitDef(unitId);
  const target = indexOf(to);
  if (!def || target < 0 || !isMovementPhase(state.phase) || cannotMove(state, def.side, unitId)) return null;
  const r = reach(state, unitId, boardView(state), true);
  if (!r.destinations.includes(target)) return null;
  return { path: tracePath(r.search.prev, r.start, target).map(hexOf), cost: r.search.cost[target]! };
}

function tracePath(prev: Int16Array, start: number, to: number): number[] {
  const path: number[] = [];
  for (let h = to; h !== start && h >= 0; h = prev[h]!) path.push(h);
  return path.reverse();
}

/** Why `to` is out of reach (the unit may move this phase, `to` is on the map and empty). */
function unreachableReason(state: MoscowState, unitId: string, to: number): string {
  const def = unitDef(unitId)!;
  const start = positionIndex(unitState(state, unitId)!);
  const enemy = sideName(enemyOf(def.side));
  const mode = moveMode(state);
  if (mode === "mud") return `mud (turn ${state.turn}): a unit moves at most 1 hex per phase`;
  if (mode === "rail" && !RAIL[to]) return `${hexLabel(to)} is not on a rail line`;
  const occ = occupancy(state);
  const zoc = zocOf(state, enemyOf(def.side));
  search(start, def.ma, def.side, occ, null, mode === "rail");
  if (COST[to] !== UNREACHED) {
    const path = tracePath(PREV, start, to);
    const stop = path.find((h) => zoc[h]);
    if (stop !== undefined) {
      const friend = occ[stop]! >= 0 ? ` (where ${state.units[occ[stop]!]!.id} stands, so it cannot stop there either)` : "";
      return `movement ends on entering the ${enemy} ZOC at ${hexLabel(stop)}${friend}`;
    }
  }
  search(start, 999, def.side, occ, null, mode === "rail");
  if (COST[to] !== UNREACHED) {
    const what = mode === "rail" ? "rail hexes" : "MP";
    return `it is ${COST[to]} ${what} away and ${unitId} has ${def.ma}${mode === "rail" ? "" : " (forest costs 2)"}`;
  }
  return mode === "rail" ? `no connected track leads there without entering ${enemy} units` : `every way there is blocked by ${enemy} units`;
}

/** Applies a `move`; the caller checked phase and seat. */
export function applyMove(state: MoscowState, side: Side, unitId: string, to: Hex): { state: MoscowState; events: GameEvent[] } | RuleError {
  const refusal = cannotMove(state, side, unitId);
  if (refusal) return refusal;
  const unit = unitState(state, unitId)!;
  const target = indexOf(to);
  const details = (reason: string) => ({ unit_id: unitId, from: hexLabel(unit.position!), to: hexLabel(to), reason });
  if (target < 0) return ruleError("invalid_move", `${unitId} cannot move to [${to[0]},${to[1]}]: that hex is off the map`, details("off the map"));
  const start = positionIndex(unit);
  if (target === start) return ruleError("invalid_move", `${unitId} is already at ${hexLabel(target)}`, details("no movement"));
  const occ = occupancy(state);
  const there = occ[target]!;
  if (there >= 0) {
    const other = UNIT_DEFS[there]!;
    const reason =
      other.side === side
        ? `${other.id} is already there and a move must end in an empty hex`
        : `it is held by the ${sideName(other.side)} ${other.id}`;
    return ruleError("invalid_move", `${unitId} cannot move to ${hexLabel(target)}: ${reason}`, details(reason));
  }
  const r = reach(state, unitId, boardView(state), true);
  if (!r.destinations.includes(target)) {
    const reason = unreachableReason(state, unitId, target);
    return ruleError("invalid_move", `${unitId} cannot reach ${hexLabel(target)}: ${reason}`, details(reason));
  }
  const path = tracePath(r.search.prev, start, target);
  const events: GameEvent[] = [
    {
      kind: "moved",
      unit_id: unitId,
      side,
      from: unit.position,
      to: hexOf(target),
      path: path.map(hexOf),
      ...(state.phase === "soviet_rail_movement" ? { rail: true } : {}),
    },
  ];
  let next = withUnit(state, unitId, { position: [...hexOf(target)] as [number, number] });
  next = { ...next, moved_this_phase: [...state.moved_this_phase, unitId] };
  next = enterHex(next, side, target, events);
  return { state: next, events };
}

/** Units of `side` that could move somewhere now (for phase skipping and the bot). */
export function movableUnits(state: MoscowState, side: Side): string[] {
  const out: string[] = [];
  const view = boardView(state);
  for (const u of state.units) {
    const def = unitDef(u.id)!;
    if (def.side !== side || cannotMove(state, side, u.id)) continue;
    if (reach(state, u.id, view).destinations.length > 0) out.push(u.id);
  }
  return out;
}
