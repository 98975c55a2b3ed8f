/**
 * Replacements: restore a half unit to full, or bring an eliminated unit back at half strength on
 * the friendly edge or in a friendly city in communication (one per city per turn), with the
 * Moscow exception and the 1st Shock Army's arrival from turn 4.
 */
import type { MoscowError } from "./errors";
import type { MoscowEvent } from "./events";
import { printedId, type Hex } from "../hex";
import { ruleError } from "../ruleset";
import { positionIndex, unitState, withUnit } from "./board";
import { controls } from "./cities";
import { communicationMap } from "./communication";
import { enemyZoc, syncBoard } from "./reach-memo";
import { CITY_AT, enemyOf, HEX_COUNT, hexLabel, hexOf, indexOf, isEdgeOf, MOSCOW, sideName, UNIT_DEFS, unitDef, type Side } from "./data";
import type { MoscowState } from "./state";

export const isReplacementPhase = (phase: string): boolean => phase === "german_replacement" || phase === "soviet_replacement";

/** Replacements a side receives this turn, from the options. */
export function allowance(state: MoscowState, side: Side): number {
  if (side === "soviet") return state.options.sovietReplacements;
  if (state.turn < 2) return 0;
  return state.options.germanReplacementTurns === "even" && state.turn % 2 === 1 ? 0 : 1;
}

export function remaining(state: MoscowState, side: Side): number {
  if (side === "german") return state.germanReplacementUsed ? 0 : 1;
  return state.sovietReplacementsRemaining;
}

/** Books one replacement on `next`, a fresh copy of the state. */
function spend(next: MoscowState, side: Side): void {
  if (side === "german") next.germanReplacementUsed = true;
  else next.sovietReplacementsRemaining = next.sovietReplacementsRemaining - 1;
}

const moscowException = (state: MoscowState, side: Side, hexIndex: number) =>
  side === "soviet" && hexIndex === MOSCOW && controls(state, "soviet", MOSCOW);

export interface ReplacementChoices {
  remaining: number;
  restorableUnits: string[];
  placeableUnits: string[];
  validPlacementHexes: [number, number][];
}

/** replacementChoices by unit and hex index (the units in unit order, the hexes in index order). */
export interface ReplacementOptions {
  remaining: number;
  restorable: number[];
  placeable: number[];
  hexes: number[];
}

/** What a side may do with replacements now (assuming it is its replacement phase), by index. */
export function replacementOptions(state: MoscowState, side: Side): ReplacementOptions {
  const left = remaining(state, side);
  if (left <= 0) return { remaining: 0, restorable: [], placeable: [], hexes: [] };
  const comm = communicationMap(state, side);
  const restorable: number[] = [];
  const placeable: number[] = [];
  const replaced = state.replacedThisTurn;
  const units = state.units;
  for (let k = 0; k < units.length; k++) {
    const u = units[k]!;
    const def = UNIT_DEFS[k]!;
    if (def.side !== side || (replaced.length > 0 && replaced.includes(u.id))) continue;
    if (u.strength === "half" && u.position) {
      const at = positionIndex(u);
      if (comm[at] || moscowException(state, side, at)) restorable.push(k);
    } else if (u.strength === "eliminated" && state.turn >= def.fromTurn) {
      placeable.push(k);
    }
  }
  const hexes = placementHexes(state, side, comm);
  return { remaining: left, restorable, placeable: hexes.length > 0 ? placeable : [], hexes: placeable.length > 0 ? hexes : [] };
}

/** What a side may do with replacements now (assuming it is its replacement phase). */
export function replacementChoices(state: MoscowState, side: Side): ReplacementChoices {
  const o = replacementOptions(state, side);
  return {
    remaining: o.remaining,
    restorableUnits: o.restorable.map((k) => state.units[k]!.id),
    placeableUnits: o.placeable.map((k) => state.units[k]!.id),
    validPlacementHexes: o.hexes.map((i) => [...hexOf(i)] as [number, number]),
  };
}

/** Per side, in index order, the hexes a new unit could ever enter on: its map edge and the cities. */
const ENTRY_HEXES: Readonly<Record<Side, readonly number[]>> = {
  german: Array.from({ length: HEX_COUNT }, (_, i) => i).filter((i) => isEdgeOf(i, "german") || CITY_AT.has(i)),
  soviet: Array.from({ length: HEX_COUNT }, (_, i) => i).filter((i) => isEdgeOf(i, "soviet") || CITY_AT.has(i)),
};

/**
 * Empty friendly-edge hexes out of enemy ZOC, and empty friendly cities in communication not used
 * this turn (with `first`, stops after the first one found).
 */
function placementHexes(state: MoscowState, side: Side, comm: ArrayLike<number>, first = false): number[] {
  const board = syncBoard(state);
  const occ = board.occ;
  const zoc = enemyZoc(board, side);
  const out: number[] = [];
  const hexes = ENTRY_HEXES[side];
  for (let j = 0; j < hexes.length; j++) {
    const i = hexes[j]!;
    if (occ[i] !== -1) continue;
    if (isEdgeOf(i, side) && !zoc[i]) out.push(i);
    else if (cityOpen(state, side, i) && (comm[i] || moscowException(state, side, i))) out.push(i);
    else continue;
    if (first) break;
  }
  return out;
}

/** Printed id of each city hex (undefined elsewhere). */
const CITY_ID: readonly (string | undefined)[] = Array.from({ length: HEX_COUNT }, (_, i) => (CITY_AT.has(i) ? printedId(hexOf(i)) : undefined));

