/**
 * The parts of the skirmish engine the page needs, imported module by module so the bundle
 * carries the rules (legal choices with their pools and exact odds, apply for the queue and the
 * replay) but not the bot or the shipped scenarios. The Worker stays the authority.
 */
export { applyAction as apply, toActSide } from "../../../worker/engine/skirmish/apply";
export { describeEvent as describe } from "../../../worker/engine/skirmish/describe";
export { legalChoices, oddsOf, type SkirmishChoice, type TestOdds } from "../../../worker/engine/skirmish/legal";
export { zoneHexes } from "../../../worker/engine/skirmish/deployment";
export { rangeCheck, closeCheck } from "../../../worker/engine/skirmish/attacks";
export { closeAttackSpec, rangeAttackSpec, type AttackSpec } from "../../../worker/engine/skirmish/attack-spec";
export { terrainAt, offsetOf, axialOf, TERRAIN_RULES, type Terrain } from "../../../worker/engine/skirmish/board";
export { engaged, inPlay, attribute, ordered, disordered, panicked, hindranceTypes, cohesionRange } from "../../../worker/engine/skirmish/status";
export { seatOf, sideOfSeat, modelById, SEATS, type SkirmishState, type ModelState, type SideIndex } from "../../../worker/engine/skirmish/state";
export { poolText, type Pool, type Modifier } from "../../../worker/engine/skirmish/dice/pool";
export type { TestRecord } from "../../../worker/engine/skirmish/dice/test";
export type { SkirmishAction } from "../../../worker/engine/skirmish/actions";
export type { SkirmishEvent } from "../../../worker/engine/skirmish/events";
export { printedId, fromPrintedId, type Hex } from "../../../worker/engine/hex";
export { poolsOf, type TestSpec } from "../../../worker/engine/skirmish/dice/test";
export { testOdds, atLeastCascades, fractionValue } from "../../../worker/engine/skirmish/dice/odds";
export { weaponOf } from "../../../worker/engine/skirmish/data/catalog";
export { disengageOpponent, disengageSpec } from "../../../worker/engine/skirmish/disengage";
export { moraleSpec } from "../../../worker/engine/skirmish/morale";
