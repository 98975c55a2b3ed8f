import { privateHostReason } from "./address";
import { fromBase64Url } from "./base64url";
import type { PushSub } from "./push";
import { WEBHOOK_KINDS, type WebhookKind } from "./webhook";

/** production: https only, no private or local hosts. Otherwise (dev mode) http and any host. */
export interface EndpointOptions {
  production: boolean;
}

/** A refusal naming the request field it is about. */
export interface FieldError {
  ok: false;
  field: string;
  message: string;
}

const MAX_URL = 2048;

/** A URL we may POST notices to, as given by a player (never trusted: it is an SSRF vector). */
export function checkEndpointUrl(raw: unknown, field: string, opts: EndpointOptions): { ok: true; url: string } | FieldError {
  const no = (message: string): FieldError => ({ ok: false, field, message });
  if (typeof raw !== "string") return no("must be a string");
  if (raw.length > MAX_URL) return no(`must be at most ${MAX_URL} characters`);
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return no("is not a URL");
  }
  if (opts.production ? url.protocol !== "https:" : url.protocol !== "https:" && url.protocol !== "http:") {
    return no(opts.production ? "must be an https:// URL" : "must be an http:// or https:// URL");
  }
  if (url.username || url.password) return no("must not carry a user name or password");
  if (opts.production) {
    const reason = privateHostReason(url.hostname);
    if (reason) return no(`host ${reason}`);
  }
  return { ok: true, url: url.href };
}

/** The webhook kinds' own URL shapes (in dev mode any host, so local sinks work). */
export function checkWebhook(raw: { kind: unknown; url: unknown }, opts: EndpointOptions): { ok: true; kind: WebhookKind; url: string } | FieldError {
  if (typeof raw.kind !== "string" || !(WEBHOOK_KINDS as readonly string[]).includes(raw.kind)) {
    return { ok: false, field: "kind", message: `must be one of ${WEBHOOK_KINDS.join(", ")}` };
  }
  const kind = raw.kind as WebhookKind;
  const checked = checkEndpointUrl(raw.url, "url", opts);
  if (!checked.ok) return checked;
  const url = new URL(checked.url);
  const no = (message: string): FieldError => ({ ok: false, field: "url", message });
  const host = url.hostname.toLowerCase();
  if (kind === "ntfy" && url.pathname.replace(/\/+$/, "") === "") return no("must name the ntfy topic, e.g. https://ntfy.sh/my-topic");
  if (opts.production && kind === "discord") {
    const discordHost = ["discord.com", "discordapp.com", "ptb.discord.com", "canary.discord.com"].includes(host);
    if (!discordHost || !/^\/api\/(v\d+\/)?webhooks\/\d+\/[\w-]+\/?$/.test(url.pathname)) {
      return no("must be a Discord webhook URL: https://discord.com/api/webhooks/<id>/<token>");
    }
  }
  if (opts.production && kind === "slack") {
    if (host !== "hooks.slack.com" || !/^\/services\/[^/]+\/.+/.test(url.pathname)) {
      return no("must be a Slack incoming webhook URL: https://hooks.slack.com/services/...");
    }
  }
  return { ok: true, kind, url: checked.url };
}

/**
 * A browser's `PushSubscription.toJSON()`: {endpoint, keys: {p256dh, auth}}. The keys are
 * checked to be what encryption needs (a P-256 point the runtime accepts, a 16-byte secret),
 * so a bad subscription is refused here instead of failing at every push.
 */
export async function parsePushSubscription(raw: unknown, opts: EndpointOptions): Promise<{ ok: true; sub: PushSub } | FieldError> {
  if (typeof raw !== "object" || raw === null || Array.isArray(raw)) {
    return { ok: false, field: "subscription", message: "must be an object {endpoint, keys: {p256dh, auth}}" };
  }
  const r = raw as Record<string, unknown>;
  const endpoint = checkEndpointUrl(r.endpoint, "subscription.endpoint", opts);
  if (!endpoint.ok) return endpoint;
  const keys = r.keys;
  if (typeof keys !== "object" || keys === null || Array.isArray(keys)) {
    return { ok: false, field: "subscription.keys", message: "must be an object {p256dh, auth}" };
  }
  const { p256dh, auth } = keys as Record<string, unknown>;
  const badKey = (name: string, message: string): FieldError => ({ ok: false, field: `subscription.keys.${name}`, message });
  const point = typeof p256dh === "string" ? fromBase64Url(p256dh) : null;
  if (!point) return badKey("p256dh", "must be base64url");
  if (point.length !== 65 || point[0] !== 4) return badKey("p256dh", "must be an uncompressed P-256 public key (65 bytes starting 0x04)");
  try {
    await crypto.subtle.importKey("raw", point, { name: "ECDH", namedCurve: "P-256" }, false, []);
  } catch {
    return badKey("p256dh", "is not a point on the P-256 curve");
  }
  const secret = typeof auth === "string" ? fromBase64Url(auth) : null;
  if (!secret) return badKey("auth", "must be base64url");
  if (secret.length !== 16) return badKey("auth", "must be 16 bytes");
  return { ok: true, sub: { endpoint: endpoint.url, p256dh: p256dh as string, auth: auth as string } };
}
