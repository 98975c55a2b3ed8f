/**
 * The parts of the skirmish engine the page needs, imported module by module so the bundle
 * carries neither the bot nor the shipped scenarios and their catalog. The Worker stays the
 * authority. What draws the position and words it comes with the page, and so do the models
 * ready to activate (the tray lists them before any touch); apply, the rest of the legal
 * choices, the event lines and the panels built on them (engine-rules.ts) come at the viewer's
 * first touch, and answer "nothing yet" until then.
 */
import { RULES_LOADING, rulesAs } from "../../components/rulesSlot";
import type { applyAction as Apply } from "../../../worker/engine/skirmish/apply";
import type { legalChoices as LegalChoices } from "../../../worker/engine/skirmish/legal";
import type { describeEvent as Describe } from "../../../worker/engine/skirmish/describe";
import { rules } from "./rules-slot";
import { activateChoices } from "../../../worker/engine/skirmish/activate-choices";
import { sideOfSeat, toActSide, type SkirmishState } from "../../../worker/engine/skirmish/state";

/** What these wrappers need of the rules (engine-rules.ts; index.tsx checks it has them). */
export interface EngineRules {
  apply: typeof Apply;
  legalChoices: typeof LegalChoices;
  describe: typeof Describe;
}
const engine = () => rulesAs<EngineRules>(rules);

export const apply = (...a: Parameters<typeof Apply>): ReturnType<typeof Apply> | typeof RULES_LOADING => engine()?.apply(...a) ?? RULES_LOADING;
export const legalChoices = (...a: Parameters<typeof LegalChoices>): ReturnType<typeof LegalChoices> => engine()?.legalChoices(...a) ?? { choices: choicesBeforeRules(a[0], a[1]) };
/** Until the rules come: the models ready to activate (they need no rules); within an activation, nothing yet. */
function choicesBeforeRules(state: SkirmishState, seat: string) {
  const side = sideOfSeat(seat);
  return side !== null && side === toActSide(state) && state.phase === "turn" && !state.activation ? activateChoices(state, side) : [];
}
/** Only the replay's rebuilt steps need an event's line, and they are rebuilt once the rules are there. */
export const describe: typeof Describe = (e) => engine()?.describe(e) ?? "";

export type { SkirmishChoice, TestOdds } from "../../../worker/engine/skirmish/legal";
export { zoneHexes, terrainAt, offsetOf, axialOf, type Terrain } from "../../../worker/engine/skirmish/board";
export { engaged, attribute } from "../../../worker/engine/skirmish/status";
export { seatOf, sideOfSeat, toActSide, modelById, type SkirmishState, type ModelState, type SideIndex } from "../../../worker/engine/skirmish/state";
export type { Pool, Modifier } from "../../../worker/engine/skirmish/dice/pool";
export type { TestRecord, TestSpec } from "../../../worker/engine/skirmish/dice/test";
export type { SkirmishAction } from "../../../worker/engine/skirmish/actions";
export type { SkirmishEvent } from "../../../worker/engine/skirmish/events";
export type { AttackSpec } from "../../../worker/engine/skirmish/attack-spec";
export { printedId, fromPrintedId, type Hex } from "../../../worker/engine/hex";
