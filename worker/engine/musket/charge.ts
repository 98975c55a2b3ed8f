/** Charges (musket.md 9.1-9.2): legal targets, the fixed parts of the scores, and the resolution in its exact order. */
import type { Rng } from "../rng";
import { cell, terrainAt, terrainDef } from "./board";
import { canEnter, isCavalry, UNIT_DEFS } from "./data";
import type { ChargeOutcome, MusketEvent } from "./events";
import { leaderCasualty, removeEliminated } from "./leaders";
import { moraleCheck } from "./morale";
import { chargeApproach, chargeSteps, type ChargeApproach } from "./movement";
import { retreatHex } from "./retreat";
import { terrainCheck } from "./terrain-check";
import type { Cell, MusketState, Unit } from "./state";

export type ChargeRefusal = "own_unit" | "not_on_map" | "cannot_charge" | "has_fired" | "terrain" | "unreachable";

type Board = Pick<MusketState, "map" | "units">;

export function chargeRefusal(state: Board, attacker: Unit, target: Unit | undefined, approach: () => ChargeApproach = () => chargeApproach(state, attacker)): ChargeRefusal | null {
  if (!target) return "not_on_map";
  if (target.side === attacker.side) return "own_unit";
  const def = UNIT_DEFS[attacker.type];
  if (!def.canCharge || def.cannotCharge.includes(target.type)) return "cannot_charge";
  if (attacker.fired) return "has_fired";
  if (target.sp <= 0) return "not_on_map";
  if (!canEnter(attacker.type, terrainAt(state.map, target.hex))) return "terrain";
  return chargeSteps(state, attacker, target.hex, approach) === null ? "unreachable" : null;
}

export function chargeTargets(state: Board, attacker: Unit): Unit[] {
  // the attacker's approach is the same for every target: searched once, when first needed
  let approach: ChargeApproach | undefined;
  const approachOnce = () => (approach === undefined ? (approach = chargeApproach(state, attacker)) : approach);
  return state.units.filter((t) => t.side !== attacker.side && chargeRefusal(state, attacker, t, approachOnce) === null);
}

/** 13: the parts of the scores that are not dice. */
export function chargeBases(state: Board, attacker: Unit, target: Unit): { attackerBase: number; defenderBase: number } {
  const difficult = terrainDef(state.map, target.hex).difficult;
  return { attackerBase: attacker.sp + UNIT_DEFS[attacker.type].chargeBonus - (difficult ? 1 : 0), defenderBase: target.sp };
}

/** The chance that the attacker's score beats the defender's (delta >= 1) with one d6 each: the charge is not repulsed. */
export function chargeChance(attackerBase: number, defenderBase: number): number {
  let wins = 0;
  for (let a = 1; a <= 6; a++) for (let d = 1; d <= 6; d++) if (a + attackerBase - (d + defenderBase) >= 1) wins++;
  return wins / 36;
}

interface Result {
  outcome: ChargeOutcome;
  defenderDamage: number;
  attackerDamage: number;
  retreatTo: Cell | null;
}

/** 9.2 step 4 as a table of cases. */
function outcomeOf(state: MusketState, attacker: Unit, defender: Unit, delta: number, difficult: boolean): Result {
  if (delta <= 0) return { outcome: "attacker_repulsed", defenderDamage: 0, attackerDamage: 1, retreatTo: null };
  if (delta <= 2 && difficult) return { outcome: defender.sp - 1 <= 0 ? "defender_eliminated" : "defender_holds", defenderDamage: 1, attackerDamage: 0, retreatTo: null };
  const hits = delta <= 2 ? 1 : 2;
  if (defender.sp - hits <= 0) return { outcome: "defender_eliminated", defenderDamage: hits, attackerDamage: 0, retreatTo: null };
  const retreatTo = retreatHex(state, defender, attacker.hex);
  if (retreatTo) return { outcome: "defender_retreats", defenderDamage: hits, attackerDamage: 0, retreatTo };
  return { outcome: defender.sp - hits - 1 <= 0 ? "defender_eliminated" : "defender_holds", defenderDamage: hits + 1, attackerDamage: 0, retreatTo: null };
}

const advances = (attacker: Unit, outcome: ChargeOutcome): boolean =>
  outcome === "defender_eliminated" ? attacker.type === "line_infantry" || isCavalry(attacker.type) : outcome === "defender_retreats" && attacker.type === "line_infantry";

/** 9.2 on a draft; the caller ends the activation. */
export function resolveCharge(state: MusketState, attacker: Unit, defender: Unit, rng: Rng): { events: MusketEvent[]; aborted: boolean } {
  const events: MusketEvent[] = [];
  const check = terrainCheck(state, attacker, rng);
  if (check) {
    events.push(check);
    if (!check.passed) return { events, aborted: true };
  }
  const origin = cell(attacker.hex);
  const bases = chargeBases(state, attacker, defender);
  const at = cell(defender.hex);
  const difficult = terrainDef(state.map, at).difficult;
  const uA = rng.float();
  const dA = Math.floor(6 * uA) + 1;
  const uD = rng.float();
  const dD = Math.floor(6 * uD) + 1;
  const attackerScore = dA + attacker.sp + UNIT_DEFS[attacker.type].chargeBonus - (difficult ? 1 : 0);
  const defenderScore = dD + defender.sp;
  const delta = attackerScore - defenderScore;
  const r = outcomeOf(state, attacker, defender, delta, difficult);
  defender.sp -= r.defenderDamage;
  attacker.sp -= r.attackerDamage;
  if (r.retreatTo) defender.hex = r.retreatTo;
  if (advances(attacker, r.outcome)) attacker.hex = at;
  attacker.mpUsed = UNIT_DEFS[attacker.type].movement;
  events.push({
    kind: "charged",
    unit: attacker.id,
    target: defender.id,
    origin,
    at,
    difficult,
    chance: chargeChance(bases.attackerBase, bases.defenderBase),
    uA,
    dA,
    uD,
    dD,
    attackerScore,
    defenderScore,
    delta,
    outcome: r.outcome,
    defenderDamage: r.defenderDamage,
    attackerDamage: r.attackerDamage,
    defenderTo: defender.sp > 0 ? cell(defender.hex) : null,
    attackerTo: attacker.sp > 0 ? cell(attacker.hex) : null,
  });
  events.push(...removeEliminated(state));
  if (r.defenderDamage > 0 && defender.sp > 0) events.push(...leaderCasualty(state, defender, rng));
  if (r.outcome === "attacker_repulsed" && attacker.sp > 0) events.push(...leaderCasualty(state, attacker, rng));
  if ((r.outcome === "defender_retreats" || r.outcome === "defender_holds") && r.defenderDamage > 0 && defender.sp > 0) {
    events.push(moraleCheck(state, defender, attacker.hex, rng));
    events.push(...removeEliminated(state));
  }
  return { events, aborted: false };
}
