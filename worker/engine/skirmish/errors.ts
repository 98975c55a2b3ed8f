import type { CommonErrorCode, RuleError } from "../ruleset";

/**
 * The codes of skirmish's rule errors (skirmish.md 17), beside the common ones.
 * decision: the reference's wrong_player and game_over are the contract's common not_your_turn and
 * game_ended (those two names are the service's own codes, which no rule code may share).
 */
export const SKIRMISH_ERROR_CODES = [
  "unknown_unit",
  "not_your_unit",
  "wrong_phase",
  "choice_pending",
  "illegal_activation",
  "not_enough_ap",
  "illegal_move",
  "illegal_target",
  "illegal_action",
] as const;
export type SkirmishErrorCode = (typeof SKIRMISH_ERROR_CODES)[number];
export type SkirmishError = RuleError<SkirmishErrorCode | CommonErrorCode>;
