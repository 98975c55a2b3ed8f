import { ruleError, type CommonErrorCode, type RuleError } from "../ruleset";
import type { Hex } from "../hex";
import { hexLabel, offsetOf } from "./board";

/**
 * The codes of WarShard's rule errors (14), beside the common ones. decision: the reference's
 * `wrong_player` and `game_over` are the contract's common `not_your_turn` and `game_ended`
 * (the service's own codes never share a name with a rule's).
 */
export const WARSHARD_ERROR_CODES = [
  "unknown_unit",
  "not_your_unit",
  "wrong_phase",
  "choice_pending",
  "illegal_move",
  "illegal_target",
  "illegal_choice",
] as const;
export type WarshardErrorCode = (typeof WARSHARD_ERROR_CODES)[number];
export type WarshardError = RuleError<WarshardErrorCode | CommonErrorCode>;

/** The details every rejection carries for a hex: axial and the source's offset. */
export const hexDetails = (h: Hex) => ({ hex: [h[0], h[1]], offset: offsetOf(h), label: hexLabel(h) });

export const fail = (code: WarshardErrorCode | CommonErrorCode, message: string, details: Record<string, unknown> = {}): WarshardError =>
  ruleError(code, message, details);
