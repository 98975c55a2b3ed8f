import { bodyLimit } from "hono/body-limit";

export const MAX_BODY = 64 * 1024;

/** Refuses bodies over 64 KiB before anything reads them. */
export const limitBody = bodyLimit({
  maxSize: MAX_BODY,
  onError: (c) => c.json({ error: "too_large", message: `The request body is over ${MAX_BODY / 1024} KiB` }, 413),
});
