/**
 * musket: horse and musket battles of the American War of Independence, as a pure ruleset
 * (shared/rules/musket.md). Seats "blue" (side 0) and "red" (side 1); no options.
 */
import { isRuleError, plainRuleset, resolveOptions, type CommonErrorCode, type RuleError, type Ruleset } from "../ruleset";
import { apply } from "./apply";
import { bot } from "./bot";
import { describe, summary } from "./describe";
import { MUSKET_ERROR_CODES, type MusketErrorCode } from "./errors";
import type { MusketEvent } from "./events";
import { legal } from "./legal";
import { unitOptions } from "./unit-options";
import { SCENARIO_FILES, scenarioState } from "./scenario";
import { SEAT_OF, otherSide, toAct, type MusketAction, type MusketState } from "./state";

export type MusketOptions = Record<string, never>;

function parseOptions(given: unknown): MusketOptions | RuleError<CommonErrorCode> {
  const resolved = resolveOptions([], given);
  return isRuleError(resolved) ? resolved : {};
}

export const musket: Ruleset<MusketState, MusketAction, MusketEvent, MusketOptions, MusketErrorCode> = {
  ...plainRuleset,
  id: "musket",
  title: "Musket (American War of Independence)",
  scenarios: SCENARIO_FILES.map((s) => ({ id: String(s.id), title: String(s.name), line: String(s.description ?? "") })),
  options: [],
  errorCodes: MUSKET_ERROR_CODES,
  parseOptions,
  seats(scenario) {
    const state = scenarioState(scenario);
    return isRuleError(state) ? state : [SEAT_OF[state.firstPlayer], SEAT_OF[otherSide(state.firstPlayer)]];
  },
  setup: (scenario) => scenarioState(scenario),
  toAct,
  apply,
  legal,
  summary,
  outcome: (state) => state.outcome,
  describe,
  bot,
  unitOptions,
};

export type { MusketEvent } from "./events";
export type { MusketError, MusketErrorCode } from "./errors";
export type { MusketAction, MusketState, Unit, Leader, Condition, Cell, Side } from "./state";
export { unitAnswer, type MusketChoice, type UnitAnswer } from "./legal";
export { unitOptions, type MusketUnitOptions } from "./unit-options";
export { los, blockingIndices } from "./sight";
export { scenarioOf } from "./position";
