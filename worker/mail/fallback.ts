/**
 * Mail as the fallback of a seat's push and webhook channels. A notice whose mail would have been
 * held (notify/delivery.ts) goes to the seat's channels alone, each row carrying the held mail's
 * due time; the mail is written only when a try of those rows reaches no channel. A seat that a
 * channel reaches thus costs no mail row at all, where the mail used to be written beside the
 * notice and dropped once it arrived (the outbox was most of a player-turn's rows written).
 */
import type { OutboxRecord } from "../store/outbox";
import type { OutboxRow } from "../store/types";
import { heldMailId } from "../store/held-ids";
import { payloadOf } from "./payload";

/** What one try of a channel row came to: only whether it reached the seat matters here. */
export interface ChannelTry {
  row: OutboxRecord;
  reached: boolean;
}

const noticeKey = (r: OutboxRecord) => `${r.gameId}\u0000${r.seat}\u0000${r.kind}\u0000${r.createdAt}`;

/** The payload without its fallback: a row that leaves it behind never writes the mail again. */
export function withoutFallback(payload: Record<string, unknown>): Record<string, unknown> {
  const { fallbackMailAt: _done, ...rest } = payload;
  return rest;
}

/**
 * The held mails to write for the notices none of whose rows in this try reached the seat (one a
 * notice, however many channels it went to), and the rows whose fallback is settled either way
 * (written now, or not needed because a channel reached the seat).
 */
export function fallbackMails(tries: readonly ChannelTry[], newId: () => string): { mails: OutboxRow[]; settled: Set<string> } {
  const byNotice = new Map<string, ChannelTry[]>();
  for (const t of tries) {
    if (payloadOf(t.row).fallbackMailAt === undefined || !t.row.gameId || !t.row.seat) continue;
    const key = noticeKey(t.row);
    byNotice.set(key, [...(byNotice.get(key) ?? []), t]);
  }
  const mails: OutboxRow[] = [];
  const settled = new Set<string>();
  for (const group of byNotice.values()) {
    for (const t of group) settled.add(t.row.id);
    if (group.some((t) => t.reached)) continue;
    const first = group[0]!.row as OutboxRecord & { gameId: string; seat: string };
    mails.push({
      id: heldMailId(first.gameId, first.seat, newId()),
      gameId: first.gameId,
      seat: first.seat,
      kind: first.kind,
      recipient: first.recipient,
      payload: withoutFallback(first.payload),
      status: "pending",
      attempts: 0,
      nextAttemptAt: payloadOf(first).fallbackMailAt!,
      createdAt: first.createdAt,
      held: 1,
    });
  }
  return { mails, settled };
}
