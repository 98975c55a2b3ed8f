/** The tables the rules summary prints. */
export { TERRAIN_DEFS, UNIT_DEFS } from "./engine";
import type { UnitType } from "./engine";
export const UNIT_TYPES_SHOWN: readonly UnitType[] = ["infantry", "mechanised", "armor", "artillery", "air_wing", "hq"];
