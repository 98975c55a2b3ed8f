import { constantTimeEqual, signLink } from "../auth";

/** A page's ticket to the game's live channel lasts a day; the page takes a new one with each load. A spectator's names the seat "". */
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

/**
 * The seat a ticket stands for ("" for a spectator's), or null when it is missing, expired or
 * altered. Spectators get a ticket too, with the game (GET /api/games/:id): only a game that
 * exists gets a live object, and nobody makes one for an id they made up.
 */
export async function checkLiveTicket(
  secret: string,
  gameId: string,
  query: { seat?: string; epoch?: string; expires?: string; sig?: string },
  now: number,
): Promise<string | null> {
  const { seat, epoch, expires, sig } = query;
  if (seat === undefined || !epoch || !expires || !sig) return null;
  if (!(Number(expires) > now)) return null;
  const expected = await signLink(secret, "live", gameId, seat, epoch, expires);
  return constantTimeEqual(expected, sig) ? seat : null;
}
