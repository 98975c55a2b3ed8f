/**
 * The parts of the moscow engine the page needs, imported module by module so the bundle
 * carries neither the bot nor the setup. The Worker stays the authority: the page only previews
 * what the server will decide. What draws the position and words it comes with the page; apply,
 * the legal lists and the replay's words (engine-rules.ts) come at the viewer's first touch, and
 * these wrappers answer "nothing yet" until then.
 */
import { RULES_LOADING, rulesAs } from "../../components/rulesSlot";
import type { apply as Apply } from "../../../worker/engine/moscow/apply";
import type { legal as Legal } from "../../../worker/engine/moscow/legal";
import type { unitOptions as UnitOptions } from "../../../worker/engine/moscow/unit-options";
import type { replacementChoices as ReplacementChoices } from "../../../worker/engine/moscow/replacements";
import type { describe as Describe } from "../../../worker/engine/moscow/describe";
import { rules } from "./rules-slot";

/** What these wrappers need of the rules (engine-rules.ts; index.tsx checks it has them). */
export interface EngineRules {
  apply: typeof Apply;
  legal: typeof Legal;
  unitOptions: typeof UnitOptions;
  replacementChoices: typeof ReplacementChoices;
  describe: typeof Describe;
}
const engine = () => rulesAs<EngineRules>(rules);

export const apply = (...a: Parameters<typeof Apply>): ReturnType<typeof Apply> | typeof RULES_LOADING => engine()?.apply(...a) ?? RULES_LOADING;
export const legal: typeof Legal = (state, seat, query) => engine()?.legal(state, seat, query) ?? { choices: [] };
export const unitOptions: typeof UnitOptions = (state, seat, unit) => engine()?.unitOptions(state, seat, unit) ?? null;
export const describe = (...a: Parameters<typeof Describe>): string => engine()?.describe(...a) ?? "";
export const replacementChoices: typeof ReplacementChoices = (state, side) =>
  engine()?.replacementChoices(state, side) ?? { remaining: 0, restorableUnits: [], placeableUnits: [], validPlacementHexes: [] };

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
