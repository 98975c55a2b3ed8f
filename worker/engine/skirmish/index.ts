import { plainRuleset, type Ruleset } from "../ruleset";
import type { SkirmishAction } from "./actions";
import { applyAction } from "./apply";
import { botAction } from "./bot";
import { describeEvent, summarize } from "./describe";
import { SKIRMISH_ERROR_CODES, type SkirmishErrorCode } from "./errors";
import type { SkirmishEvent } from "./events";
import { legalChoices } from "./legal";
import { SCENARIOS } from "./scenario";
import { OPTIONS, parseOptions, seatsFor, setupGame } from "./setup";
import { seatOf, toActSide, type SkirmishOptions, type SkirmishState } from "./state";

export type { SkirmishAction } from "./actions";
export type { SkirmishEvent } from "./events";
export type { SkirmishState, SkirmishOptions, ModelState } from "./state";
export type { SkirmishChoice, TestOdds } from "./legal";

/** MEST Tactics Quick Start reduced to a hex skirmish (rules/skirmish.md). */
export const skirmish: Ruleset<SkirmishState, SkirmishAction, SkirmishEvent, SkirmishOptions, SkirmishErrorCode> = {
  ...plainRuleset,
  id: "skirmish",
  title: "Skirmish (MEST Tactics QSR)",
  scenarios: SCENARIOS.map(({ id, title, line }) => ({ id, title, line })),
  options: OPTIONS,
  errorCodes: SKIRMISH_ERROR_CODES,
  botActionsPerRequest: 2,
  parseOptions,
  seats: seatsFor,
  setup: setupGame,
  toAct: (state) => {
    const side = toActSide(state);
    return side === null ? [] : [seatOf(side)];
  },
  apply: applyAction,
  legal: legalChoices,
  legalActions: (state, seat) => legalChoices(state, seat, {}, "actions").choices.map((c) => c.action),
  summary: summarize,
  outcome: (state) => state.outcome,
  describe: describeEvent,
  bot: (state, seat) => botAction(state, seat),
};
