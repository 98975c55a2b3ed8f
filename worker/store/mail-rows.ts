/**
 * The queries mail needs beyond the turn's own batch: the message a provider event is about,
 * seats that stop receiving mail, the games a digest lists.
 */
import { and, asc, eq, inArray, ne, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { bumpDigestVersions, bumpVersion, type Db } from "./repository";
import { games, outbox, seats } from "./schema";

/** The outbox row a provider's event names, or null. */
export async function findMessage(db: Db, outboxId: string) {
  const [found] = await db.batch([
    db.select({ gameId: outbox.gameId, seat: outbox.seat, kind: outbox.kind, recipient: outbox.recipient }).from(outbox).where(eq(outbox.id, outboxId)),
  ]);
  return found[0] ?? null;
}

/**
 * Stops mail to an address that bounced or complained: the seat the message went to, or for
 * a digest every digest seat of the address. Answers how many seats changed.
 */
export async function markUndeliverable(db: Db, message: { gameId: string | null; seat: string | null; kind: string; recipient: string }): Promise<number> {
  const { gameId, seat, recipient } = message;
  const [, changed] = await db.batch(
    message.kind === "digest" || !gameId || !seat
      ? [
          bumpDigestVersions(db, recipient),
          db
            .update(seats)
            .set({ undeliverable: 1 })
            .where(and(eq(seats.email, recipient), eq(seats.prefs, "digest")))
            .returning({ seat: seats.seat }),
        ]
      : [
          bumpVersion(db, gameId),
          db
            .update(seats)
            .set({ undeliverable: 1 })
            .where(and(eq(seats.gameId, gameId), eq(seats.seat, seat), eq(seats.email, recipient)))
            .returning({ seat: seats.seat }),
        ],
  );
  return changed.length;
}

/** A game awaiting a digest address: its seat there and its deadline. */
export interface AwaitingGame {
  gameId: string;
  seat: string;
  epoch: number;
  ruleset: string;
  deadline: number | null;
}

/**
 * For each address, the active games awaiting it (through the seats_email index, never by
 * scanning games), soonest deadline first, at most `limit` each; and the seat
 * names of every game listed. Two round trips at most.
 */
export async function gamesAwaitingDigests(db: Db, recipients: readonly string[], limit: number) {
  const awaiting = recipients.map((email) =>
    db
      .select({ gameId: seats.gameId, seat: seats.seat, epoch: seats.epoch, ruleset: games.ruleset, deadline: games.deadline })
      .from(seats)
      .innerJoin(games, eq(games.id, seats.gameId))
      .where(
        and(
          eq(seats.email, email),
          // digest seats, and every seat of an address whose held turn mail went to the digest (its
          // budget: worker/mail/drain.ts): a seat that switched turn mail off is never listed
          ne(seats.prefs, "none"),
          eq(seats.undeliverable, 0),
          eq(games.status, "active"),
          sql`EXISTS (SELECT 1 FROM json_each(${games.toAct}) WHERE json_each.value = ${seats.seat})`,
        ),
      )
      .orderBy(asc(games.deadline))
      .limit(limit),
  );
  const lists = (await db.batch(awaiting as unknown as [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]])) as unknown as AwaitingGame[][];
  const gameIds = [...new Set(lists.flat().map((e) => e.gameId))];
  const names = new Map<string, { name: string }[]>();
  if (gameIds.length > 0) {
    const [nameRows] = await db.batch([db.select({ gameId: seats.gameId, name: seats.name }).from(seats).where(inArray(seats.gameId, gameIds)).orderBy(asc(seats.gameId), asc(sql`rowid`))]);
    for (const r of nameRows) names.set(r.gameId, [...(names.get(r.gameId) ?? []), { name: r.name }]);
  }
  return { lists, names };
}
