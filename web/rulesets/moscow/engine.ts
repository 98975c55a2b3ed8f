/**
 * The parts of the moscow engine the page needs, imported module by module so the bundle
 * carries the rules (for instant previews) but not the bot. The Worker stays the authority:
 * the page only previews what the server will decide. What draws the position and words it
 * comes with the page; apply and the legal lists (engine-rules.ts) come at the viewer's first
 * touch, and answer "nothing yet" until then.
 */
import { RULES_LOADING, rulesSlot } from "../../components/rulesSlot";
import type * as Heavy from "./engine-rules";

export const rules = rulesSlot(() => import("./engine-rules"));

export const apply = (...a: Parameters<typeof Heavy.apply>): ReturnType<typeof Heavy.apply> | typeof RULES_LOADING => rules.current?.apply(...a) ?? RULES_LOADING;
export const legal: typeof Heavy.legal = (state, seat, query) => rules.current?.legal(state, seat, query) ?? { choices: [] };
export const unitOptions: typeof Heavy.unitOptions = (state, seat, unit) => rules.current?.unitOptions(state, seat, unit) ?? null;
export const describe = (...a: Parameters<typeof Heavy.describe>): string => rules.current?.describe(...a) ?? "";
export const replacementChoices: typeof Heavy.replacementChoices = (state, side) => rules.current?.replacementChoices(state, side) ?? { remaining: 0, restorableUnits: [], placeableUnits: [], validPlacementHexes: [] };

export { phaseText } from "../../../worker/engine/moscow/phase-names";
export { computeOdds, type Odds } from "../../../worker/engine/moscow/odds";
export { zocHexes } from "../../../worker/engine/moscow/zoc";
export { RESULT_TEXT } from "../../../worker/engine/moscow/crt";
export { MAP, SETUP_HEXES, hexOf, unitDef, isMud, hexLabel, sideName, setupUnits, UNIT_DEFS, type MapHex, type Side, type UnitDef } from "../../../worker/engine/moscow/data";
export { phaseOwner, toAct, LAST_TURN } from "../../../worker/engine/moscow/state";
export type {
  MoscowState,
  MoscowAction,
  MoveAction,
  MoscowOptions,
  Pending,
  Battle,
  UnitState,
  ChoiceAction,
  Placement,
} from "../../../worker/engine/moscow/state";
export { printedId, fromPrintedId, type Hex } from "../../../worker/engine/hex";
