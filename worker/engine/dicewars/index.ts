import { plainRuleset, type Ruleset } from "../ruleset";
import { applyAction } from "./apply";
import { botAction } from "./bot";
import { describeEvent, summarize } from "./describe";
import { DICEWARS_ERROR_CODES, type DiceWarsErrorCode } from "./errors";
import type { DiceWarsEvent } from "./events";
import { legalChoices } from "./legal";
import { diceWarsMailMenu } from "./mail-menu";
import { SCENARIOS } from "./scenarios";
import { type DiceWarsOptions, OPTIONS, parseOptions, seatsFor, setupGame } from "./setup";
import { type DiceWarsAction, type DiceWarsState, playerOf, seatOf } from "./state";

export type { DiceWarsAction, DiceWarsPlayer, DiceWarsState, EndTurnAction, MoveAction } from "./state";
export type { DiceWarsLegal, LegalMove } from "./legal";
export type { DiceWarsEvent } from "./events";
export type { DiceWarsError, DiceWarsErrorCode } from "./errors";
export type { DiceWarsOptions } from "./setup";
// for the page: cell index <-> [q, r], colours by player index, dice shown for a strength
export { COLOURS, EMPTY, MAX_STRENGTH, SEATS, cellAt, cellIndex, seatOf } from "./state";
export { diceOfStrength } from "./strength";

/** hexo, a DiceWars clone on a hex grid (rules/dicewars.md). */
export const dicewars: Ruleset<DiceWarsState, DiceWarsAction, DiceWarsEvent, DiceWarsOptions, DiceWarsErrorCode> = {
  ...plainRuleset,
  id: "dicewars",
  title: "DiceWars",
  scenarios: SCENARIOS.map(({ id, title, line }) => ({ id, title, line })),
  options: OPTIONS,
  errorCodes: DICEWARS_ERROR_CODES,
  parseOptions,
  seats: seatsFor,
  setup: setupGame,
  toAct: (state) => (state.phase === "play" ? [seatOf(state.current)] : []),
  apply: applyAction,
  legal: legalChoices,
  summary: summarize,
  outcome: (state) => state.outcome,
  describe: describeEvent,
  bot: (state, seat) => botAction(state, playerOf(state, seat)),
  mailMenu: diceWarsMailMenu,
};
