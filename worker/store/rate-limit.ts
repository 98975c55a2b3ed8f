import { inArray, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { Db } from "./repository";
import { blockedAddresses, rateLimits } from "./schema";

export interface Limit {
  /** e.g. "ip:203.0.113.7" or "invite:olga@example.com" */
  name: string;
  max: number;
  windowMs: number;
}

export interface Admission {
  /** The first limit this hit took over its maximum, if any. */
  exceeded: Limit | null;
  /** Which of the addresses asked never to be invited. */
  blocked: string[];
}

/**
 * A new game's admission in one round trip: counts one hit against each limit in fixed
 * windows, looks up which invited addresses are blocked, and deletes old windows.
 */
export async function admit(db: Db, limits: readonly Limit[], addresses: readonly string[], now: number): Promise<Admission> {
  const blockedQuery = db
    .select({ email: blockedAddresses.email })
    .from(blockedAddresses)
    .where(addresses.length ? inArray(blockedAddresses.email, [...addresses]) : sql`0`);
  const upserts = limits.map((l) => {
    const window = Math.floor(now / l.windowMs);
    return db
      .insert(rateLimits)
      .values({ key: `${l.name}:${window}`, count: 1, expiresAt: (window + 1) * l.windowMs })
      .onConflictDoUpdate({ target: rateLimits.key, set: { count: sql`${rateLimits.count} + 1` } })
      .returning({ count: rateLimits.count });
  });
  const cleanup = db.delete(rateLimits).where(sql`${rateLimits.expiresAt} < ${now - 86_400_000}`);
  const [blocked, ...counts] = (await db.batch([blockedQuery, ...upserts, cleanup] as unknown as [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]])) as unknown[];
  const exceeded = limits.find((l, i) => ((counts[i] as { count: number }[])[0]?.count ?? 0) > l.max) ?? null;
  return { exceeded, blocked: (blocked as { email: string }[]).map((b) => b.email) };
}
