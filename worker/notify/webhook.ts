import { type ChannelResult, type Notice, networkFailure, refused, resultOf } from "./notice";

/**
 * The webhook shapes a seat can point its notices at:
 *   discord  an incoming webhook (https://discord.com/api/webhooks/ID/TOKEN): {content}
 *   slack    an incoming webhook (https://hooks.slack.com/services/...): {text}
 *   ntfy     a topic URL (https://ntfy.sh/TOPIC): the line as text/plain, Title/Click/Tags headers
 *   json     anything else: hexpost's own JSON, signed when the channel has a secret
 * The README's "Webhooks and push" section documents the bodies and the signature.
 */
export type WebhookKind = "discord" | "slack" | "ntfy" | "json";

export const WEBHOOK_KINDS: readonly WebhookKind[] = ["discord", "slack", "ntfy", "json"];

/** The generic body's `type` and `version`: a receiver switches on them. */
export const JSON_TYPE = "hexpost.notice";
export const JSON_VERSION = 1;

const TIMEOUT_MS = 5_000;
const DISCORD_MAX = 2000;
const USER_AGENT = "hexpost-webhook/1";

/**
 * The request for one notice. The generic json body is signed with `secret` when there is one:
 * X-Hexpost-Timestamp is the sending time in unix seconds, and X-Hexpost-Signature is
 * `sha256=` + hex(HMAC-SHA256(secret, `${timestamp}.${body}`)) over the exact body bytes.
 * Rejects only when `url` is not a URL (checkWebhook refuses those at input).
 */
export async function webhookRequest(kind: WebhookKind, url: string, notice: Notice, secret?: string): Promise<Request> {
  const headers = new Headers({ "user-agent": USER_AGENT });
  if (notice.id) headers.set("x-hexpost-delivery", notice.id);
  let body: string;
  switch (kind) {
    case "discord":
      headers.set("content-type", "application/json");
      // allowed_mentions: a player named "@everyone" must not ping a whole server
      body = JSON.stringify({ content: discordContent(notice), allowed_mentions: { parse: [] } });
      break;
    case "slack":
      headers.set("content-type", "application/json");
      body = JSON.stringify({ text: slackText(notice), unfurl_links: false, unfurl_media: false });
      break;
    case "ntfy":
      headers.set("content-type", "text/plain; charset=utf-8");
      headers.set("title", headerText(notice.title));
      headers.set("click", headerText(notice.url));
      headers.set("tags", `crossed_swords,${notice.kind.replace(/[^a-z0-9_]/gi, "")}`);
      body = notice.line;
      break;
    case "json": {
      headers.set("content-type", "application/json");
      const { gameId, kind: noticeKind, title, line, url: link, at, id } = notice;
      body = JSON.stringify({ type: JSON_TYPE, version: JSON_VERSION, notice: { gameId, kind: noticeKind, title, line, url: link, at, ...(id ? { id } : {}) } });
      if (secret) {
        const timestamp = String(Math.floor(Date.now() / 1000));
        headers.set("x-hexpost-timestamp", timestamp);
        headers.set("x-hexpost-signature", `sha256=${await hmacHex(secret, `${timestamp}.${body}`)}`);
      }
      break;
    }
  }
  // manual: a 3xx is a failure, never followed (a public host must not bounce us elsewhere)
  return new Request(url, { method: "POST", headers, body, redirect: "manual" });
}

/** Posts one notice. A webhook is never `gone`: a 404 may be a typo its owner fixes, so it is a plain failure. */
export async function sendWebhook(kind: WebhookKind, url: string, notice: Notice, secret?: string, fetcher: typeof fetch = fetch): Promise<ChannelResult> {
  let request: Request;
  try {
    request = await webhookRequest(kind, url, notice, secret);
  } catch (e) {
    return refused(`cannot build the webhook request: ${e instanceof Error ? e.message : String(e)}`);
  }
  try {
    return await resultOf(await fetcher(request, { signal: AbortSignal.timeout(TIMEOUT_MS) }), []);
  } catch (e) {
    return networkFailure(e);
  }
}

/** hex(HMAC-SHA256(secret, message)), the secret and the message taken as UTF-8. */
export async function hmacHex(secret: string, message: string): Promise<string> {
  const enc = new TextEncoder();
  const key = await crypto.subtle.importKey("raw", enc.encode(secret), { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
  const mac = new Uint8Array(await crypto.subtle.sign("HMAC", key, enc.encode(message)));
  return Array.from(mac, (b) => b.toString(16).padStart(2, "0")).join("");
}

/** **title**, the line, and the link in <> (no preview card); the link is never the part cut. */
function discordContent(n: Notice): string {
  const link = `\n<${n.url}>`;
  const text = `**${n.title}**\n${n.line}`;
  const room = DISCORD_MAX - link.length;
  return (text.length <= room ? text : `${text.slice(0, Math.max(0, room - 1))}…`) + link;
}

/** Slack's mrkdwn: &, < and > escaped in the text, the link in <url|label> form. */
function slackText(n: Notice): string {
  const esc = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
  return `*${esc(n.title)}*\n${esc(n.line)}\n<${esc(n.url)}|Open the game>`;
}

/**
 * A header value: one line, and outside ASCII an RFC 2047 encoded-word (ntfy decodes those;
 * a raw non-Latin-1 character would make the request itself throw).
 */
function headerText(s: string): string {
  const line = s.replace(/[\r\n\t]+/g, " ").trim();
  if (/^[\x20-\x7e]*$/.test(line)) return line;
  let bin = "";
  for (const b of new TextEncoder().encode(line)) bin += String.fromCharCode(b);
  return `=?UTF-8?B?${btoa(bin)}?=`;
}
