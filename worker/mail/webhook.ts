import { constantTimeEqual } from "../auth";
import type { MailDeps } from "./deps";
import { findMessage, markUndeliverable } from "../store/mail-rows";
import { everyShard } from "../store/shards";

/** Resend signs webhooks the Svix / Standard Webhooks way; a delivery older than this is refused. */
export const WEBHOOK_TOLERANCE_MS = 5 * 60_000;

const encoder = new TextEncoder();

function base64ToBytes(b64: string): Uint8Array<ArrayBuffer> {
  const binary = atob(b64);
  return Uint8Array.from(binary, (c) => c.charCodeAt(0));
}

function bytesToBase64(bytes: Uint8Array): string {
  let binary = "";
  for (const b of bytes) binary += String.fromCharCode(b);
  return btoa(binary);
}

/** The `v1,<base64 HMAC-SHA256 of "id.timestamp.body">` signature, keyed by the secret after "whsec_". */
export async function signWebhook(secret: string, id: string, timestamp: string, body: string): Promise<string> {
  const key = await crypto.subtle.importKey("raw", base64ToBytes(secret.replace(/^whsec_/, "")), { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
  const mac = new Uint8Array(await crypto.subtle.sign("HMAC", key, encoder.encode(`${id}.${timestamp}.${body}`)));
  return `v1,${bytesToBase64(mac)}`;
}

export interface WebhookHeaders {
  id: string | undefined;
  timestamp: string | undefined;
  signature: string | undefined;
}

export type Verified = { ok: true } | { ok: false; reason: string };

export async function verifyWebhook(secret: string | undefined, headers: WebhookHeaders, body: string, now: number): Promise<Verified> {
  if (!secret) return { ok: false, reason: "RESEND_WEBHOOK_SECRET is not set" };
  const { id, timestamp, signature } = headers;
  if (!id || !timestamp || !signature) return { ok: false, reason: "missing signature headers" };
  const seconds = Number(timestamp);
  if (!Number.isFinite(seconds) || Math.abs(now - seconds * 1000) > WEBHOOK_TOLERANCE_MS) return { ok: false, reason: "timestamp outside the tolerance" };
  let expected: string;
  try {
    expected = await signWebhook(secret, id, timestamp, body);
  } catch {
    return { ok: false, reason: "the webhook secret is not valid base64" };
  }
  const match = signature.split(" ").some((s) => constantTimeEqual(s, expected));
  return match ? { ok: true } : { ok: false, reason: "signature mismatch" };
}

interface ResendEvent {
  type?: string;
  data?: { email_id?: string; to?: string[] | string; tags?: { name: string; value: string }[] | Record<string, string> };
}

/** A tag's value as sent; `unknown`, since a signed body is still any JSON (an object where a string is due reached D1 and got a 500). */
function tag(event: ResendEvent, name: string): unknown {
  const tags: unknown = event.data?.tags;
  if (typeof tags !== "object" || tags === null) return undefined;
  if (Array.isArray(tags)) return (tags as unknown[]).find((t): t is { name: unknown; value: unknown } => typeof t === "object" && t !== null && (t as { name?: unknown }).name === name)?.value;
  return (tags as Record<string, unknown>)[name];
}

export interface WebhookResult {
  handled: boolean;
  /** Seats now marked undeliverable. */
  seats: number;
  note?: string;
  /** The field of a bounce or complaint that has the wrong type: the route answers 400 naming it. */
  malformed?: string;
}

/** The message a bounce is about, from its tags and its address, when its row has left the outbox. */
function taggedMessage(event: ResendEvent): { gameId: string | null; seat: string | null; kind: string; recipient: string } | null {
  const [kind, gameId, seat] = ["kind", "game", "seat"].map((name) => tag(event, name));
  const to = event.data?.to;
  const recipient = Array.isArray(to) ? to[0] : to;
  if (typeof kind !== "string" || typeof recipient !== "string" || recipient === "") return null;
  return { kind, recipient, gameId: typeof gameId === "string" && gameId !== "" ? gameId : null, seat: typeof seat === "string" && seat !== "" ? seat : null };
}

/**
 * A bounce or a complaint stops mail to the address the message went to: the seat is marked
 * undeliverable (its pending mail fails visibly instead of being sent; the game page and the
 * other players' next mails say so). The message is found by the outbox id sent as a tag.
 */
export async function handleResendEvent(deps: MailDeps, raw: unknown): Promise<WebhookResult> {
  // a signed body may still be any JSON: only an object with a type is an event
  if (typeof raw !== "object" || raw === null || Array.isArray(raw)) return { handled: false, seats: 0, note: "not an event object" };
  const event = raw as ResendEvent;
  if (event.type !== "email.bounced" && event.type !== "email.complained") return { handled: false, seats: 0, note: `ignored ${event.type}` };
  const outboxId = tag(event, "outbox");
  if (outboxId === undefined || outboxId === null || outboxId === "") return { handled: false, seats: 0, note: "no outbox tag" };
  if (typeof outboxId !== "string") return { handled: false, seats: 0, note: "data.tags: the outbox tag's value must be a string", malformed: "data.tags" };
  // the tag names no shard: every shard is asked (store/shards.ts)
  const found = (await everyShard(deps.shards, async (db) => ({ db, row: await findMessage(db, outboxId) }))).find((f) => f.row);
  // a sent mail's row is gone unless sent mail is kept (mail/sent-record.ts): its tags name its game and seat
  const row = found?.row ?? taggedMessage(event);
  if (!row) return { handled: false, seats: 0, note: "unknown message" };
  const addressWide = row.kind === "digest" || !row.gameId || !row.seat;
  const changed = addressWide ? await everyShard(deps.shards, (db) => markUndeliverable(db, row)) : [await markUndeliverable(found?.db ?? deps.shards.forGame(row.gameId!), row)];
  return { handled: true, seats: changed.reduce((a, b) => a + b, 0) };
}
