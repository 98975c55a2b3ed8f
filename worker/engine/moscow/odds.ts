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
  terrain_modifiers: TerrainModifier[];
  /** The final column 1..6, or 0 when below 1:1 (no effect, no die). */
  column: number;
  modified_odds: string;
}

export const MAX_COLUMN = 6;
export const oddsLabel = (column: number): string => (column >= 1 ? `${column}:1` : "<1:1");

/** A unit's attack strength: halved in mud (fractions kept; the seed-spec option rounds each down). */
export function attackStrength(state: MoscowState, id: string): number {
  const s = currentStrength(state, id);
  if (!isMud(state.turn)) return s;
  return state.options.rules === "seed-spec" ? Math.floor(s / 2) : s / 2;
}

/** Odds of `attackers` against `defender` as things stand (positions and strengths now). */
export function computeOdds(state: MoscowState, attackers: readonly string[], defender: string): Odds {
  const attack = attackers.reduce((sum, id) => sum + attackStrength(state, id), 0);
  const defense = currentStrength(state, defender);
  const ratio = defense > 0 ? Math.min(MAX_COLUMN, Math.floor(attack / defense)) : MAX_COLUMN;
  const d = unitState(state, defender);
  const at = d ? positionIndex(d) : -1;
  const modifiers: TerrainModifier[] = [];
  if (at >= 0) {
    if (FOREST[at]) modifiers.push("forest");
    if (at === MOSCOW) modifiers.push("moscow");
    if (FORT[at] && unitDef(defender)?.side === "soviet") modifiers.push("fortification");
    const across = attackers.length > 0 && attackers.every((id) => {
      const a = unitState(state, id);
      const from = a?.position ? indexOf(a.position) : -1;
      return from >= 0 && isRiver(from, at);
    });
    if (across) modifiers.push("river");
  }
  const column = ratio >= 1 ? Math.max(0, ratio - modifiers.length) : 0;
  return {
    attack,
    defense,
    ratio,
    odds: oddsLabel(ratio),
    terrain_modifiers: modifiers,
    column,
    modified_odds: oddsLabel(column),
  };
}
