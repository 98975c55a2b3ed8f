import type { Context } from "hono";
import { createMiddleware } from "hono/factory";

export const MAX_BODY = 64 * 1024;

const tooLarge = (c: Context) => c.json({ error: "too_large", message: `The request body is over ${MAX_BODY / 1024} KiB` }, 413);

/**
 * Refuses bodies over 64 KiB before anything parses them. A refused body is cancelled, not
 * left half read: an abandoned chunked upload otherwise holds the connection (seen on
 * `wrangler dev` stalling the next request for seconds to minutes).
 */
export const limitBody = createMiddleware(async (c, next) => {
  const body = c.req.raw.body;
  if (!body) return next();
  const length = c.req.raw.headers.get("content-length");
  if (length !== null && !c.req.raw.headers.has("transfer-encoding")) {
    if (Number.parseInt(length, 10) <= MAX_BODY) return next();
    await body.cancel().catch(() => undefined);
    return tooLarge(c);
  }
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.length;
    if (size > MAX_BODY) {
      await reader.cancel().catch(() => undefined);
      return tooLarge(c);
    }
    chunks.push(value);
  }
  const whole = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    whole.set(chunk, offset);
    offset += chunk.length;
  }
  c.req.raw = new Request(c.req.raw, { body: whole });
  return next();
});
