/**
 * Movement: cheapest legal paths, reachable hexes, rail movement along railLinks, mud, and the
 * reasons a destination cannot be reached.
 */
import type { MoscowError } from "./errors";
import type { MoscowEvent } from "./events";
import type { Hex } from "../hex";
import { ruleError } from "../ruleset";
import { occupancy, positionIndex, unitState, withUnit } from "./board";
import { enterHex } from "./cities";
import { enemyOf, hexLabel, hexOf, indexOf, NEIGHBOURS, RAIL, sideName, UNIT_DEFS, UNIT_INDEX, unitDef, type Side } from "./data";
import { costOf, destinationsOf, moveMode, search, tracePath, UNREACHED } from "./reach";
import { enemyZoc, hasKeptDestination, keptPath, keptReach, syncBoard } from "./reach-memo";
import type { MoscowState, Phase } from "./state";
import { zocOf } from "./zoc";

export { moveMode, type MoveMode } from "./reach";

// compared one by one, not looked up in a list: the referee and the computer ask at every action
export const isMovementPhase = (phase: Phase): boolean =>
  phase === "german_panzer_movement" || phase === "german_movement" || phase === "soviet_rail_movement" || phase === "soviet_movement";

/** Why `unitId` may not move at all in this phase, or null if it may. */
export function cannotMove(state: MoscowState, side: Side, unitId: string): MoscowError | null {
  const def = unitDef(unitId);
  const unit = unitState(state, unitId);
  if (!def || !unit) return ruleError("unknown_unit", `There is no unit "${unitId}"`, { unitId: unitId });
  if (def.side !== side) {
    return ruleError("invalid_move", `${unitId} is a ${sideName(def.side)} unit`, { unitId: unitId, reason: "not your unit" });
  }
  if (!unit.position) {
    return ruleError("invalid_move", `${unitId} is not on the map`, { unitId: unitId, reason: "eliminated" });
  }
  if (state.phase === "german_panzer_movement" && def.type !== "panzer") {
    return ruleError("invalid_move", `${unitId} cannot move now: only panzers move in the panzer movement phase`, {
      unitId: unitId,
      reason: "panzers only",
    });
  }
  if (state.movedThisPhase.includes(unitId)) {
    return ruleError("invalid_move", `${unitId} has already moved this phase`, { unitId: unitId, reason: "already moved" });
  }
  if (state.phase === "soviet_rail_movement" && !RAIL[positionIndex(unit)]) {
    return ruleError("invalid_move", `${unitId} cannot rail-move: it did not start the phase on a rail hex (${hexLabel(unit.position)})`, {
      unitId: unitId,
      hex: hexLabel(unit.position),
      reason: "not on a rail hex",
    });
  }
  return null;
}

/** cannotMove(...) === null for unit index `k`, without building the refusal. */
export function mayMove(state: MoscowState, side: Side, k: number): boolean {
  const def = UNIT_DEFS[k];
  const unit = state.units[k];
  if (!def || !unit || def.side !== side || !unit.position) return false;
  if (state.phase === "german_panzer_movement" && def.type !== "panzer") return false;
  if (state.movedThisPhase.length > 0 && state.movedThisPhase.includes(def.id)) return false;
  return state.phase !== "soviet_rail_movement" || RAIL[positionIndex(unit)] === 1;
}

/** The hexes a unit may move to now (empty when it may not move), for pages and bots. */
export function validDestinations(state: MoscowState, unitId: string): Hex[] {
  const def = unitDef(unitId);
  if (!def || !isMovementPhase(state.phase) || !mayMove(state, def.side, UNIT_INDEX.get(unitId)!)) return [];
  const k = UNIT_INDEX.get(unitId)!;
  return destinationsOf(k, positionIndex(state.units[k]!), moveMode(state), occupancy(state), zocOf(state, enemyOf(def.side))).map(hexOf);
}

/**
 * Runs the unit's search and tells whether `target` (on the map, not its own hex, empty) is a
 * legal destination; the path is then tracePath(start, target) (or [target] in mud).
 */
function reachable(state: MoscowState, k: number, start: number, target: number, occ: readonly number[]): boolean {
  const def = UNIT_DEFS[k]!;
  const mode = moveMode(state);
  if (mode === "mud") return NEIGHBOURS[start]!.includes(target);
  search(start, def.ma, def.side, occ, zocOf(state, enemyOf(def.side)), mode === "rail");
  return costOf(target) !== UNREACHED;
}

const pathTo = (state: MoscowState, start: number, target: number): number[] => (moveMode(state) === "mud" ? [target] : tracePath(start, target));

/**
 * The path (start excluded) unit `k` on `start` takes to `target` (on the map, not its own hex,
 * empty), or null when `target` is out of reach: from the reach kept since the computer weighed
 * this unit's moves (reach-memo.ts), searched again when it may have changed. The board must be
 * synced to `state`.
 */
