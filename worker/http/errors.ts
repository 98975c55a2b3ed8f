import type { Context } from "hono";
import { HTTPException } from "hono/http-exception";
import { ServiceError } from "../games/errors";

/** Every failure leaves as `{error, message, details?, index?}`; internals never reach the client. */
export function onError(err: Error, c: Context): Response {
  if (err instanceof ServiceError) {
    return c.json(
      {
        error: err.code,
        message: err.message,
        ...(err.details ? { details: err.details } : {}),
        ...(err.index !== undefined ? { index: err.index } : {}),
      },
      err.status,
    );
  }
  if (err instanceof HTTPException && err.status === 400) {
    return c.json({ error: "bad_request", message: "The request body is not valid JSON" }, 400);
  }
  if (err instanceof HTTPException) return c.json({ error: "http_error", message: err.message }, err.status);
  console.error("unhandled", err);
  return c.json({ error: "internal", message: "Something went wrong on our side; nothing was changed. Try again in a moment." }, 500);
}

export const notFoundRoute = (c: Context) => c.json({ error: "not_found", message: `No such endpoint: ${c.req.method} ${c.req.path}` }, 404);
