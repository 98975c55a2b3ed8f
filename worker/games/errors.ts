import type { RuleError } from "../engine/ruleset";

/**
 * The service's own error codes. They never name a rule: a ruleset's codes (COMMON_ERROR_CODES
 * and each ruleset's errorCodes) are a disjoint set, answered with 422 (a test keeps them apart).
 */
export const SERVICE_ERROR_CODES = [
  "bad_request",
  "too_large",
  "unauthorized",
  "wrong_player",
  "not_found",
  "stale_seq",
  "not_late",
  "no_deadline",
  "game_over",
  "bad_batch",
  "bad_ruleset",
  "bad_seat",
  "bad_time_control",
  "bad_order",
  "bad_vacation",
  "on_vacation",
  "not_on_vacation",
  "bad_pause",
  "paused",
  "not_paused",
  "proposal_open",
  "no_proposal",
  "already_agreed",
  "not_over",
  "no_rematch",
  "seed_not_allowed",
  "address_blocked",
  "rate_limited",
  "misconfigured",
  "http_error",
  "internal",
] as const;
export type ServiceErrorCode = (typeof SERVICE_ERROR_CODES)[number];

/** A refusal the HTTP layer turns into `{error, message, details?, index?}` with its status. */
export class ServiceError extends Error {
  /** A service code, or (from `ServiceError.rule`, with 422) the code of the rule that refused. */
  readonly code: string;

  constructor(
    readonly status: 400 | 401 | 403 | 404 | 409 | 410 | 413 | 422 | 429 | 500 | 503,
    code: ServiceErrorCode,
    message: string,
    readonly details?: Record<string, unknown>,
    readonly index?: number,
  ) {
    super(message);
    this.code = code;
  }

  /** A ruleset's refusal, answered 422 with the rule's own code. */
  static rule(error: RuleError, index?: number): ServiceError {
    return Object.assign(new ServiceError(422, "bad_request", error.message, error.details, index), { code: error.code });
  }
}

export const notFound = (id: string) => new ServiceError(404, "not_found", `No game ${id}`);