function pathFor(state: MoscowState, k: number, start: number, target: number): number[] | null {
  const mode = moveMode(state);
  keptReach(k, start, mode, enemyZoc(syncBoard(state), UNIT_DEFS[k]!.side));
  return keptPath(k, start, mode, target);
}

/** The path the engine would take to `to` (start excluded) and its cost in MP, or null when `to` is not a legal destination. */
export function cheapestPath(state: MoscowState, unitId: string, to: Hex): { path: Hex[]; cost: number } | null {
  const def = unitDef(unitId);
  const target = indexOf(to);
  if (!def || target < 0 || !isMovementPhase(state.phase) || cannotMove(state, def.side, unitId)) return null;
  const k = UNIT_INDEX.get(unitId)!;
  const start = positionIndex(state.units[k]!);
  const occ = occupancy(state);
  if (target === start || occ[target] !== -1 || !reachable(state, k, start, target, occ)) return null;
  const mud = moveMode(state) === "mud";
  return { path: pathTo(state, start, target).map(hexOf), cost: mud ? 1 : costOf(target) };
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
  if (costOf(to) !== UNREACHED) {
    const path = tracePath(start, to);
    const stop = path.find((h) => zoc[h]);
    if (stop !== undefined) {
      const friend = occ[stop]! >= 0 ? ` (where ${state.units[occ[stop]!]!.id} stands, so it cannot stop there either)` : "";
      return `movement ends on entering the ${enemy} ZOC at ${hexLabel(stop)}${friend}`;
    }
  }
  search(start, 999, def.side, occ, null, mode === "rail");
  if (costOf(to) !== UNREACHED) {
    const what = mode === "rail" ? "rail hexes" : "MP";
    return `it is ${costOf(to)} ${what} away and ${unitId} has ${def.ma}${mode === "rail" ? "" : " (forest costs 2)"}`;
  }
  return mode === "rail" ? `no connected track leads there without entering ${enemy} units` : `every way there is blocked by ${enemy} units`;
}

function details(unitId: string, from: Hex, to: Hex, reason: string) {
  return { unitId: unitId, from: hexLabel(from), to: hexLabel(to), reason };
}

/** Applies a `move`; the caller checked phase and seat. */
export function applyMove(state: MoscowState, side: Side, unitId: string, to: Hex): { state: MoscowState; events: MoscowEvent[] } | MoscowError {
  const refusal = cannotMove(state, side, unitId);
  if (refusal) return refusal;
  const k = UNIT_INDEX.get(unitId)!;
  const unit = state.units[k]!;
  const from = unit.position!;
  const target = indexOf(to);
  if (target < 0) return ruleError("invalid_move", `${unitId} cannot move to [${to[0]},${to[1]}]: that hex is off the map`, details(unitId, from, to, "off the map"));
  const start = positionIndex(unit);
  if (target === start) return ruleError("invalid_move", `${unitId} is already at ${hexLabel(target)}`, details(unitId, from, to, "no movement"));
  const there = syncBoard(state).occ[target]!;
  if (there >= 0) {
    const other = UNIT_DEFS[there]!;
    const reason =
      other.side === side
        ? `${other.id} is already there and a move must end in an empty hex`
        : `it is held by the ${sideName(other.side)} ${other.id}`;
    return ruleError("invalid_move", `${unitId} cannot move to ${hexLabel(target)}: ${reason}`, details(unitId, from, to, reason));
  }
  const path = pathFor(state, k, start, target);
  if (!path) {
    const reason = unreachableReason(state, unitId, target);
    return ruleError("invalid_move", `${unitId} cannot reach ${hexLabel(target)}: ${reason}`, details(unitId, from, to, reason));
  }
  const end = hexOf(target);
  const steps = path.map(hexOf);
  // one literal each way (a spread of the optional key makes a slow object)
  const moved: MoscowEvent =
    state.phase === "soviet_rail_movement"
      ? { kind: "moved", unitId: unitId, side, from, to: end, path: steps, rail: true }
      : { kind: "moved", unitId: unitId, side, from, to: end, path: steps };
  const events: MoscowEvent[] = [moved];
  let next = withUnit(state, unitId, { position: [end[0], end[1]] });
  next.movedThisPhase = [...state.movedThisPhase, unitId]; // next is our own fresh copy
  next = enterHex(next, side, target, events);
  return { state: next, events };
}

/** Can any unit of `side` move somewhere now? (For phase skipping; stops at the first one.) */
export function anyUnitCanMove(state: MoscowState, side: Side): boolean {
  const board = syncBoard(state);
  const zoc = enemyZoc(board, side);
  const mode = moveMode(state);
  for (let k = 0; k < state.units.length; k++) {
    // the kept reach: the computer weighs these units' moves next
    if (mayMove(state, side, k) && hasKeptDestination(k, board.at[k]!, mode, zoc)) return true;
  }
  return false;
}
