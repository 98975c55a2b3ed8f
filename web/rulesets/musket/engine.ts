/**
 * The parts of the musket engine the page needs, module by module: the rules for instant
 * previews (reach, hit chances, line of sight, charge odds) but not the bot or the scenarios.
 * The Worker stays the authority: the page only shows what the server will decide.
 */
export { apply, toAct } from "../../../worker/engine/musket/apply";
export { describe } from "../../../worker/engine/musket/describe";
export { unitAnswer, type UnitAnswer } from "../../../worker/engine/musket/legal";
export { los, blockingIndices } from "../../../worker/engine/musket/sight";
export { chargeChance } from "../../../worker/engine/musket/charge";
export { fireChance } from "../../../worker/engine/musket/fire";
export { commandPercent, inCommand } from "../../../worker/engine/musket/command";
export { needsTerrainCheck } from "../../../worker/engine/musket/terrain-check";
export { atLeastHalfText, underText } from "../../../worker/engine/musket/percent-roll";
export { terrainAt, terrainDef, toOffset, fromOffset, unitAt, unitById, hexText } from "../../../worker/engine/musket/board";
export { UNIT_DEFS, TERRAIN_DEFS, type Terrain, type UnitType } from "../../../worker/engine/musket/data";
export { SEAT_OF, sideOfSeat, type MusketAction, type MusketState, type Unit, type Leader, type Cell, type Side, type Condition } from "../../../worker/engine/musket/state";
export type { MusketEvent } from "../../../worker/engine/musket/events";
export { lineSamples } from "../../../worker/engine/grid/line";
export { DIRECTIONS, distance, printedId, fromPrintedId, type Hex } from "../../../worker/engine/hex";
