import { sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { Db } from "./repository";
import { rateLimits } from "./schema";

export interface Limit {
  /** e.g. "ip:203.0.113.7" or "invite:olga@example.com" */
  name: string;
  max: number;
  windowMs: number;
}

/**
 * Counts one hit against each limit in fixed windows (one batch) and says which limit, if
 * any, is now exceeded. Old windows are deleted as a side effect.
 */
export async function hitLimits(db: Db, limits: readonly Limit[], now: number): Promise<Limit | null> {
  if (limits.length === 0) return null;
  const upserts = limits.map((l) => {
    const window = Math.floor(now / l.windowMs);
    return db
      .insert(rateLimits)
      .values({ key: `${l.name}:${window}`, count: 1, expiresAt: (window + 1) * l.windowMs })
      .onConflictDoUpdate({ target: rateLimits.key, set: { count: sql`${rateLimits.count} + 1` } })
      .returning({ count: rateLimits.count });
  });
  const cleanup = db.delete(rateLimits).where(sql`${rateLimits.expiresAt} < ${now - 86_400_000}`);
  const results = (await db.batch([...upserts, cleanup] as unknown as [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]])) as unknown[];
  for (const [i, l] of limits.entries()) {
    const rows = results[i] as { count: number }[];
    if ((rows[0]?.count ?? 0) > l.max) return l;
  }
  return null;
}