function cityOpen(state: MoscowState, side: Side, i: number): boolean {
  const id = CITY_ID[i];
  return id !== undefined && controls(state, side, i) && !state.citiesUsedThisTurn.includes(id);
}

type Step = { state: MoscowState; events: MoscowEvent[] };

function notRestored(unitId: string, reason: string, extra: Record<string, unknown> = {}): MoscowError {
  return ruleError("invalid_replacement", `${unitId} cannot be restored: ${reason}`, { unitId: unitId, ...extra, reason });
}

function notPlaced(unitId: string, hex: Hex, reason: string): MoscowError {
  return ruleError("invalid_replacement", `${unitId} cannot be placed at ${hexLabel(hex)}: ${reason}`, { unitId: unitId, hex: hexLabel(hex), reason });
}

export function applyRestore(state: MoscowState, side: Side, unitId: string): Step | MoscowError {
  const def = unitDef(unitId);
  if (!def) return ruleError("unknown_unit", `There is no unit "${unitId}"`, { unitId: unitId });
  if (def.side !== side) return notRestored(unitId, `it is a ${sideName(def.side)} unit`);
  if (remaining(state, side) <= 0) return notRestored(unitId, "no replacements are left this turn");
  const u = unitState(state, unitId)!;
  if (u.strength === "full") return notRestored(unitId, "it is already at full strength");
  if (!u.position) return notRestored(unitId, "it is eliminated (place it instead, at half strength)");
  if (state.replacedThisTurn.includes(unitId)) return notRestored(unitId, "it already received a replacement this turn");
  const at = positionIndex(u);
  if (!communicationMap(state, side)[at] && !moscowException(state, side, at)) {
    return notRestored(unitId, `${hexLabel(at)} is not in communication with the ${sideName(side)} map edge`, { hex: hexLabel(at) });
  }
  const events: MoscowEvent[] = [{ kind: "replacement", side, action: "restore", unitId: unitId, hex: u.position }];
  const next = withUnit(state, unitId, { strength: "full" });
  spend(next, side);
  next.replacedThisTurn = [...state.replacedThisTurn, unitId];
  return { state: next, events };
}

export function applyPlace(state: MoscowState, side: Side, unitId: string, hex: Hex): Step | MoscowError {
  const def = unitDef(unitId);
  if (!def) return ruleError("unknown_unit", `There is no unit "${unitId}"`, { unitId: unitId });
  const target = indexOf(hex);
  if (def.side !== side) return notPlaced(unitId, hex, `it is a ${sideName(def.side)} unit`);
  if (remaining(state, side) <= 0) return notPlaced(unitId, hex, "no replacements are left this turn");
  const u = unitState(state, unitId)!;
  if (u.strength !== "eliminated") return notPlaced(unitId, hex, "it is on the map (restore it instead)");
  if (state.turn < def.fromTurn) return notPlaced(unitId, hex, `it may not enter before turn ${def.fromTurn}`);
  if (state.replacedThisTurn.includes(unitId)) return notPlaced(unitId, hex, "it already received a replacement this turn");
  if (target < 0) return notPlaced(unitId, hex, "that hex is off the map");
  const board = syncBoard(state);
  const there = board.occ[target]!;
  if (there !== -1) return notPlaced(unitId, hex, `${state.units[there]!.id} is there`);
  const edge = isEdgeOf(target, side);
  const inZoc = enemyZoc(board, side)[target]! > 0;
  const city = CITY_AT.get(target);
  let ok = edge && !inZoc;
  if (!ok && city) {
    if (!controls(state, side, target)) return notPlaced(unitId, hex, `${city} is not ${sideName(side)}-controlled`);
    if (state.citiesUsedThisTurn.includes(printedId(hexOf(target)))) return notPlaced(unitId, hex, `a new unit already entered ${city} this turn`);
    ok = communicationMap(state, side)[target] === 1 || moscowException(state, side, target);
    if (!ok) return notPlaced(unitId, hex, `${city} is not in communication with the ${sideName(side)} map edge`);
  }
  if (!ok) {
    return notPlaced(unitId, hex, edge ? `it is in the ${sideName(enemyOf(side))} ZOC` : `new units enter on the ${sideName(side)} map edge or in a friendly city in communication`);
  }
  const events: MoscowEvent[] = [{ kind: "replacement", side, action: "place", unitId: unitId, hex: hexOf(target) }];
  const next = withUnit(state, unitId, { strength: "half", position: [...hexOf(target)] as [number, number] });
  spend(next, side);
  next.replacedThisTurn = [...state.replacedThisTurn, unitId];
  next.citiesUsedThisTurn = city ? [...state.citiesUsedThisTurn, printedId(hexOf(target))] : state.citiesUsedThisTurn;
  return { state: next, events };
}

/** Is there anything a side can do with replacements now? (replacementChoices, stopping early.) */
export function anyReplacement(state: MoscowState, side: Side): boolean {
  if (remaining(state, side) <= 0) return false;
  let comm: ArrayLike<number> | null = null;
  let placeable = false;
  for (let k = 0; k < state.units.length; k++) {
    const u = state.units[k]!;
    const def = UNIT_DEFS[k]!;
    if (def.side !== side || state.replacedThisTurn.includes(u.id)) continue;
    if (u.strength === "half" && u.position) {
      const at = positionIndex(u);
      comm ??= communicationMap(state, side);
      if (comm[at] || moscowException(state, side, at)) return true;
    } else if (u.strength === "eliminated" && state.turn >= def.fromTurn) {
      placeable = true;
    }
  }
  return placeable && placementHexes(state, side, comm ?? communicationMap(state, side), true).length > 0;
}
