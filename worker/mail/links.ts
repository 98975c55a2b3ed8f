import { base64url, constantTimeEqual, seatToken, signLink, addressProof } from "../auth";
import type { Env } from "../env";

/**
 * Links in mails. A seat's link carries its token in the fragment (never in server logs);
 * the unsubscribe and "don't invite me again" links are signed under their own purposes, so
 * they need no token and cannot be forged for another game or address.
 */

const base = (env: Env) => env.APP_URL.replace(/\/+$/, "");

/** A seat's link; one mailed to the seat's address carries that address's proof (`mailedTo`). */
export async function seatLink(env: Env, gameId: string, seat: string, epoch: number, mailedTo?: string): Promise<string> {
  const link = `${base(env)}/g/${gameId}#t=${await seatToken(env.TOKEN_SECRET, gameId, seat, epoch)}`;
  return mailedTo ? `${link}&a=${await addressProof(env.TOKEN_SECRET, gameId, seat, mailedTo)}` : link;
}

/** The public page of a game (spectators, and the replay once it is over). */
export const gamePage = (env: Env, gameId: string) => `${base(env)}/g/${gameId}`;

export const exportLink = (env: Env, gameId: string) => `${base(env)}/api/games/${gameId}/export`;

const enc = (s: string) => encodeURIComponent(s);

export const encodeAddress = (email: string) => base64url(new TextEncoder().encode(email));

export function decodeAddress(encoded: string): string | null {
  try {
    const b64 = encoded.replace(/-/g, "+").replace(/_/g, "/");
    const binary = atob(b64 + "=".repeat((4 - (b64.length % 4)) % 4));
    return new TextDecoder("utf-8", { fatal: true }).decode(Uint8Array.from(binary, (c) => c.charCodeAt(0)));
  } catch {
    return null;
  }
}

/** RFC 8058 one-click unsubscribe for one seat of one game: its turn mails stop (prefs none). */
export async function unsubscribeLink(env: Env, gameId: string, seat: string): Promise<string> {
  const sig = await signLink(env.TOKEN_SECRET, "unsubscribe", gameId, seat);
  return `${base(env)}/api/unsubscribe?g=${enc(gameId)}&s=${enc(seat)}&sig=${sig}`;
}

/** One-click unsubscribe from the daily digest of an address (every digest seat goes to none). */
export async function digestUnsubscribeLink(env: Env, email: string): Promise<string> {
  const address = encodeAddress(email);
  const sig = await signLink(env.TOKEN_SECRET, "unsubscribe-digest", address);
  return `${base(env)}/api/unsubscribe?e=${address}&sig=${sig}`;
}

/** "Don't invite me again": blocks the invited seat's address for new games. */
export async function blockLink(env: Env, gameId: string, seat: string): Promise<string> {
  const sig = await signLink(env.TOKEN_SECRET, "block", gameId, seat);
  return `${base(env)}/api/block?g=${enc(gameId)}&s=${enc(seat)}&sig=${sig}`;
}

export async function checkSignature(env: Env, sig: string | undefined, purpose: string, ...parts: string[]): Promise<boolean> {
  if (!sig) return false;
  return constantTimeEqual(await signLink(env.TOKEN_SECRET, purpose, ...parts), sig);
}
