/**
 * The tables the rules in brief print, worked out from the engine's on the page's side: the
 * rules card's text is loaded when opened (rules.tsx) and takes them as they are.
 */
import { TERRAIN_DEFS, UNIT_DEFS, type UnitType } from "./engine";
import { valuesOf } from "./board";

const UNIT_TYPES_SHOWN: readonly UnitType[] = ["infantry", "mechanised", "armor", "artillery", "air_wing", "hq"];

export interface RulesTables {
  /** Each unit type's name, Power-Defence-Mobility and Range ("–" for none). */
  units: { name: string; values: string; range: string }[];
  /** "plains 1, road 0.5, ...": movement points per hex of each enterable terrain. */
  moveCosts: string;
}

export const rulesTables = (): RulesTables => ({
  units: UNIT_TYPES_SHOWN.map((t) => ({ name: UNIT_DEFS[t].name, values: valuesOf(t), range: String(UNIT_DEFS[t].range ?? "–") })),
  moveCosts: Object.entries(TERRAIN_DEFS)
    .filter(([, d]) => d.moveCost !== null)
    .map(([t, d]) => `${t} ${d.moveCost! / 2}`)
    .join(", "),
});
