/** Replies by mail in tests: a raw RFC 822 message, a hand-made ForwardableEmailMessage, the Worker's email(). */
import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import worker from "../../../worker/index";
import { composeMail, type MailRow } from "../../../worker/mail/compose";
import { OUTBOX_MADE_ORDER } from "../helpers";
import { dbOf } from "../shard-db";

let counter = 0;

export interface ReplyOptions {
  from: string;
  to: string;
  body: string;
  /** The Authentication-Results value; null: none at all. Default: SPF and DKIM pass for the From's domain. */
  auth?: string | null;
  messageId?: string;
  envelopeFrom?: string;
  html?: string;
  extraHeaders?: string[];
}

export const passFor = (from: string) => {
  const domain = from.slice(from.lastIndexOf("@") + 1);
  return `mx.cloudflare.net; dkim=pass header.d=${domain} header.s=s1 header.b=AbC; spf=pass (mx.cloudflare.net: domain of ${from} designates 192.0.2.10 as permitted sender) smtp.mailfrom=${from}; dmarc=pass header.from=${domain}`;
};

export function rawReply(o: ReplyOptions): string {
  const id = o.messageId ?? `<reply-${++counter}-${Math.random().toString(36).slice(2)}@mail.example.com>`;
  const auth = o.auth === undefined ? passFor(o.from) : o.auth;
  const head = [
    ...(auth === null ? [] : [`Authentication-Results: ${auth}`]),
    ...(o.extraHeaders ?? []),
    `From: Player <${o.from}>`,
    `To: ${o.to}`,
    "Subject: Re: [hexpost] your move",
    `Message-ID: ${id}`,
    "In-Reply-To: <game.x.y@hexpost.test>",
    "Date: Wed, 25 Nov 2026 12:00:00 +0000",
    "MIME-Version: 1.0",
  ];
  if (o.html !== undefined) return [...head, "Content-Type: text/html; charset=utf-8", "", o.html, ""].join("\r\n");
  return [...head, "Content-Type: text/plain; charset=utf-8", "", o.body, ""].join("\r\n");
}

export function forwardable(raw: string, envelope: { from: string; to: string }, rawSize?: number) {
  const bytes = new TextEncoder().encode(raw);
  const state = { rejected: null as string | null };
  const headers = new Headers();
  for (const line of raw.split("\r\n\r\n")[0]!.split("\r\n")) {
    const i = line.indexOf(":");
    if (i > 0) headers.append(line.slice(0, i), line.slice(i + 1).trim());
  }
  const message = {
    from: envelope.from,
    to: envelope.to,
    raw: new Response(bytes).body!,
    rawSize: rawSize ?? bytes.length,
    headers,
    setReject: (reason: string) => {
      state.rejected = reason;
    },
    forward: async () => ({ messageId: "fwd" }),
    reply: async () => ({ messageId: "re" }),
  } as unknown as ForwardableEmailMessage;
  return { message, state };
}

/** Sends a reply through the Worker's email() handler, as Email Routing would. */
export async function sendReply(o: ReplyOptions & { rawSize?: number; raw?: string; env?: Partial<Cloudflare.Env> }) {
  const raw = o.raw ?? rawReply(o);
  const { message, state } = forwardable(raw, { from: o.envelopeFrom ?? o.from, to: o.to }, o.rawSize);
  const ctx = createExecutionContext();
  await worker.email!(message, { ...env, ...(o.env ?? {}) } as never, ctx);
  await waitOnExecutionContext(ctx);
  return state;
}

export interface MenuMail {
  id: string;
  kind: string;
  replyTo: string | null;
  text: string;
  payload: Record<string, any>;
}

/** The mails to `recipient` in a game, oldest first (by their ids, as made: email() dates its rows by the real clock, the app by the test's), composed as they are sent. */
export async function mailsTo(gameId: string, recipient: string): Promise<MenuMail[]> {
  const rows = (await dbOf(gameId).prepare(`SELECT * FROM outbox WHERE game_id = ? AND recipient = ? AND channel_id IS NULL ORDER BY ${OUTBOX_MADE_ORDER}`).bind(gameId, recipient).all<Record<string, any>>()).results;
  return Promise.all(
    rows.map(async (r) => {
      const row: MailRow = { id: r.id, gameId: r.game_id, seat: r.seat, kind: r.kind, recipient: r.recipient, payload: JSON.parse(r.payload), createdAt: r.created_at };
      const mail = await composeMail(env as never, row);
      return { id: r.id, kind: r.kind, replyTo: mail.headers["Reply-To"] ?? null, text: mail.text, payload: row.payload };
    }),
  );
}

/** The newest mail to `recipient` that carries a menu. */
export async function lastMenuMail(gameId: string, recipient: string): Promise<MenuMail> {
  const withMenu = (await mailsTo(gameId, recipient)).filter((m) => m.replyTo);
  const last = withMenu.at(-1);
  if (!last) throw new Error(`no mail with a menu to ${recipient} in ${gameId}`);
  return last;
}

export const gameSeq = async (gameId: string) => (await dbOf(gameId).prepare("SELECT seq FROM games WHERE id = ?").bind(gameId).first<{ seq: number }>())!.seq;
