/**
 * The delivery layer's one rule book: what a notice written to the outbox becomes, given who
 * is looking and which channels the seat has. Every notice of a game (turn, owed choice,
 * reminder, deadline, pause, vacation, rematch, elimination, game over) passes through here
 * before it is committed. Pure: the caller reads presence and channels.
 */
import type { ChannelRow, OutboxRow, SeatRow } from "../store/types";
import { heldMailId } from "../store/held-ids";

/**
 * A seat looking at the game's page learns of these live, so they write nothing for it. The
 * result too (decision): the page shows it, with the revealed seed and the record to download.
 */
export const LIVE_KINDS: ReadonlySet<string> = new Set(["your_turn", "choice_owed", "eliminated", "pause", "rematch", "vacation", "game_over"]);

/** These also go at once to the seat's push and webhook channels. */
export const CHANNEL_KINDS: ReadonlySet<string> = new Set([...LIVE_KINDS, "reminder", "deadline", "game_over"]);

/**
 * Their mail waits (the seat's hold time) for the seat to open the game, and is dropped if it
 * does. For a seat with push or webhook channels the mail is their fallback: written only when
 * no channel reached the seat (mail/fallback.ts), dropped if one does later; a seat's held mails
 * of a game go out as one.
 * Reminders and deadline notices are never held: they are rare, and say something the page
 * may not show in time.
 */
export const HELD_KINDS: ReadonlySet<string> = LIVE_KINDS;

/** Turn mail a seat may switch off (prefs "none"); its push and webhooks still go. */
const TURN_MAIL_KINDS: ReadonlySet<string> = new Set(["your_turn", "choice_owed", "reminder", "deadline"]);

/** Failures in a row after which a channel is switched off (the seat's page says so). */
export const MAX_CHANNEL_FAILURES = 5;

/** Channels a seat may have, its own and its address's together. */
export const MAX_CHANNELS_PER_SEAT = 5;

export interface Reach {
  /** Seats whose page is open in front of them. */
  present: ReadonlySet<string>;
  /** The game's seat channels and its players' address channels (any may be switched off). */
  channels: readonly ChannelRow[];
  now: number;
  newId: () => string;
  /** When a digest row written now goes out. */
  digestAt: (now: number) => number;
}

export const liveChannels = (channels: readonly ChannelRow[], seat: Pick<SeatRow, "gameId" | "seat" | "email">): ChannelRow[] =>
  channels.filter((c) => c.disabledAt === null && ((c.gameId === seat.gameId && c.seat === seat.seat) || (c.email !== null && c.email === seat.email)));

/** The rows to commit for `rows`, the mails the game's change wrote. */
export function deliveryRows(rows: readonly OutboxRow[], seats: readonly SeatRow[], reach: Reach): OutboxRow[] {
  const out: OutboxRow[] = [];
  for (const row of rows) {
    const seat = row.gameId && row.seat ? seats.find((s) => s.seat === row.seat && s.gameId === row.gameId) : undefined;
    if (!seat) {
      out.push(row);
      continue;
    }
    if (LIVE_KINDS.has(row.kind) && reach.present.has(seat.seat)) continue;
    const mailOff = TURN_MAIL_KINDS.has(row.kind) && seat.prefs === "none";
    const toDigest = row.kind === "your_turn" && seat.prefs === "digest";
    const heldUntil = !mailOff && !toDigest && HELD_KINDS.has(row.kind) && seat.holdMinutes > 0 ? Math.max(row.nextAttemptAt, reach.now + seat.holdMinutes * 60_000) : null;
    const channels = CHANNEL_KINDS.has(row.kind) ? liveChannels(reach.channels, seat) : [];
    for (const channel of channels) {
      // the held mail is the notice's fallback: written only if no channel reaches the seat (mail/fallback.ts)
      const payload = heldUntil === null ? row.payload : { ...row.payload, fallbackMailAt: heldUntil };
      out.push({ ...row, id: reach.newId(), channelId: channel.id, held: 0, nextAttemptAt: reach.now, payload });
    }
    if (mailOff) continue;
    if (toDigest) {
      out.push({ ...row, kind: "digest", nextAttemptAt: reach.digestAt(reach.now) });
      continue;
    }
    if (heldUntil !== null) {
      if (channels.length === 0) out.push({ ...row, id: heldMailId(seat.gameId, seat.seat, row.id), held: 1, nextAttemptAt: heldUntil });
      continue;
    }
    out.push(row);
  }
  return out;
}
