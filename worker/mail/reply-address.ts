/**
 * The Reply-To of a mail with a menu: play+<opaque>@<MAIL_DOMAIN>. The opaque part names the
 * menu (its kind, game, seat and seq) and carries an HMAC over those and the seat's epoch
 * (auth.ts signLink, purpose "reply"), so it is useless for any other turn, seat or game, and
 * dead once the seat's link is replaced. All lower case, digits and dots: mail systems fold
 * the case of local parts, and some drop characters base64 would need.
 */
import { constantTimeEqual, signLink } from "../auth";
import type { Env } from "../env";
import type { MenuKind } from "./menu";

export const REPLY_PREFIX = "play+";

/** 80 bits: a forgery needs the secret; a 64-character local part leaves room for the rest. */
const MAC_BYTES = 10;
const KIND_LETTER: Record<MenuKind, string> = { turn: "t", pause: "p", rematch: "r" };
const LETTER_KIND: Record<string, MenuKind> = { t: "turn", p: "pause", r: "rematch" };
/** Ids and seats that survive case folding and need no quoting in a local part. */
const PLAIN = /^[a-z0-9_-]{1,40}$/;

export interface ReplyRef {
  kind: MenuKind;
  gameId: string;
  seat: string;
  seq: number;
}

const BASE32 = "abcdefghijklmnopqrstuvwxyz234567";

function base32(bytes: Uint8Array): string {
  let out = "";
  let bits = 0;
  let value = 0;
  for (const b of bytes) {
    value = (value << 8) | b;
    bits += 8;
    while (bits >= 5) {
      out += BASE32[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  if (bits > 0) out += BASE32[(value << (5 - bits)) & 31];
  return out;
}

function fromBase64url(s: string): Uint8Array {
  const bin = atob(s.replace(/-/g, "+").replace(/_/g, "/") + "=".repeat((4 - (s.length % 4)) % 4));
  return Uint8Array.from(bin, (c) => c.charCodeAt(0));
}

async function mac(env: Pick<Env, "TOKEN_SECRET">, ref: ReplyRef, epoch: number): Promise<string> {
  const signed = await signLink(env.TOKEN_SECRET, "reply", KIND_LETTER[ref.kind], ref.gameId, ref.seat, String(epoch), String(ref.seq));
  return base32(fromBase64url(signed).slice(0, MAC_BYTES));
}

/** The domain replies go to: MAIL_DOMAIN, else the domain of MAIL_FROM. */
export function mailDomain(env: Pick<Env, "MAIL_DOMAIN" | "MAIL_FROM">): string {
  if (env.MAIL_DOMAIN) return env.MAIL_DOMAIN.toLowerCase();
  const m = /@([A-Za-z0-9.-]+)>?\s*$/.exec(env.MAIL_FROM);
  return (m?.[1] ?? "hexpost.invalid").toLowerCase();
}

/** The Reply-To for a menu; null when the game or seat name would not survive a mail system. */
export async function replyAddress(env: Pick<Env, "TOKEN_SECRET" | "MAIL_DOMAIN" | "MAIL_FROM">, ref: ReplyRef, epoch: number): Promise<string | null> {
  if (!PLAIN.test(ref.gameId) || !PLAIN.test(ref.seat) || !Number.isSafeInteger(ref.seq) || ref.seq < 0) return null;
  const local = `${REPLY_PREFIX}${KIND_LETTER[ref.kind]}.${ref.gameId}.${ref.seat}.${ref.seq.toString(36)}.${await mac(env, ref, epoch)}`;
  return `${local}@${mailDomain(env)}`;
}

/** What a reply address names, before its HMAC is checked; null when it is not one of ours. */
export function readReplyAddress(address: string): (ReplyRef & { mac: string }) | null {
  const at = address.lastIndexOf("@");
  const local = (at < 0 ? address : address.slice(0, at)).trim().replace(/^<|>$/g, "").toLowerCase();
  if (!local.startsWith(REPLY_PREFIX)) return null;
  const parts = local.slice(REPLY_PREFIX.length).split(".");
  if (parts.length !== 5) return null;
  const [letter, gameId, seat, seq36, code] = parts as [string, string, string, string, string];
  const kind = LETTER_KIND[letter];
  if (!kind || !PLAIN.test(gameId) || !PLAIN.test(seat) || !/^[0-9a-z]{1,11}$/.test(seq36) || !/^[a-z2-7]{16}$/.test(code)) return null;
  return { kind, gameId, seat, seq: parseInt(seq36, 36), mac: code };
}

/** Whether the address's HMAC is the one for this ref and the seat's current epoch. */
export async function replyAddressValid(env: Pick<Env, "TOKEN_SECRET">, ref: ReplyRef & { mac: string }, epoch: number): Promise<boolean> {
  // constant time: the answer must not say how much of a guess matched
  return constantTimeEqual(await mac(env, ref, epoch), ref.mac);
}
