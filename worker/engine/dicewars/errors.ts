import type { CommonErrorCode, RuleError } from "../ruleset";

/** The codes of DiceWars' rule errors (rules 5-6), beside the common ones. */
export type DiceWarsErrorCode = "off_board" | "not_yours" | "too_weak" | "not_adjacent" | "blocked" | "own_cell" | "not_empty" | "not_enemy";

export type DiceWarsError = RuleError<DiceWarsErrorCode | CommonErrorCode>;
