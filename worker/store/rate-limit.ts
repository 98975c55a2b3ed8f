import { and, inArray, lt, sql, type Placeholder } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { bind, StatementBook } from "./prepared";
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

/** One hit against a window: its count after the hit. Values, or placeholders for a statement prepared once. */
const hitQuery = (db: Db, key: string | Placeholder, expiresAt: number | Placeholder) =>
  db
    .insert(rateLimits)
    .values({ key, count: 1, expiresAt })
    .onConflictDoUpdate({ target: rateLimits.key, set: { count: sql`${rateLimits.count} + 1` } })
    .returning({ count: rateLimits.count });

/** Which of the addresses are blocked. */
const blockedQuery = (db: Db, addresses: readonly (string | Placeholder)[]) =>
  db
    .select({ email: blockedAddresses.email })
    .from(blockedAddresses)
    .where(addresses.length ? inArray(blockedAddresses.email, [...addresses]) : sql`0`);

const windowOf = (l: Limit, now: number) => {
  const window = Math.floor(now / l.windowMs);
  return { key: `${l.name}:${window}`, expiresAt: (window + 1) * l.windowMs };
};

// without queries alongside, an admission's statements are prepared once per isolate
// (store/prepared.ts): a create on a cold isolate does not build them with the query builder
const book = new StatementBook();

/** The admission's reads: the blocked addresses, each limit's count after the hit, and the results of `alongside`. */
async function hitAndRead(db: Db, limits: readonly Limit[], addresses: readonly string[], now: number, alongside: readonly BatchItem<"sqlite">[]) {
  if (alongside.length) {
    const [blocked, ...rest] = (await db.batch([blockedQuery(db, addresses), ...limits.map((l) => {
      const w = windowOf(l, now);
      return hitQuery(db, w.key, w.expiresAt);
    }), ...alongside] as unknown as [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]])) as unknown[];
    return { blocked: blocked as { email: string }[], counts: rest.slice(0, limits.length) as { count: number }[][], alongside: rest.slice(limits.length) };
  }
  const hit = book.get("hit", () => hitQuery(db, sql.placeholder("key"), sql.placeholder("expiresAt")));
  const blocked = book.get(`blocked:${addresses.length}`, () => blockedQuery(db, addresses.map((_, i) => sql.placeholder(`a${i}`))));
  const [rows, ...counts] = (
    await db.$client.batch([bind(db.$client, blocked, Object.fromEntries(addresses.map((a, i) => [`a${i}`, a]))), ...limits.map((l) => bind(db.$client, hit, windowOf(l, now)))])
  ).map((r) => r.results as Record<string, unknown>[]);
  return { blocked: rows!.map((r) => ({ email: String(r.email) })), counts: counts.map((c) => c.map((r) => ({ count: Number(r.count) }))), alongside: [] };
}

/**
 * An admission in one round trip: counts one hit against each limit in fixed windows and looks
 * up which of the addresses are blocked, every read by its key (the windows by their primary
 * key, the block list by its email), so its cost does not grow with the table, which anyone can
 * grow. Old windows are swept by the cron (sweepRateLimits), never here. `alongside` are queries
 * the caller needs in the same round trip.
 */
export async function admit(db: Db, limits: readonly Limit[], addresses: readonly string[], now: number, alongside: readonly BatchItem<"sqlite">[] = []): Promise<Admission> {
  const read = await hitAndRead(db, limits, addresses, now, alongside);
  const exceeded = limits.find((l, i) => (read.counts[i]?.[0]?.count ?? 0) > l.max) ?? null;
  return { exceeded, blocked: read.blocked.map((b) => b.email), alongside: read.alongside };
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
