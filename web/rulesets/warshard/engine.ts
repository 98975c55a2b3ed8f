/**
 * The parts of the warshard engine the page needs, imported module by module so the bundle
 * carries the rules (for instant previews and odds) but not the bot or the scenarios. The
 * Worker stays the authority: the page only previews what the server will decide.
 */
export { apply, toAct } from "../../../worker/engine/warshard/apply";
export { legal, withUnit } from "../../../worker/engine/warshard/legal";
export { fightsInfo, type FightInfo } from "../../../worker/engine/warshard/info";
export { describe, summary, phaseText } from "../../../worker/engine/warshard/describe";
export { fightOdds, supplyOf } from "../../../worker/engine/warshard/odds";
export { suppliedHexes } from "../../../worker/engine/warshard/supply";
export { zocOf } from "../../../worker/engine/warshard/zoc";
export { victoryPoints } from "../../../worker/engine/warshard/turns";
export { UNIT_DEFS, TERRAIN_DEFS, CRT, CRT_COLUMNS, type Column, type CrtResult, type UnitType, type Terrain } from "../../../worker/engine/warshard/data";
export { hexLabel, offsetOf, terrainAt, hexName, vpOf, allHexes, otherSide, unitById, unitsAt, onMap } from "../../../worker/engine/warshard/board";
export type { WarshardEvent } from "../../../worker/engine/warshard/events";
export type { Fight, Pending, Phase, Unit, WarshardAction, WarshardState, MoveAction } from "../../../worker/engine/warshard/state";
export { printedId, fromPrintedId, hexKey, type Hex } from "../../../worker/engine/hex";
