import { eq } from "drizzle-orm";
import type { Db } from "./repository";
import { inboundMail, outbox, type OutboxRow } from "./schema";

/**
 * Claims a reply's Message-ID, as a query to run alongside the reply's admission (rate-limit.ts
 * admit): it returns one row the first time, none when the Message-ID was seen before (a replay,
 * or Email Routing delivering it again). The primary key decides, so two at once cannot both win.
 */
export const claimMessageId = (db: Db, row: { messageId: string; gameId: string; seat: string; at: number }) =>
  db
    .insert(inboundMail)
    .values({ messageId: row.messageId, gameId: row.gameId, seat: row.seat, status: "claimed", receivedAt: row.at })
    .onConflictDoNothing()
    .returning({ messageId: inboundMail.messageId });

export const wasClaimed = (result: unknown): boolean => Array.isArray(result) && result.length === 1;

/** Gives a claim back when applying failed for a reason of ours, so a redelivery may try again. */
export async function releaseMessageId(db: Db, messageId: string): Promise<void> {
  await db.batch([db.delete(inboundMail).where(eq(inboundMail.messageId, messageId))]);
}

/** Records what became of a claimed reply and writes its answer mail, in one round trip. */
export async function settleMessageId(db: Db, messageId: string, status: string, answer: OutboxRow | null): Promise<void> {
  const update = db.update(inboundMail).set({ status }).where(eq(inboundMail.messageId, messageId));
  await (answer ? db.batch([update, db.insert(outbox).values(answer)]) : db.batch([update]));
}

/** Claims a reply's Message-ID in a round trip of its own (when the admission is on another shard); true the first time. */
export async function claimMessageIdAlone(db: Db, row: { messageId: string; gameId: string; seat: string; at: number }): Promise<boolean> {
  const [claimed] = await db.batch([claimMessageId(db, row)]);
  return wasClaimed(claimed);
}
