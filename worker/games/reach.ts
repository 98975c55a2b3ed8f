import { hereAndHome, type Deps } from "../deps";
import { nextDigestAt } from "../mail/handover";
import { CHANNEL_KINDS, deliveryRows, LIVE_KINDS } from "../notify/delivery";
import { channelsFor } from "../store/channels";
import type { ChannelRow, OutboxRow, SeatRow } from "../store/types";

const nobody: ReadonlySet<string> = new Set();
const none: readonly ChannelRow[] = [];

/**
 * Turns the mails a change wrote into what the delivery layer sends: nothing for a seat whose
 * page is open (the live page tells it), push and webhooks at once, the mail held or in the
 * digest. Asks who is looking and reads the channels (one D1 read) only when a notice needs it.
 */
export async function reachOut(deps: Deps, gameId: string, seats: readonly SeatRow[], rows: readonly OutboxRow[], options: { presence?: boolean } = {}): Promise<OutboxRow[]> {
  const notices = rows.filter((r) => r.gameId === gameId && r.seat && CHANNEL_KINDS.has(r.kind));
  const asksPresence = (options.presence ?? true) && notices.some((r) => LIVE_KINDS.has(r.kind));
  const emails = seats.filter((s) => s.email && notices.some((r) => r.seat === s.seat)).map((s) => s.email!);
  const [looking, channels] = await Promise.all([
    asksPresence ? deps.live.present(gameId) : Promise.resolve([]),
    notices.length ? Promise.all(hereAndHome(deps).map((db) => channelsFor(db, gameId, emails))).then((found) => found.flat()) : Promise.resolve(none),
  ]);
  // a page opened with a link revoked since (a newer epoch) is nobody's
  const present: ReadonlySet<string> = looking.length ? new Set(looking.filter((p) => seats.some((s) => s.seat === p.seat && s.epoch === p.epoch)).map((p) => p.seat)) : nobody;
  const now = deps.now();
  return deliveryRows(rows, seats, { present, channels, now, newId: deps.newId, digestAt: nextDigestAt });
}
