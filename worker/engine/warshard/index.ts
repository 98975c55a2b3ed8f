/**
 * WarShard (WW2 brigades, after qferre/warshard) as a pure ruleset: see shared/rules/warshard.md.
 * legal() reads the query `unit=<id>` (that unit's moves, attacks or supports only).
 */
import { isRuleError, resolveOptions, type CommonErrorCode, type OptionSpec, type RuleError, type Ruleset } from "../ruleset";
import { apply } from "./apply";
import { bot } from "./bot";
import { describe } from "./describe";
import { summary } from "./summary";
import { sideTitle } from "./board";
import { WARSHARD_ERROR_CODES, type WarshardErrorCode } from "./errors";
import type { WarshardEvent } from "./events";
import { legal, legalActions } from "./legal";
import { CHOICE_KINDS, owed, standingOrder } from "./orders";
import { resolveScenario, SCENARIOS } from "./scenario";
import { startingPosition } from "./start";
import { toAct, type WarshardAction, type WarshardState } from "./state";

export type WarshardOptions = Record<string, never>;

const OPTIONS: readonly OptionSpec[] = [];

function parseOptions(given: unknown): WarshardOptions | RuleError<CommonErrorCode> {
  const resolved = resolveOptions(OPTIONS, given);
  return isRuleError(resolved) ? resolved : {};
}

export const warshard: Ruleset<WarshardState, WarshardAction, WarshardEvent, WarshardOptions, WarshardErrorCode> = {
  id: "warshard",
  title: "WarShard",
  scenarios: SCENARIOS.map((s) => ({ id: s.id, title: s.title, line: s.line })),
  options: OPTIONS,
  errorCodes: WARSHARD_ERROR_CODES,
  botActionsPerRequest: 4,
  seatTitle: sideTitle,
  parseOptions,
  seats(scenario) {
    const s = resolveScenario(scenario);
    return isRuleError(s) ? s : [...s.sides];
  },
  setup(scenario, _options, rng) {
    const s = resolveScenario(scenario);
    return isRuleError(s) ? s : startingPosition(s, rng);
  },
  toAct,
  apply,
  legal,
  legalActions,
  view: (state) => state,
  summary,
  outcome: (state) => {
    if (!state.outcome) return null;
    const { vp: _vp, ...outcome } = state.outcome;
    return outcome;
  },
  describe,
  bot,
  choiceKinds: CHOICE_KINDS,
  owed,
  standingOrder,
};

export type { WarshardEvent } from "./events";
export type { WarshardError, WarshardErrorCode } from "./errors";
export type { Fight, Pending, Phase, Unit, WarshardAction, WarshardState } from "./state";
export { UNIT_DEFS, TERRAIN_DEFS, CRT, CRT_COLUMNS, type Column, type CrtResult, type UnitType, type Terrain } from "./data";
export { hexLabel, offsetOf } from "./board";
export { reach, type Reachable } from "./movement";
export { fightOdds, supplyOf, baseColumn, shiftColumn, type FightOdds } from "./odds";
export { retreatOptions } from "./retreat";
export { suppliedHexes } from "./supply";
export { victoryPoints } from "./board";
export { parseScenario, resolveScenario, SCENARIOS } from "./scenario";
export { fightsInfo, type FightInfo } from "./info";
