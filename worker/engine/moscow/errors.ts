import type { CommonErrorCode, RuleError } from "../ruleset";

/** The codes of Battle for Moscow's rule errors, beside the common ones. */
export type MoscowErrorCode =
  | "wrong_phase"
  | "choice_pending"
  | "invalid_choice"
  | "invalid_setup"
  | "invalid_move"
  | "invalid_battle"
  | "invalid_replacement"
  | "unknown_unit";

export type MoscowError = RuleError<MoscowErrorCode | CommonErrorCode>;
