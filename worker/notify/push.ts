import { buildPushHTTPRequest } from "@pushforge/builder";
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
 * 23 hours. The library signs the VAPID JWT with exp = now + TTL, and push services refuse an
 * exp more than 24 h ahead: the hour is margin for our clock running ahead of theirs.
 */
const TTL_SECONDS = 23 * 3600;
const TIMEOUT_MS = 10_000;
/** Notices someone is waiting on: "high" lets a phone wake for them. */
const URGENT = new Set(["your_turn", "choice_owed", "reminder", "deadline"]);
/** A push payload holds at most ~4 kB once encrypted; these keep it well inside. */
const MAX_TITLE = 200;
const MAX_LINE = 1000;

/** Encrypts the notice for one browser subscription and posts it to its push service. */
export async function sendPush(sub: PushSub, notice: Notice, vapid: Vapid, fetcher: typeof fetch = fetch): Promise<ChannelResult> {
  const payload: PushPayload = {
    title: clip(notice.title, MAX_TITLE),
    body: clip(notice.line, MAX_LINE),
    url: notice.url,
    gameId: notice.gameId,
    kind: notice.kind,
  };
  // http endpoints pass validation only in dev mode (local push sinks). The library refuses to
  // build for http, so build for the same URL in https and post it to the http one: the only
  // difference is the JWT's aud, which a local sink does not check.
  const local = sub.endpoint.startsWith("http:");
  const buildFor = local ? `https:${sub.endpoint.slice("http:".length)}` : sub.endpoint;
  let request: Awaited<ReturnType<typeof buildPushHTTPRequest>>;
  try {
    request = await buildPushHTTPRequest({
      privateJWK: vapid.privateJWK,
      subscription: { endpoint: buildFor, keys: { p256dh: sub.p256dh, auth: sub.auth } },
      message: {
        payload: { ...payload },
        adminContact: vapid.subject,
        options: { ttl: TTL_SECONDS, urgency: URGENT.has(notice.kind) ? "high" : "normal", topic: await pushTopic(notice.gameId) },
      },
    });
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
  return text.length <= max ? text : `${text.slice(0, max - 1)}…`;
}
