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

/**
 * The `reason` an `illegal_target` names: the reference's list (skirmish.md 17) and `no_fear`.
 * decision: a rally whose target carries no Fear is refused (`no_fear`, not among the
 * reference's reasons). 12.4's Rally does nothing but remove Fear, so on a model without any it
 * would spend an AP and roll dice for no possible effect; 12.3 offers the self-rally only to a
 * model that "may benefit from Rally", and a chosen rally is read the same way, so `legal()`
 * never lists a rally that cannot change anything.
 */
export const ILLEGAL_TARGET_REASONS = [
  "not_adjacent",
  "own_model",
  "not_in_play",
  "no_los",
  "out_of_range",
  "not_loaded",
  "engaged",
  "not_free",
  "out_of_cohesion",
  "already_rallied",
  "no_fear",
] as const;
export type IllegalTargetReason = (typeof ILLEGAL_TARGET_REASONS)[number];
export type SkirmishError = RuleError<SkirmishErrorCode | CommonErrorCode>;
