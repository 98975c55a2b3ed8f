/**
 * The upkeep (9.1-9.3): advances into emptied Fight hexes, reinforcements, then replacement
 * dice for the shattered list. Each part may stop to wait for a decision and resumes after it.
 */
import { isAdjacent } from "../hex";
import type { Rng } from "../rng";
import { cell, unitById, unitsAt } from "./board";
import type { WarshardEvent } from "./events";
import type { Unit, WarshardState } from "./state";
import { inSupply, supplyGrid } from "./supply";

/** Attacking units of a Fight that may advance into its hex now (canonical order). */
export function advanceCandidates(state: WarshardState, index: number): string[] {
  const fight = state.fights[index]!;
  if (unitsAt(state, fight.hex).length > 0) return [];
  const involved = new Set([...fight.attackers, ...fight.attackSupport]);
  return state.units.filter((u) => involved.has(u.id) && u.status === "map" && u.hex && isAdjacent(u.hex, fight.hex)).map((u) => u.id);
}

function offerAdvances(state: WarshardState): boolean {
  const upkeep = state.upkeep!;
  while (upkeep.nextFight < state.fights.length) {
    const index = upkeep.nextFight++;
    const options = advanceCandidates(state, index);
    if (options.length > 0) {
      state.pending = { kind: "advance", fight: cell(state.fights[index]!.hex), side: state.activeSide, options };
      return false;
    }
  }
  return true;
}

function reinforce(state: WarshardState, events: WarshardEvent[]): void {
  for (const u of state.units) {
    if (u.status !== "waiting" || u.side !== state.activeSide || (u.arrives ?? 0) > state.turn || !u.hex) continue;
    // decision (9.2): a blocked arrival hex delays the reinforcement to the side's next upkeep
    if (unitsAt(state, u.hex).length > 0) {
      events.push({ kind: "reinforcement_delayed", unit: u.id, side: u.side, hex: cell(u.hex) });
      continue;
    }
    u.status = "map";
    u.mobilityLeft = 0;
    events.push({ kind: "reinforcement_arrived", unit: u.id, side: u.side, hex: cell(u.hex) });
  }
}

/** 9.3 step 2: the side's replacement points that are empty and in supply now. */
export function eligiblePoints(state: WarshardState): [number, number][] {
  const supplied = supplyGrid(state, state.activeSide);
  return (state.replacementPoints[state.activeSide] ?? []).filter((h) => unitsAt(state, h).length === 0 && inSupply(supplied, h)).map(cell);
}

export function placeReplacement(unit: Unit, hex: readonly [number, number], events: WarshardEvent[]): void {
  unit.status = "map";
  unit.hex = cell(hex);
  unit.mobilityLeft = 0;
  unit.allocated = false;
  events.push({ kind: "replacement_placed", unit: unit.id, side: unit.side, hex: cell(hex) });
}

function rollReplacements(state: WarshardState, events: WarshardEvent[], rng: Rng): boolean {
  const upkeep = state.upkeep!;
  const list = state.shattered[state.activeSide]!;
  for (;;) {
    const id = list.find((x) => !upkeep.rolled.includes(x));
    if (id === undefined) return true;
    const points = eligiblePoints(state);
    if (points.length === 0) return true;
    const unit = unitById(state, id)!;
    const die = rng.d6();
    upkeep.rolled.push(id);
    const result = die <= 3 ? "destroyed" : die === 4 ? "stays" : "recovered";
    events.push({ kind: "replacement_roll", unit: id, side: unit.side, die, result });
    if (result === "stays") continue;
    list.splice(list.indexOf(id), 1);
    if (result === "destroyed") {
      unit.status = "destroyed";
      continue;
    }
    if (points.length === 1) placeReplacement(unit, points[0]!, events);
    else {
      state.pending = { kind: "place_replacement", unit: id, side: unit.side, options: points };
      return false;
    }
  }
}

/** Runs the upkeep on from where it stopped; false while a decision is owed. */
export function runUpkeep(state: WarshardState, events: WarshardEvent[], rng: Rng): boolean {
  if (!offerAdvances(state)) return false;
  if (!state.upkeep!.reinforced) {
    reinforce(state, events);
    state.upkeep!.reinforced = true;
  }
  return rollReplacements(state, events, rng);
}
