import { buildPushPayload, type VapidKeys } from "@block65/webcrypto-web-push";
import { toBase64Url } from "./base64url";
import { type ChannelResult, type Notice, networkFailure, refused, resultOf } from "./notice";
import type { Vapid } from "./vapid";

export interface PushSub {
  endpoint: string;
  /** base64url of the browser's P-256 public key (65 bytes, 0x04...) */
  p256dh: string;
  /** base64url of the browser's 16-byte auth secret */
  auth: string;
}

/** What the service worker (web/public/sw.js) receives, encrypted. */
export interface PushPayload {
  title: string;
  body: string;
  url: string;
  gameId: string;
  kind: string;
}

/**
 * 23 hours: a push service holds an undelivered notice this long. Push services refuse a VAPID
 * JWT whose exp is more than 24 h ahead; the library signs it for 12 h whatever the TTL, which
 * only limits how long a built request stays valid, not how long the notice waits.
 */
const TTL_SECONDS = 23 * 3600;
const TIMEOUT_MS = 10_000;
/** Notices someone is waiting on: "high" lets a phone wake for them. */
const URGENT = new Set(["your_turn", "choice_owed", "reminder", "deadline"]);
const MAX_TITLE = 200;
const MAX_LINE = 1000;
/**
 * The plaintext one aes128gcm record may carry: push services need accept only 4096 bytes in
 * all, less the RFC 8188 header (86 with the sender's key) and the delimiter and GCM tag (17).
 * The library throws past it; escaped or non-ASCII text can pass it within MAX_LINE characters.
 */
const MAX_PLAINTEXT = 4096 - 86 - 17;

/** Encrypts the notice (RFC 8291, aes128gcm) for one browser subscription and posts it with VAPID (RFC 8292). */
export async function sendPush(sub: PushSub, notice: Notice, vapid: Vapid, fetcher: typeof fetch = fetch): Promise<ChannelResult> {
  const data = payloadText(notice);
  if (!vapid.privateJWK.d) return refused("cannot build the push: the VAPID key has no private part (d)");
  const keys: VapidKeys = { subject: vapid.subject, publicKey: vapid.publicKey, privateKey: vapid.privateJWK.d };
  // http endpoints pass validation only in dev mode (local push sinks). The library refuses to
  // build for http, so build for the same URL in https and post it to the http one: the only
  // difference is the JWT's aud, which a local sink does not check.
  const local = sub.endpoint.startsWith("http:");
  const buildFor = local ? `https:${sub.endpoint.slice("http:".length)}` : sub.endpoint;
  let request: Awaited<ReturnType<typeof buildPushPayload>>;
  try {
    request = await buildPushPayload(
      { data, options: { ttl: TTL_SECONDS, urgency: URGENT.has(notice.kind) ? "high" : "normal", topic: await pushTopic(notice.gameId) } },
      { endpoint: buildFor, expirationTime: null, keys: { p256dh: sub.p256dh, auth: sub.auth } },
      keys,
    );
  } catch (e) {
    return refused(`cannot build the push: ${e instanceof Error ? e.message : String(e)}`);
  }
  try {
    const res = await fetcher(sub.endpoint, { method: "POST", headers: request.headers, body: request.body, redirect: "manual", signal: AbortSignal.timeout(TIMEOUT_MS) });
    return await resultOf(res, [404, 410]);
  } catch (e) {
    return networkFailure(e);
  }
}

/** The payload as JSON, its line clipped further until the UTF-8 fits one record. */
function payloadText(notice: Notice): string {
  const encoder = new TextEncoder();
  const text = (lineMax: number) =>
    JSON.stringify({ title: clip(notice.title, MAX_TITLE), body: clip(notice.line, lineMax), url: notice.url, gameId: notice.gameId, kind: notice.kind } satisfies PushPayload);
  let lineMax = MAX_LINE;
  let json = text(lineMax);
  for (let over = encoder.encode(json).length - MAX_PLAINTEXT; over > 0 && lineMax > 1; over = encoder.encode(json).length - MAX_PLAINTEXT) {
    // a character is at most 6 bytes of JSON (an escaped control character), so this never cuts more than needed by much
    lineMax = Math.max(1, lineMax - Math.ceil(over / 6));
    json = text(lineMax);
  }
  return json;
}

/**
 * The Topic header: one per game, so a newer notice of a game replaces an older one still
 * waiting at the push service. A hash, because a topic is at most 32 base64url characters and
 * the push service has no need to learn the game's id.
 */
export async function pushTopic(gameId: string): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(`hexpost-game:${gameId}`)));
  return toBase64Url(digest.slice(0, 24));
}

function clip(text: string, max: number): string {
  if (text.length <= max) return text;
  let cut = max - 1;
  // half a surrogate pair is not text: cut before it
  if (/[\uD800-\uDBFF]/.test(text.charAt(cut - 1))) cut--;
  return `${text.slice(0, cut)}…`;
}
