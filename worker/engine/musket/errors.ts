import type { CommonErrorCode, RuleError } from "../ruleset";

/**
 * musket.md 14: the codes of musket's rule errors, beside the common ones. decision: the
 * reference's `wrong_player` and `game_over` are the service's own codes (403 and 410, answered
 * before the engine is asked), so the engine answers contract v2's common `not_your_turn` and
 * `game_ended` in their place, as every ruleset does.
 */
export const MUSKET_ERROR_CODES = ["wrong_phase", "unknown_unit", "illegal_activation", "illegal_move", "illegal_target"] as const;
export type MusketErrorCode = (typeof MUSKET_ERROR_CODES)[number];
export type MusketError = RuleError<MusketErrorCode | CommonErrorCode>;
