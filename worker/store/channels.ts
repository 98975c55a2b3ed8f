/** The delivery layer's SQL: channels (push subscriptions, webhooks) and held mail. */
import { and, eq, gt, inArray, isNull, lt, ne, or, sql, type SQL } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { Db } from "./repository";
import { channels, games, outbox, seats, type ChannelRow } from "./schema";
import { heldIdPrefix } from "./held-ids";

export type NewChannel = typeof channels.$inferInsert;

const batch = (db: Db, items: BatchItem<"sqlite">[]) => db.batch(items as [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]]);

/** A seat's own channels, and its address's when `email` is given (a proven address). */
const seatOrAddress = (gameId: string, seat: string, email: string | null) =>
  or(and(eq(channels.gameId, gameId), eq(channels.seat, seat)), email ? eq(channels.email, email) : sql`0`);

/** The channels of games' seats and of their addresses, in one read (the two unique indexes). */
export async function channelsFor(db: Db, gameIds: string | readonly string[], emails: readonly string[]): Promise<ChannelRow[]> {
  const ids = typeof gameIds === "string" ? [gameIds] : [...new Set(gameIds)];
  const [rows] = await batch(db, [
    db
      .select()
      .from(channels)
      .where(or(inArray(channels.gameId, ids), emails.length ? inArray(channels.email, [...new Set(emails)]) : sql`0`)),
  ]);
  return rows as ChannelRow[];
}

/** A seat's own channels and its address's. */
export async function seatChannels(db: Db, gameId: string, seat: string, email: string | null): Promise<ChannelRow[]> {
  const [rows] = await batch(db, [
    db
      .select()
      .from(channels)
      .where(seatOrAddress(gameId, seat, email))
      .orderBy(channels.createdAt),
  ]);
  return rows as ChannelRow[];
}

/** Adds a channel, or answers the existing one with the same endpoint (subscribing twice is one channel). */
export async function addChannel(db: Db, row: NewChannel): Promise<ChannelRow> {
  const [inserted] = await batch(db, [db.insert(channels).values(row).onConflictDoNothing().returning()]);
  if ((inserted as ChannelRow[]).length) return (inserted as ChannelRow[])[0]!;
  const same = row.gameId ? and(eq(channels.gameId, row.gameId), eq(channels.seat, row.seat!)) : eq(channels.email, row.email!);
  const [existing] = await batch(db, [db.select().from(channels).where(and(same, eq(channels.endpoint, row.endpoint)))]);
  const found = (existing as ChannelRow[])[0]!;
  // subscribing again brings a switched-off channel back, with the new keys
  if (found.disabledAt !== null || found.p256dh !== (row.p256dh ?? null) || found.auth !== (row.auth ?? null)) {
    const [updated] = await batch(db, [
      db
        .update(channels)
        .set({ disabledAt: null, failures: 0, lastError: null, p256dh: row.p256dh ?? null, auth: row.auth ?? null })
        .where(eq(channels.id, found.id))
        .returning(),
    ]);
    return (updated as ChannelRow[])[0] ?? found;
  }
  return found;
}

/** Removes one of the seat's (or its address's) channels; false when it holds no such channel. */
export async function removeChannel(db: Db, id: string, owner: { gameId: string; seat: string; email: string | null }): Promise<boolean> {
  const owns = seatOrAddress(owner.gameId, owner.seat, owner.email);
  const [deleted] = await batch(db, [db.delete(channels).where(and(eq(channels.id, id), owns)).returning({ id: channels.id })]);
  return (deleted as unknown[]).length > 0;
}

export async function channelsById(db: Db, ids: readonly string[]): Promise<ChannelRow[]> {
  if (ids.length === 0) return [];
  const [rows] = await batch(db, [db.select().from(channels).where(inArray(channels.id, [...new Set(ids)]))]);
  return rows as ChannelRow[];
}

/** What became of a delivery on a channel. */
export type ChannelOutcome = { id: string; result: "ok" } | { id: string; result: "failed"; reason: string; maxFailures: number; now: number } | { id: string; result: "gone" };

/** The statements that keep each channel's record of failures in a row (and switch it off, or drop it). */
export function channelOutcomeWrites(db: Db, outcomes: readonly ChannelOutcome[]): BatchItem<"sqlite">[] {
  return outcomes.map((o) => {
    if (o.result === "gone") return db.delete(channels).where(eq(channels.id, o.id));
    if (o.result === "ok") return db.update(channels).set({ failures: 0, lastError: null }).where(and(eq(channels.id, o.id), ne(channels.failures, 0)));
    return db
      .update(channels)
      .set({
        failures: sql`${channels.failures} + 1`,
        lastError: o.reason.slice(0, 300),
        disabledAt: sql`CASE WHEN ${channels.failures} + 1 >= ${o.maxFailures} THEN coalesce(${channels.disabledAt}, ${o.now}) ELSE ${channels.disabledAt} END`,
      })
      .where(eq(channels.id, o.id));
  });
}

