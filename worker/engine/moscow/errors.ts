import type { CommonErrorCode, RuleError } from "../ruleset";

/** The codes of Battle for Moscow's rule errors, beside the common ones. */
export const MOSCOW_ERROR_CODES = [
  "wrong_phase",
  "choice_pending",
  "invalid_choice",
  "invalid_setup",
  "invalid_move",
  "invalid_battle",
  "invalid_replacement",
  "unknown_unit",
] as const;
export type MoscowErrorCode = (typeof MOSCOW_ERROR_CODES)[number];

export type MoscowError = RuleError<MoscowErrorCode | CommonErrorCode>;
