/**
 * The parts of the warshard engine the page needs, imported module by module so the page
 * carries neither the bot nor the scenarios. The Worker stays the authority: the page only
 * previews what the server will decide. What draws the position, its words and the Fights'
 * odds comes with the page; apply, the legal lists and the replay's event lines
 * (engine-rules.ts) come at the viewer's first touch, and these wrappers answer "nothing yet"
 * until then.
 */
import { RULES_LOADING, rulesAs } from "../../components/rulesSlot";
import type { apply as Apply } from "../../../worker/engine/warshard/apply";
import type { legal as Legal } from "../../../worker/engine/warshard/legal";
import type { describe as Describe } from "../../../worker/engine/warshard/describe";
import { rules } from "./rules-slot";

/** What these wrappers need of the rules (engine-rules.ts; index.tsx checks it has them). */
export interface EngineRules {
  apply: typeof Apply;
  legal: typeof Legal;
  describe: typeof Describe;
}
const engine = () => rulesAs<EngineRules>(rules);

export const apply = (...a: Parameters<typeof Apply>): ReturnType<typeof Apply> | typeof RULES_LOADING => engine()?.apply(...a) ?? RULES_LOADING;
export const legal: typeof Legal = (state, seat, query) => engine()?.legal(state, seat, query) ?? { choices: [] };
// the replay's steps are rebuilt only once the rules are there (useRebuilt)
export const describe: typeof Describe = (e) => engine()?.describe(e) ?? e.kind;

export { toAct } from "../../../worker/engine/warshard/state";
export { fightsInfo, type FightInfo } from "../../../worker/engine/warshard/info";
export { summary } from "../../../worker/engine/warshard/summary";
export { fightOdds, supplyOf } from "../../../worker/engine/warshard/odds";
export { suppliedHexes } from "../../../worker/engine/warshard/supply";
export { zocOf } from "../../../worker/engine/warshard/zoc";
export { UNIT_DEFS, TERRAIN_DEFS, CRT, CRT_COLUMNS, type Column, type CrtResult, type UnitType, type Terrain } from "../../../worker/engine/warshard/data";
export { hexLabel, offsetOf, terrainAt, hexName, vpOf, allHexes, otherSide, sideTitle, unitById, unitsAt, onMap, victoryPoints } from "../../../worker/engine/warshard/board";
export type { WarshardEvent } from "../../../worker/engine/warshard/events";
export type { Fight, Pending, Phase, Unit, WarshardAction, WarshardState, MoveAction } from "../../../worker/engine/warshard/state";
export { printedId, fromPrintedId, hexKey, type Hex } from "../../../worker/engine/hex";