/**
 * Held mail not needed any more: marked dropped with the reason where sent mail is kept as a
 * record (`keep`, mail/sent-record.ts), else deleted (one row written, and nothing to sweep).
 */
const dropHeld = (db: Db, where: SQL | undefined, now: number, why: string, keep: boolean) =>
  keep ? db.update(outbox).set({ status: "sent", sentAt: now, lastError: `dropped: ${why}` }).where(where).returning({ id: outbox.id }) : db.delete(outbox).where(where).returning({ id: outbox.id });

/** A seat's held mails of a game, not yet claimed by a drainer. */
const heldOf = (gameId: string, seat: string) =>
  and(gt(outbox.id, heldIdPrefix(gameId, seat)), lt(outbox.id, `${heldIdPrefix(gameId, seat)}~`), eq(outbox.held, 1), eq(outbox.status, "pending"), eq(outbox.attempts, 0));

/** The seat played by replying to a mail: it has the news its held mails of the game would bring. */
export async function dropHeldOnReply(db: Db, gameId: string, seat: string, now: number, keep: boolean): Promise<void> {
  await batch(db, [dropHeld(db, heldOf(gameId, seat), now, "the seat answered by reply before the mail was due", keep)]);
}

/**
 * The seat opened the game, in one round trip: its held mails of that game are dropped (it has
 * seen the news; only rows no drainer has claimed: one being sent goes out), and its channels
 * are read (the page shows them, and says when one was switched off).
 */
export async function seatOpened(db: Db, gameId: string, seat: string, email: string | null, now: number, keep: boolean): Promise<{ dropped: number; channels: ChannelRow[] }> {
  const [dropped, rows] = await batch(db, [
    dropHeld(db, heldOf(gameId, seat), now, "the seat opened the game before the mail was due", keep),
    db
      .select()
      .from(channels)
      .where(seatOrAddress(gameId, seat, email))
      .orderBy(channels.createdAt),
  ]);
  return { dropped: (dropped as unknown[]).length, channels: rows as ChannelRow[] };
}

/**
 * The other held mails of the same game and seat as `row`, claimed with it (whatever their due
 * time) so that they go out as one mail: the lease keeps every other drainer off them.
 */
export async function claimHeldWith(db: Db, keys: readonly { gameId: string; seat: string; id: string }[], now: number, leaseMs: number) {
  if (keys.length === 0) return [];
  const statements = keys.map((k) =>
    db
      .update(outbox)
      .set({ leasedUntil: now + leaseMs, attempts: sql`${outbox.attempts} + 1`, firstAttemptAt: sql`coalesce(${outbox.firstAttemptAt}, ${now})` })
      .where(and(heldOf(k.gameId, k.seat), ne(outbox.id, k.id)))
      .returning(),
  );
  const results = await batch(db, statements);
  return (results as (typeof outbox.$inferSelect)[][]).flat();
}

/** How many active games each address plays (the daily mail budget's count). */
export async function activeGamesOf(db: Db, emails: readonly string[]): Promise<Map<string, number>> {
  if (emails.length === 0) return new Map();
  const [rows] = await batch(db, [
    db
      .select({ email: seats.email, n: sql<number>`count(*)` })
      .from(seats)
      .innerJoin(games, eq(games.id, seats.gameId))
      .where(and(inArray(seats.email, [...new Set(emails)]), eq(games.status, "active"), eq(seats.bot, 0)))
      .groupBy(seats.email),
  ]);
  return new Map((rows as { email: string; n: number }[]).map((r) => [r.email, Number(r.n)]));
}


/**
 * A notice reached its seat on a push or webhook channel: the seat's held mails of that game,
 * written no later than the notice, are not needed any more (mail is the fallback for a seat
 * whose channels fail). Only rows no drainer has claimed.
 */
export function dropHeldReached(db: Db, reached: readonly { gameId: string; seat: string; upTo: number }[], now: number, keep: boolean): BatchItem<"sqlite">[] {
  return reached.map((r) => dropHeld(db, and(heldOf(r.gameId, r.seat), isNull(outbox.channelId), sql`${outbox.createdAt} <= ${r.upTo}`), now, "the notice reached the seat by push or webhook", keep));
}

/** An address's own channels (every game it plays), for "my games": a query to batch with others. */
export function addressChannelsQuery(db: Db, email: string) {
  return db
    .select({ kind: channels.kind, endpoint: channels.endpoint, disabledAt: channels.disabledAt })
    .from(channels)
    .where(eq(channels.email, email))
    .orderBy(channels.createdAt);
}

/** The outcome writes alone, in one batch (channels of an address are on home, not the drained shard: store/shards.ts). */
export async function recordChannelOutcomes(db: Db, outcomes: readonly ChannelOutcome[]): Promise<void> {
  const writes = channelOutcomeWrites(db, outcomes);
  if (writes.length > 0) await batch(db, writes);
}
