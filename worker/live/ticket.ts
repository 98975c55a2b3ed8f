import { constantTimeEqual, signLink } from "../auth";

/** A page's ticket to the game's live channel lasts a day; the page takes a new one with each load. */
export const LIVE_TICKET_MS = 86_400_000;

export interface LiveTicket {
  seat: string;
  expires: number;
  sig: string;
}

/**
 * The live channel's credential, given with the game to the seat's own page: the browser's
 * WebSocket cannot send an Authorization header, and the seat token must never be in a URL.
 * It names the seat and its epoch (a revoked link's tickets stop at the next epoch).
 */
export async function liveTicket(secret: string, gameId: string, seat: string, epoch: number, now: number): Promise<LiveTicket> {
  const expires = now + LIVE_TICKET_MS;
  return { seat, expires, sig: await signLink(secret, "live", gameId, seat, String(epoch), String(expires)) };
}

/** The seat a ticket stands for, or null (spectator) when there is none; "bad" when it does not verify. */
export async function checkLiveTicket(
  secret: string,
  gameId: string,
  query: { seat?: string; epoch?: string; expires?: string; sig?: string },
  now: number,
): Promise<string | null | "bad"> {
  if (query.sig === undefined && query.seat === undefined) return null;
  const { seat, epoch, expires, sig } = query;
  if (!seat || !epoch || !expires || !sig) return "bad";
  if (!(Number(expires) > now)) return "bad";
  const expected = await signLink(secret, "live", gameId, seat, epoch, expires);
  return constantTimeEqual(expected, sig) ? seat : "bad";
}
