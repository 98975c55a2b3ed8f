import { Resend } from "resend";
import { isDevMode, type Env } from "../env";
import type { Composed } from "./compose";

export type SendResult =
  | { ok: true; providerId: string }
  | { ok: false; retry: boolean; status: number | null; reason: string; retryAfterMs?: number };

export interface OutgoingMail extends Composed {
  /** The outbox row id: Resend's Idempotency-Key, so a retry never sends twice. */
  id: string;
  kind: string;
  /** The game and seat it goes to (none for a digest): tags, so that a bounce finds the seat once the row is gone. */
  gameId?: string | null;
  seat?: string | null;
}

/** A tag's value as Resend takes it (ASCII letters, digits, `_` and `-`). */
const tagValue = (value: string) => value.replace(/[^A-Za-z0-9_-]/g, "_");

export interface Transport {
  name: "resend" | "dev";
  send(mail: OutgoingMail): Promise<SendResult>;
}

/**
 * Resend's answer, sorted: 429 (rate limit), 5xx, no answer at all, and 409
 * `concurrent_idempotent_requests` (the same key still in flight) are worth retrying; any
 * other 4xx (a bad address, a rejected payload, a key reused with another body) never
 * will be, so it fails at once with the reason.
 */
export function classify(status: number | null, name: string | undefined): boolean {
  if (status === null || status === undefined) return true;
  if (status === 429 || status >= 500) return true;
  if (status === 409) return name === "concurrent_idempotent_requests";
  return false;
}

function retryAfter(headers: Record<string, string> | null | undefined): number | undefined {
  const value = headers?.["retry-after"];
  if (!value) return undefined;
  const seconds = Number(value);
  return Number.isFinite(seconds) && seconds >= 0 ? seconds * 1000 : undefined;
}

/** `signal` cancels every send (the warm-up's sends are cancelled before they start: they only run the SDK's code). */
export function resendTransport(env: Env, signal?: AbortSignal): Transport {
  // one client for all of a drain's mails: the SDK builds some twenty sub-clients in its constructor
  let client: Resend | undefined;
  return {
    name: "resend",
    async send(mail) {
      if (!env.RESEND_API_KEY) return { ok: false, retry: false, status: null, reason: "RESEND_API_KEY is not set: no mail can be sent" };
      client ??= new Resend(env.RESEND_API_KEY, env.RESEND_BASE_URL ? { baseUrl: env.RESEND_BASE_URL.replace(/\/+$/, "") } : undefined);
      try {
        const { data, error, headers } = await client.emails.send(
          {
            from: mail.from,
            to: [mail.to],
            subject: mail.subject,
            text: mail.text,
            html: mail.html,
            // Resend takes the Reply-To as a field of its own (a mail with a menu, mail/reply-address.ts)
            ...(mail.headers["Reply-To"] ? { replyTo: mail.headers["Reply-To"], headers: Object.fromEntries(Object.entries(mail.headers).filter(([k]) => k !== "Reply-To")) } : { headers: mail.headers }),
            tags: [
              { name: "outbox", value: tagValue(mail.id) },
              { name: "kind", value: mail.kind },
              ...(mail.gameId && mail.seat ? [{ name: "game", value: tagValue(mail.gameId) }, { name: "seat", value: tagValue(mail.seat) }] : []),
            ],
          },
          { idempotencyKey: mail.id, ...(signal ? { signal } : {}) },
        );
        if (data) return { ok: true, providerId: data.id };
        const status = typeof error?.statusCode === "number" ? error.statusCode : null;
        const reason = `${status ?? "no answer"} ${error?.name ?? "error"}: ${error?.message ?? "unknown error"}`.slice(0, 500);
        const after = retryAfter(headers);
        return { ok: false, retry: classify(status, error?.name), status, reason, ...(after !== undefined ? { retryAfterMs: after } : {}) };
      } catch (e) {
        return { ok: false, retry: true, status: null, reason: `send threw: ${String((e as Error)?.message ?? e)}`.slice(0, 500) };
      }
    },
  };
}

/**
 * The dev mailbox: nothing leaves the machine. The row stays in D1 (listed at
 * /api/dev/outbox and /dev/mail) and the console shows the mail with its link.
 */
export function devTransport(): Transport {
  return {
    name: "dev",
    async send(mail) {
      console.log(`[dev mail] ${mail.kind} to ${mail.to}: ${mail.subject}${mail.link ? `\n  link: ${mail.link}` : ""}`);
      return { ok: true, providerId: `dev-${mail.id}` };
    },
  };
}

/** Dev mode is an explicit flag, never inferred from a missing key. */
export const transportFor = (env: Env): Transport => (isDevMode(env) ? devTransport() : resendTransport(env));
