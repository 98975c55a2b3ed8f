import type { CommonErrorCode, RuleError } from "../ruleset";

/** musket.md 14: the codes of musket's rule errors, beside the common ones. */
export const MUSKET_ERROR_CODES = ["wrong_player", "wrong_phase", "unknown_unit", "illegal_activation", "illegal_move", "illegal_target", "game_over"] as const;
export type MusketErrorCode = (typeof MUSKET_ERROR_CODES)[number];
export type MusketError = RuleError<MusketErrorCode | CommonErrorCode>;
