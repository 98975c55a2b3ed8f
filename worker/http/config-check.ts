import { createMiddleware } from "hono/factory";
import type { AppEnv } from "./context";

/**
 * Refuses every API request while a secret the service cannot work without is missing, before
 * anything is read or written, and says which one.
 */
export const configCheck = createMiddleware<AppEnv>(async (c, next) => {
  const secret = c.env?.TOKEN_SECRET;
  if (typeof secret !== "string" || secret.length < 16) {
    console.error("hexpost: TOKEN_SECRET is not set (or shorter than 16 characters); every API request is refused until it is");
    return c.json(
      { error: "misconfigured", message: "The server is missing its TOKEN_SECRET secret (npx wrangler secret put TOKEN_SECRET); nothing was changed" },
      500,
    );
  }
  await next();
});
