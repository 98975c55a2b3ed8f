import type { CommonErrorCode, RuleError } from "../ruleset";

/** The codes of DiceWars' rule errors (rules 5-6), beside the common ones. */
export const DICEWARS_ERROR_CODES = ["off_board", "not_yours", "too_weak", "not_adjacent", "blocked", "own_cell", "not_empty", "not_enemy"] as const;
export type DiceWarsErrorCode = (typeof DICEWARS_ERROR_CODES)[number];

export type DiceWarsError = RuleError<DiceWarsErrorCode | CommonErrorCode>;
