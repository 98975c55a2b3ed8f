/** The unit types (musket.md 3.1) and terrain types (3.3) as tables; chances in whole percent (8.2, decision 5). */
export const UNIT_TYPES = ["line_infantry", "light_infantry", "dragoons", "light_horse", "horse", "artillery"] as const;
export type UnitType = (typeof UNIT_TYPES)[number];

export const TERRAINS = ["open", "woods", "town", "marsh", "lake", "river", "ford", "bridge", "road", "hilltop"] as const;
export type Terrain = (typeof TERRAINS)[number];

export type ActionType = "move_or_fire" | "fire_and_move" | "move_only";

export interface UnitTypeDef {
  name: string;
  movement: number;
  actionType: ActionType;
  fireRange: number;
  /** Base hit chance in whole percent. */
  basePercent: number;
  canCharge: boolean;
  chargeBonus: number;
  cannotCharge: readonly UnitType[];
  terrainCheck: boolean;
  passThroughFriends: boolean;
  defaultSp: number;
}

const CAVALRY: readonly UnitType[] = ["dragoons", "light_horse", "horse"];

export const UNIT_DEFS: Readonly<Record<UnitType, UnitTypeDef>> = {
  line_infantry: { name: "Line Infantry", movement: 1, actionType: "move_or_fire", fireRange: 2, basePercent: 65, canCharge: true, chargeBonus: 0, cannotCharge: CAVALRY, terrainCheck: true, passThroughFriends: false, defaultSp: 4 },
  light_infantry: { name: "Light Infantry", movement: 1, actionType: "fire_and_move", fireRange: 2, basePercent: 50, canCharge: false, chargeBonus: 0, cannotCharge: [], terrainCheck: false, passThroughFriends: true, defaultSp: 4 },
  dragoons: { name: "Dragoons", movement: 2, actionType: "move_or_fire", fireRange: 2, basePercent: 50, canCharge: true, chargeBonus: 0, cannotCharge: [], terrainCheck: true, passThroughFriends: false, defaultSp: 4 },
  light_horse: { name: "Light Horse", movement: 2, actionType: "move_only", fireRange: 0, basePercent: 0, canCharge: true, chargeBonus: 0, cannotCharge: [], terrainCheck: true, passThroughFriends: false, defaultSp: 4 },
  horse: { name: "Horse", movement: 2, actionType: "move_only", fireRange: 0, basePercent: 0, canCharge: true, chargeBonus: 1, cannotCharge: [], terrainCheck: true, passThroughFriends: false, defaultSp: 4 },
  artillery: { name: "Artillery", movement: 1, actionType: "move_or_fire", fireRange: 4, basePercent: 50, canCharge: false, chargeBonus: 0, cannotCharge: [], terrainCheck: true, passThroughFriends: false, defaultSp: 4 },
};

export const isCavalry = (type: UnitType): boolean => CAVALRY.includes(type);

export interface TerrainDef {
  blocksLos: boolean;
  blocksGroundToGround: boolean;
  /** Added to the hit chance, whole percent. */
  coverPercent: number;
  elevation: number;
  difficult: boolean;
  road: boolean;
  /** Empty for impassable terrain. */
  enterableBy: readonly UnitType[];
}

const ALL: readonly UnitType[] = UNIT_TYPES;
const plain = (over: Partial<TerrainDef> = {}): TerrainDef => ({ blocksLos: false, blocksGroundToGround: false, coverPercent: 0, elevation: 0, difficult: false, road: false, enterableBy: ALL, ...over });

export const TERRAIN_DEFS: Readonly<Record<Terrain, TerrainDef>> = {
  open: plain(),
  woods: plain({ blocksLos: true, coverPercent: -15, enterableBy: ["light_infantry"] }),
  town: plain({ blocksLos: true, coverPercent: -15, enterableBy: ["line_infantry", "light_infantry"] }),
  marsh: plain({ enterableBy: [] }),
  lake: plain({ enterableBy: [] }),
  river: plain({ enterableBy: [] }),
  ford: plain(),
  bridge: plain(),
  road: plain({ road: true }),
  hilltop: plain({ blocksGroundToGround: true, elevation: 1, difficult: true }),
};

export const canEnter = (type: UnitType, terrain: Terrain): boolean => TERRAIN_DEFS[terrain].enterableBy.includes(type);

/** 5.3: the command check's chance, whole percent. */
export const COMMAND_PERCENT = 50;
export const FAR_FROM_LEADER_PERCENT = -15;
/** 8.2: long-range artillery fire from this distance on. */
export const ARTILLERY_LONG_RANGE = 3;
export const LONG_RANGE_PERCENT = -15;
/** 9.4 */
export const LEADER_CASUALTY_PERCENT = 15;
/** 9.3: elite, an attached leader and being out of command each move morale by this, whole percent. */
export const MORALE_STEP_PERCENT = 15;
/** 7.3 */
export const PLUNGING_RANGE = 4;
export const DEFAULT_TURN_LIMIT = 15;
