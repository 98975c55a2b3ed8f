/**
 * Battle for Moscow (Frank Chadwick, GDW 1986) as a pure ruleset: see shared/rules/moscow.md.
 * The page imports this module to draw the map (MAP) and preview moves and odds.
 */
import { isRuleError, plainRuleset, resolveOptions, ruleError, type CommonErrorCode, type OptionSpec, type RuleError, type Ruleset } from "../ruleset";
import { apply, SEATS } from "./apply";
import { toAct } from "./state";
import { bot } from "./bot";
import { SCENARIO_FILES } from "./data";
import { describe, summary } from "./describe";
import { MOSCOW_ERROR_CODES, type MoscowErrorCode } from "./errors";
import type { MoscowEvent } from "./events";
import { legal } from "./legal";
import { resolveScenario } from "./scenario";
import { initialState } from "./setup";
import { unitOptions } from "./unit-options";
import type { MoscowAction, MoscowOptions, MoscowState } from "./state";

export const OPTIONS: readonly OptionSpec[] = [
  {
    name: "sovietReplacements",
    title: "Soviet replacements per turn",
    line: "5 is the original game; 4 or 3 help the German player (3 is the teaching game).",
    choices: [3, 4, 5],
    default: 5,
  },
  {
    name: "germanReplacementTurns",
    title: "German replacement turns",
    line: "One German replacement every turn from turn 2, or only on turns 2, 4 and 6 to help the Soviet player.",
    choices: ["every", "even"],
    default: "every",
  },
  {
    name: "rules",
    title: "Combat rules",
    line: "gdw1986 plays the original combat table and mud fractions; seed-spec plays the earlier spec's table and rounds each halved attacker down.",
    choices: ["gdw1986", "seed-spec"],
    default: "gdw1986",
  },
];


function parseOptions(given: unknown): MoscowOptions | RuleError<CommonErrorCode> {
  const resolved = resolveOptions(OPTIONS, given);
  if (isRuleError(resolved)) return resolved;
  // resolveOptions admits only the listed choices, which are exactly MoscowOptions' values
  return resolved as unknown as MoscowOptions;
}

export const moscow: Ruleset<MoscowState, MoscowAction, MoscowEvent, MoscowOptions, MoscowErrorCode> = {
  ...plainRuleset,
  id: "moscow",
  title: "Battle for Moscow",
  // a Soviet player-turn in one request, most often: 24 of its actions cost about 0.2 ms warm
  // (bench/moscow-slice.ts), and an isolate's first request plays one (games/advance.ts)
  botActionsPerRequest: 24,
  scenarios: SCENARIO_FILES.map((s) => ({ id: s.id, title: s.title, line: s.line })),
  options: OPTIONS,
  parseOptions,
  errorCodes: MOSCOW_ERROR_CODES,
  seats(scenario) {
    const file = resolveScenario(scenario);
    return isRuleError(file) ? file : [...SEATS];
  },
  setup(scenario, options) {
    const file = resolveScenario(scenario);
    return isRuleError(file) ? file : initialState(file, options);
  },
  toAct,
  apply,
  legal,
  summary,
  outcome: (state) => state.outcome,
  describe,
  bot,
  unitOptions,
};

export type { MoscowEvent } from "./events";
export type { MoscowError, MoscowErrorCode } from "./errors";
export { unitOptions } from "./unit-options";
export type {
  AdvanceAction,
  Battle,
  ChoiceAction,
  ChooseLossesAction,
  CrtResult,
  DeclareBattlesAction,
  MoscowAction,
  MoscowOptions,
  MoscowState,
  MoveAction,
  Pending,
  Phase,
  Placement,
  ReplacementAction,
  ResolveBattleAction,
  RetreatAction,
  SetupAction,
  Strength,
  UnitState,
} from "./state";
export { TURN_PHASES, LAST_TURN } from "./state";
export { MAP, UNIT_DEFS, hexLabel, isMud, type MapHex, type MoscowMap, type Side, type UnitDef, type DirectionName } from "./data";
export { cheapestPath, validDestinations } from "./movement";
export { computeOdds, type Odds, type TerrainModifier } from "./odds";
export { possibleAttacks, type PossibleAttack } from "./attacks";
export { replacementChoices, type ReplacementChoices } from "./replacements";
export { retreatOptions } from "./retreat";
export { inCommunication, unitAt } from "./preview";
export { zocHexes } from "./zoc";
export { CRT_GDW1986, CRT_SEED_SPEC } from "./crt";
export { phaseText } from "./phase-names";
