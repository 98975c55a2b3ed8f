import type { Context } from "hono";
import { createMiddleware } from "hono/factory";

export const MAX_BODY = 64 * 1024;
/**
 * How much of a refused body is read and thrown away before the answer. Past it the rest is
 * cancelled; Cloudflare's own edge takes up to 100 MB, so this bounds what one request can make
 * the Worker read (reading is waiting on the network, hardly any CPU: a chunk is dropped as it
 * comes, nothing is copied).
 */
export const DRAIN_LIMIT = 8 * 1024 * 1024;

const tooLarge = (c: Context) => c.json({ error: "too_large", message: `The request body is over ${MAX_BODY / 1024} KiB` }, 413);

/**
 * Reads a refused body to its end (up to DRAIN_LIMIT) and drops it. A body cancelled half
 * read is what stalls the connection: behind `npm start`'s local proxy (wrangler dev), the
 * request after a cancelled one hung for over 120 s, or got "503 Your worker restarted
 * mid-request", on every route and for chunked and Content-Length bodies alike; read to its
 * end, the next request is answered at once. Done here, in the Worker, so it holds whatever
 * proxy sits in front.
 */
async function drain(reader: ReadableStreamDefaultReader<Uint8Array>, already: number): Promise<void> {
  let read = already;
  try {
    for (;;) {
      if (read > DRAIN_LIMIT) {
        await reader.cancel().catch(() => undefined);
        return;
      }
      const { done, value } = await reader.read();
      if (done) return;
      read += value.length;
    }
  } catch {
    /* the client went away: nothing left to drain */
  }
}

/** Refuses bodies over 64 KiB before anything parses them (413 `too_large`). */
export const limitBody = createMiddleware(async (c, next) => {
  const body = c.req.raw.body;
  if (!body) return next();
  const length = c.req.raw.headers.get("content-length");
  if (length !== null && !c.req.raw.headers.has("transfer-encoding")) {
    if (Number.parseInt(length, 10) <= MAX_BODY) return next();
    await drain(body.getReader(), 0);
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
      await drain(reader, size);
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
