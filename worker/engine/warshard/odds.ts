/**
 * Strengths and odds of a Fight (8.1-8.4): attack and defence totals, the base column
 * (integer comparisons, rounding for the defender) and the supply shifts.
 */
import { defenceMultiplier, otherSide, unitById, unitsAt } from "./board";
import { CRT_COLUMNS, UNIT_DEFS, type Column } from "./data";
import type { Fight, Side, WarshardState } from "./state";
import { inSupply, supplyGrid, type SupplyGrid } from "./supply";

export type SupplyMap = Record<Side, SupplyGrid>;

export function supplyOf(state: WarshardState): SupplyMap {
  return { [state.sides[0]]: supplyGrid(state, state.sides[0]), [state.sides[1]]: supplyGrid(state, state.sides[1]) };
}

/** 8.3: the base column of attack A against defence D > 0. */
export function baseColumn(attack: number, defence: number): Column {
  if (defence <= 0) return "auto";
  for (let ratio = 6; ratio >= 1; ratio--) if (attack >= ratio * defence) return CRT_COLUMNS[ratio]!;
  return 2 * attack >= defence ? "1-2" : "none";
}

/** 8.4: one column right for a defender out of supply, one left for an attacker out of supply. */
export function shiftColumn(base: Column, defenderOutOfSupply: boolean, attackerOutOfSupply: boolean): Column {
  if (base === "none" || base === "auto") return base;
  const at = CRT_COLUMNS.indexOf(base) + (defenderOutOfSupply ? 1 : 0) - (attackerOutOfSupply ? 1 : 0);
  if (at < 0) return "none";
  return CRT_COLUMNS[Math.min(at, CRT_COLUMNS.length - 1)]!;
}

export interface FightOdds {
  attackers: string[];
  attackSupport: string[];
  defenders: string[];
  defenceSupport: string[];
  attack: number;
  defence: number;
  baseColumn: Column;
  attackerOutOfSupply: boolean;
  defenderOutOfSupply: boolean;
  column: Column;
}

const power = (state: WarshardState, id: string): number => {
  const u = unitById(state, id);
  return u && u.status === "map" ? UNIT_DEFS[u.type].power : 0;
};

export function fightOdds(state: WarshardState, fight: Fight, supply: SupplyMap): FightOdds {
  const attackingSide = state.activeSide;
  const defendingSide = otherSide(state, attackingSide);
  const defenders = unitsAt(state, fight.hex).filter((u) => u.side === defendingSide);
  const multiplier = defenceMultiplier(state.map, fight.hex);
  const attack = [...fight.attackers, ...fight.attackSupport].reduce((sum, id) => sum + power(state, id), 0);
  const defence =
    defenders.reduce((sum, u) => sum + UNIT_DEFS[u.type].defence * multiplier, 0) + fight.defenceSupport.reduce((sum, id) => sum + power(state, id), 0);
  const attackerOutOfSupply = fight.attackers.some((id) => {
    const u = unitById(state, id);
    return u?.status === "map" && u.hex !== null && !inSupply(supply[attackingSide]!, u.hex);
  });
  const defenderOutOfSupply = !inSupply(supply[defendingSide]!, fight.hex);
  const base = baseColumn(attack, defence);
  return {
    attackers: [...fight.attackers],
    attackSupport: [...fight.attackSupport],
    defenders: defenders.map((u) => u.id),
    defenceSupport: [...fight.defenceSupport],
    attack,
    defence,
    baseColumn: base,
    attackerOutOfSupply,
    defenderOutOfSupply,
    column: shiftColumn(base, defenderOutOfSupply, attackerOutOfSupply),
  };
}
