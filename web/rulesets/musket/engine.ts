/**
 * The parts of the musket engine the page needs, module by module, without the bot or the
 * scenarios. What draws the position and its words comes with the page; apply, the legal
 * answers, the log's words, the line of sight and the panels built on them (engine-rules.ts)
 * come at the viewer's first touch, and answer "nothing yet" until then. The Worker stays the
 * authority: the page only shows what the server will decide.
 */
import { RULES_LOADING, rulesAs } from "../../components/rulesSlot";
import type { apply as Apply } from "../../../worker/engine/musket/apply";
import type { unitAnswer as UnitAnswerOf } from "../../../worker/engine/musket/legal";
import type { describe as Describe } from "../../../worker/engine/musket/describe";
import { rules } from "./rules-slot";

/** What these wrappers need of the rules (engine-rules.ts; index.tsx checks it has them). */
export interface EngineRules {
  apply: typeof Apply;
  unitAnswer: typeof UnitAnswerOf;
  describe: typeof Describe;
}
const engine = () => rulesAs<EngineRules>(rules);

export const apply = (...a: Parameters<typeof Apply>): ReturnType<typeof Apply> | typeof RULES_LOADING => engine()?.apply(...a) ?? RULES_LOADING;
/** A unit's reach and targets, or null until the rules have come. */
export const unitAnswer = (...a: Parameters<typeof UnitAnswerOf>): ReturnType<typeof UnitAnswerOf> | null => engine()?.unitAnswer(...a) ?? null;
export const describe: typeof Describe = (e) => engine()?.describe(e) ?? "";
/** The line of sight from a unit to an enemy, or null until the rules have come. */

export type { UnitAnswer } from "../../../worker/engine/musket/legal";
export { terrainAt, terrainDef, toOffset, fromOffset, unitAt, unitById, hexText, mpLeft } from "../../../worker/engine/musket/board";
export { commandPercent, inCommand } from "../../../worker/engine/musket/command";
export { UNIT_DEFS, TERRAIN_DEFS, type Terrain, type UnitType } from "../../../worker/engine/musket/data";
export { SEAT_OF, sideOfSeat, toAct, type MusketAction, type MusketState, type Unit, type Leader, type Cell, type Side, type Condition } from "../../../worker/engine/musket/state";
export type { MusketEvent } from "../../../worker/engine/musket/events";
export { DIRECTIONS, distance, printedId, fromPrintedId, type Hex } from "../../../worker/engine/hex";
