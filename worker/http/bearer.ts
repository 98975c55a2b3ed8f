import type { Context } from "hono";

/** The seat token from `Authorization: Bearer <token>`, or null for a spectator. */
export function bearerToken(c: Context): string | null {
  const header = c.req.header("authorization");
  if (!header) return null;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match ? match[1]! : "";
}
