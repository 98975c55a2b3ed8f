import { and, inArray, lt, sql } from "drizzle-orm";
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
  /** The results of the `alongside` queries, in their order. */
  alongside: unknown[];
}

/**
 * An admission in one round trip: counts one hit against each limit in fixed windows and looks
 * up which of the addresses are blocked, every read by its key (the windows by their primary
 * key, the block list by its email), so its cost does not grow with the table, which anyone can
 * grow. Old windows are swept by the cron (sweepRateLimits), never here. `alongside` are queries
 * the caller needs in the same round trip.
 */
export async function admit(db: Db, limits: readonly Limit[], addresses: readonly string[], now: number, alongside: readonly BatchItem<"sqlite">[] = []): Promise<Admission> {
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
  const [blocked, ...rest] = (await db.batch([blockedQuery, ...upserts, ...alongside] as unknown as [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]])) as unknown[];
  const counts = rest.slice(0, upserts.length);
  const exceeded = limits.find((l, i) => ((counts[i] as { count: number }[])[0]?.count ?? 0) > l.max) ?? null;
  return { exceeded, blocked: (blocked as { email: string }[]).map((b) => b.email), alongside: rest.slice(upserts.length) };
}

/**
 * The cron's sweep of ended windows, bounded and keyed: each run reads `scan` rows by rowid from
 * a starting point that moves on by `scan` every run (`run`: the cron passes its minute) across
 * the table's rowid range (its ends are b-tree lookups), and deletes those whose window has
 * ended. Live windows anywhere in the table hold nothing up, and a run never reads more than
 * `scan` rows however large the table grew: a table of N rows is swept every N / scan runs.
 */
export async function sweepRateLimits(db: Db, now: number, scan: number, run: number): Promise<number> {
  const lo = sql`(SELECT min(rowid) FROM ${rateLimits})`;
  const span = sql`((SELECT max(rowid) FROM ${rateLimits}) - ${lo} + 1)`;
  const from = sql`${lo} + (${run * scan} % ${span})`;
  const [deleted] = await db.batch([
    db
      .delete(rateLimits)
      .where(and(sql`rowid IN (SELECT rowid FROM ${rateLimits} WHERE rowid >= ${from} ORDER BY rowid LIMIT ${scan})`, lt(rateLimits.expiresAt, now)))
      .returning({ key: rateLimits.key }),
  ]);
  return deleted.length;
}
