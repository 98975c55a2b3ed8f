/** Battle odds: strengths, the ratio with fractions dropped, the four terrain shifts, the 6:1 cap. */
import { currentStrength, positionIndex, unitState } from "./board";
import { FOREST, FORT, indexOf, isMud, isRiver, MOSCOW, unitDef } from "./data";
import type { MoscowState } from "./state";

export type TerrainModifier = "forest" | "moscow" | "fortification" | "river";

export interface Odds {
  attack: number;
  defense: number;
  /** floor(attack / defense) capped at 6; 0 means below 1:1. */
  ratio: number;
  /** "3:1", or "<1:1". */
  odds: string;
  terrainModifiers: TerrainModifier[];
  /** The final column 1..6, or 0 when below 1:1 (no effect, no die). */
  column: number;
  modifiedOdds: string;
}

export const MAX_COLUMN = 6;
export const oddsLabel = (column: number): string => (column >= 1 ? `${column}:1` : "<1:1");

/** A unit's attack strength: halved in mud (fractions kept; the seed-spec option rounds each down). */
export function attackStrength(state: MoscowState, id: string): number {
  const s = currentStrength(state, id);
  if (!isMud(state.turn)) return s;
  return state.options.rules === "seed-spec" ? Math.floor(s / 2) : s / 2;
}

/** The terrain shifts for the defender where it stands (none when it is off the map). */
function terrainModifiers(state: MoscowState, attackers: readonly string[], defender: string): TerrainModifier[] {
  const d = unitState(state, defender);
  const at = d ? positionIndex(d) : -1;
  const modifiers: TerrainModifier[] = [];
  if (at >= 0) {
    if (FOREST[at]) modifiers.push("forest");
    if (at === MOSCOW) modifiers.push("moscow");
    if (FORT[at] && unitDef(defender)?.side === "soviet") modifiers.push("fortification");
    let across = attackers.length > 0;
    for (let k = 0; across && k < attackers.length; k++) {
      const a = unitState(state, attackers[k]!);
      const from = a?.position ? indexOf(a.position) : -1;
      across = from >= 0 && isRiver(from, at);
    }
    if (across) modifiers.push("river");
  }
  return modifiers;
}

/** terrainModifiers(state, attackers, defender).length, without the list. */
function terrainShifts(state: MoscowState, attackers: readonly string[], defender: string): number {
  const d = unitState(state, defender);
  const at = d ? positionIndex(d) : -1;
  if (at < 0) return 0;
  let shifts = 0;
  if (FOREST[at]) shifts++;
  if (at === MOSCOW) shifts++;
  if (FORT[at] && unitDef(defender)?.side === "soviet") shifts++;
  let across = attackers.length > 0;
  for (let k = 0; across && k < attackers.length; k++) {
    const a = unitState(state, attackers[k]!);
    const from = a?.position ? indexOf(a.position) : -1;
    across = from >= 0 && isRiver(from, at);
  }
  return across ? shifts + 1 : shifts;
}

function totalAttack(state: MoscowState, attackers: readonly string[]): number {
  let attack = 0;
  for (let k = 0; k < attackers.length; k++) attack += attackStrength(state, attackers[k]!);
  return attack;
}

const ratioOf = (attack: number, defense: number): number => (defense > 0 ? Math.min(MAX_COLUMN, Math.floor(attack / defense)) : MAX_COLUMN);

/** Odds of `attackers` against `defender` as things stand (positions and strengths now). */
export function computeOdds(state: MoscowState, attackers: readonly string[], defender: string): Odds {
  const attack = totalAttack(state, attackers);
  const defense = currentStrength(state, defender);
  const ratio = ratioOf(attack, defense);
  const modifiers = terrainModifiers(state, attackers, defender);
  const column = ratio >= 1 ? Math.max(0, ratio - modifiers.length) : 0;
  return {
    attack,
    defense,
    ratio,
    odds: oddsLabel(ratio),
    terrainModifiers: modifiers,
    column,
    modifiedOdds: oddsLabel(column),
  };
}

/** computeOdds(state, attackers, defender).column, without the labels (for the bot's trials). */
export function oddsColumn(state: MoscowState, attackers: readonly string[], defender: string): number {
  const ratio = ratioOf(totalAttack(state, attackers), currentStrength(state, defender));
  return ratio >= 1 ? Math.max(0, ratio - terrainShifts(state, attackers, defender)) : 0;
}
