/**
 * Allocation (7): melee attacks create or join Fights (7.1); artillery and air wings join a
 * Fight within Range, for the attacker (7.2) then for the defender (7.3).
 */
import { distance, isAdjacent, type Hex } from "../hex";
import { boardNeighbours, byQR, cell, hexLabel, otherSide, sameHex, unitsAt } from "./board";
import { UNIT_DEFS } from "./data";
import { fail, hexDetails, type WarshardError } from "./errors";
import type { WarshardEvent } from "./events";
import type { Fight, Side, Unit, WarshardState } from "./state";

export type SupportRole = "attack" | "defence";

/** The side allocating in a support phase, and for whom. */
export function supportRole(state: WarshardState): { side: Side; role: SupportRole } {
  return state.phase === "defense" ? { side: otherSide(state, state.activeSide), role: "defence" } : { side: state.activeSide, role: "attack" };
}

export const fightAt = (state: WarshardState, h: Hex): Fight | undefined => state.fights.find((f) => sameHex(f.hex, h));

const holdsEnemy = (state: WarshardState, unit: Unit, h: Hex) => unitsAt(state, h).some((u) => u.side !== unit.side);

/** Hexes `unit` may attack now, by (q, r). */
export function attackTargets(state: WarshardState, unit: Unit): Hex[] {
  if (unit.status !== "map" || !unit.hex || unit.allocated || !UNIT_DEFS[unit.type].melee || unit.side !== state.activeSide) return [];
  return boardNeighbours(state.map, unit.hex)
    .filter((h) => holdsEnemy(state, unit, h))
    .map(cell)
    .sort(byQR);
}

export const anyAttack = (state: WarshardState): boolean => state.units.some((u) => attackTargets(state, u).length > 0);

const inAttackedHex = (state: WarshardState, unit: Unit) => unit.hex !== null && state.fights.some((f) => sameHex(f.hex, unit.hex!));

/** Fights (creation order) `unit` may support now for the allocating side. */
export function supportFights(state: WarshardState, unit: Unit): Hex[] {
  const { side, role } = supportRole(state);
  const range = UNIT_DEFS[unit.type].range;
  if (unit.status !== "map" || !unit.hex || unit.side !== side || unit.allocated || range === null) return [];
  if (role === "defence" && inAttackedHex(state, unit)) return [];
  return state.fights.filter((f) => distance(f.hex, unit.hex!) <= range).map((f) => cell(f.hex));
}

export const anySupport = (state: WarshardState): boolean => state.units.some((u) => supportFights(state, u).length > 0);

export function applyAttack(state: WarshardState, unit: Unit, target: Hex, events: WarshardEvent[]): WarshardError | null {
  const refuse = (reason: string, why: string) =>
    fail("illegal_target", `${unit.id} cannot attack ${hexLabel(target)}: ${why}`, { unit: unit.id, reason, ...hexDetails(target) });
  if (!UNIT_DEFS[unit.type].melee) return refuse("not_melee", "only infantry, mechanised and armor attack (7.1)");
  if (unit.allocated) return refuse("allocated", "it is already committed to a Fight this player-turn");
  if (!isAdjacent(unit.hex!, target)) return refuse("not_adjacent", `it is not next to ${hexLabel(unit.hex!)}`);
  const there = unitsAt(state, target);
  if (there.length === 0) return refuse("empty_hex", "no unit stands there");
  if (!there.some((u) => u.side !== unit.side)) return refuse("friendly_hex", "only enemy units can be attacked");
  const fight = fightAt(state, target);
  if (fight) fight.attackers.push(unit.id);
  else state.fights.push({ hex: cell(target), attackers: [unit.id], attackSupport: [], defenceSupport: [] });
  unit.allocated = true;
  events.push({ kind: "attack_declared", unit: unit.id, side: unit.side, fight: cell(target) });
  return null;
}

export function applySupport(state: WarshardState, unit: Unit, at: Hex, events: WarshardEvent[]): WarshardError | null {
  const { role } = supportRole(state);
  const refuse = (reason: string, why: string) =>
    fail("illegal_target", `${unit.id} cannot support at ${hexLabel(at)}: ${why}`, { unit: unit.id, reason, ...hexDetails(at) });
  const range = UNIT_DEFS[unit.type].range;
  if (range === null) return refuse("not_support", "only artillery and air wings support Fights (7.2)");
  if (unit.allocated) return refuse("allocated", "it is already committed to a Fight this player-turn");
  if (role === "defence" && inAttackedHex(state, unit)) return refuse("in_attacked_hex", "a unit under attack defends its own hex (7.3)");
  const fight = fightAt(state, at);
  if (!fight) return refuse("no_fight", "no Fight was declared there");
  if (distance(fight.hex, unit.hex!) > range) return refuse("out_of_range", `it is ${distance(fight.hex, unit.hex!)} hexes away and its Range is ${range}`);
  (role === "attack" ? fight.attackSupport : fight.defenceSupport).push(unit.id);
  unit.allocated = true;
  events.push({ kind: "support_declared", unit: unit.id, side: unit.side, fight: cell(fight.hex), role });
  return null;
}
