/**
 * The parts of the moscow engine the page needs, imported module by module so the bundle
 * carries the rules (for instant previews) but not the bot. The Worker stays the authority:
 * the page only previews what the server will decide.
 */
export { apply, toAct, phaseText } from "../../../worker/engine/moscow/apply";
export { legal } from "../../../worker/engine/moscow/legal";
export { unitOptions } from "../../../worker/engine/moscow/unit-options";
export { replacementChoices } from "../../../worker/engine/moscow/replacements";
export { setupUnits } from "../../../worker/engine/moscow/setup";
export { describe, summary } from "../../../worker/engine/moscow/describe";
export { computeOdds, type Odds } from "../../../worker/engine/moscow/odds";
export { zocHexes } from "../../../worker/engine/moscow/preview";
export { RESULT_TEXT } from "../../../worker/engine/moscow/crt";
export { MAP, SETUP_HEXES, hexOf, unitDef, isMud, hexLabel, sideName, UNIT_DEFS, type MapHex, type Side, type UnitDef } from "../../../worker/engine/moscow/data";
export { phaseOwner, LAST_TURN } from "../../../worker/engine/moscow/state";
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
export { rngFromSeed, type Rng } from "../../../worker/engine/rng";
