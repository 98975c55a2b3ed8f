/** A refusal the HTTP layer turns into `{error, message, details?, index?}` with its status. */
export class ServiceError extends Error {
  constructor(
    readonly status: 400 | 401 | 403 | 404 | 409 | 410 | 413 | 422 | 429 | 500 | 503,
    readonly code: string,
    message: string,
    readonly details?: Record<string, unknown>,
    readonly index?: number,
  ) {
    super(message);
  }
}

export const notFound = (id: string) => new ServiceError(404, "not_found", `No game ${id}`);
