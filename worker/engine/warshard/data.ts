/**
 * The game's tables (shared/data/warshard: unit-types.json, terrain.json, crt.json), held as
 * typed constants: the rules read them, never an if-chain.
 */

export const UNIT_TYPES = ["infantry", "mechanised", "armor", "artillery", "air_wing", "hq"] as const;
export type UnitType = (typeof UNIT_TYPES)[number];

export interface UnitTypeDef {
  name: string;
  melee: boolean;
  power: number;
  defence: number;
  mobility: number;
  /** Support range in hexes; null for units that cannot support. */
  range: number | null;
  suppliesArmy: boolean;
}

export const UNIT_DEFS: Readonly<Record<UnitType, UnitTypeDef>> = {
  infantry: { name: "Infantry", melee: true, power: 1, defence: 2, mobility: 2, range: null, suppliesArmy: false },
  mechanised: { name: "Mechanised", melee: true, power: 3, defence: 3, mobility: 4, range: null, suppliesArmy: false },
  armor: { name: "Armor", melee: true, power: 6, defence: 3, mobility: 6, range: null, suppliesArmy: false },
  artillery: { name: "Artillery", melee: false, power: 3, defence: 0, mobility: 2, range: 3, suppliesArmy: false },
  air_wing: { name: "Air wing", melee: false, power: 2, defence: 0, mobility: 9, range: 9, suppliesArmy: false },
  hq: { name: "HQ", melee: false, power: 0, defence: 0, mobility: 2, range: null, suppliesArmy: true },
};

/** Steps of a supply trace from an HQ (5.4). */
export const SUPPLY_RANGE = 4;

export const TERRAINS = ["plains", "road", "city", "defensible", "forest", "elevation", "bridge", "water", "impassable"] as const;
export type Terrain = (typeof TERRAINS)[number];

export interface TerrainDef {
  /** Half movement points to enter; null: may not be entered. */
  moveCost: number | null;
  defenceMultiplier: number;
}

export const TERRAIN_DEFS: Readonly<Record<Terrain, TerrainDef>> = {
  plains: { moveCost: 2, defenceMultiplier: 1 },
  road: { moveCost: 1, defenceMultiplier: 1 },
  city: { moveCost: 4, defenceMultiplier: 2 },
  defensible: { moveCost: 4, defenceMultiplier: 2 },
  forest: { moveCost: 4, defenceMultiplier: 2 },
  elevation: { moveCost: 4, defenceMultiplier: 2 },
  bridge: { moveCost: 2, defenceMultiplier: 1 },
  water: { moveCost: null, defenceMultiplier: 1 },
  impassable: { moveCost: null, defenceMultiplier: 1 },
};

/** The source's names that mean the same terrain (cosmetic biome variants, old names). */
export const TERRAIN_ALIASES: Readonly<Record<string, Terrain>> = {
  dry_plains: "plains",
  snow_plains: "plains",
  trench: "defensible",
  hills: "elevation",
};

export const CRT_COLUMNS = ["1-2", "1-1", "2-1", "3-1", "4-1", "5-1", "6-1"] as const;
export type OddsColumn = (typeof CRT_COLUMNS)[number];
/** A final column: a CRT column, "none" (below 1-2: no combat) or "auto" (defence 0). */
export type Column = OddsColumn | "none" | "auto";

export const CRT_RESULTS = ["dr", "ar", "EX", "DE", "AE", "S"] as const;
export type CrtResult = (typeof CRT_RESULTS)[number];

/** Rows are the die 1..6, columns CRT_COLUMNS (3.3). */
export const CRT: readonly (readonly CrtResult[])[] = [
  ["dr", "dr", "dr", "DE", "DE", "DE", "DE"],
  ["S", "dr", "dr", "dr", "dr", "DE", "DE"],
  ["ar", "S", "dr", "dr", "dr", "dr", "DE"],
  ["ar", "ar", "dr", "dr", "dr", "dr", "dr"],
  ["ar", "ar", "ar", "dr", "EX", "EX", "dr"],
  ["AE", "ar", "ar", "EX", "EX", "EX", "EX"],
];

export function crtResult(column: OddsColumn, die: number): CrtResult {
  return CRT[die - 1]![CRT_COLUMNS.indexOf(column)]!;
}

/** Column order for comparisons (16): none < 1-2 < ... < 6-1 < auto. */
export function columnRank(column: Column): number {
  if (column === "none") return -1;
  if (column === "auto") return CRT_COLUMNS.length;
  return CRT_COLUMNS.indexOf(column);
}
