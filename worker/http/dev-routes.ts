import { Hono, type Context } from "hono";
import { isDevMode } from "../env";
import { composeMail } from "../mail/compose";
import { runCron } from "../cron";
import { escapeHtml } from "../mail/render";
import { bareBatch } from "../store/bare-batch";
import { recentMail } from "../store/outbox";
import { everyShard } from "../store/shards";
import { depsMiddleware, type AppEnv, type AppOptions } from "./context";
import { notFoundRoute } from "./errors";

type Deps = AppEnv["Variables"]["deps"];

/** The dev mailbox: every mail the outbox holds, newest first, rendered as it is (or would be) sent. */
export async function devOutbox(deps: Deps, options: { limit?: number; gameId?: string; to?: string } = {}) {
  const limit = Math.min(Math.max(options.limit ?? 50, 1), 200);
  // every shard's outbox, newest first (store/shards.ts)
  const rows = (await everyShard(deps.shards, (db) => recentMail(db, { ...options, limit })))
    .flat()
    .sort((a, b) => b.createdAt - a.createdAt || b.id.localeCompare(a.id))
    .slice(0, limit);
  return Promise.all(
    rows.map(async (r) => {
      const mail = await composeMail(deps.env, r);
      return {
        id: r.id,
        gameId: r.gameId,
        seat: r.seat,
        kind: r.kind,
        to: r.recipient,
        status: r.status,
        attempts: r.attempts,
        lastError: r.lastError,
        createdAt: r.createdAt,
        sentAt: r.sentAt,
        nextAttemptAt: r.nextAttemptAt,
        subject: mail.subject,
        link: mail.link,
        headers: mail.headers,
        text: mail.text,
        html: mail.html,
      };
    }),
  );
}

const devOnly = async (c: Context<AppEnv>, next: () => Promise<void>) => {
  if (!isDevMode(c.env)) return notFoundRoute(c);
  await next();
};

type DevMail = Awaited<ReturnType<typeof devOutbox>>[number];

/** A mail with a menu can be answered from here: the script posts a raw reply to the local email handler. */
const replyBox = (m: DevMail) => `<form class="reply" style="margin-top:.6rem" data-from="${escapeHtml(m.to)}" data-to="${escapeHtml(m.headers["Reply-To"]!)}" data-subject="${escapeHtml(m.subject)}" data-in-reply-to="${escapeHtml(m.headers["Message-ID"] ?? "")}" data-quoted="${escapeHtml(m.text)}">
<label><b>Reply</b> (as ${escapeHtml(m.to)}, to ${escapeHtml(m.headers["Reply-To"]!)}): <input name="text" placeholder="1 3 end" style="width:12rem"></label> <button type="submit">Send reply</button> <span class="reply-status"></span>
</form>`;

/**
 * Builds an RFC 822 reply (Message-ID and In-Reply-To included, the mail quoted below as a
 * client would) and posts it to /cdn-cgi/handler/email, the email() handler of `npm start`
 * (wrangler dev). It adds no Authentication-Results: dev mode accepts that (inbound/authenticity.ts).
 */
const REPLY_SCRIPT = `
for (const form of document.querySelectorAll("form.reply")) {
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    const d = form.dataset;
    const status = form.querySelector(".reply-status");
    const id = "<dev-" + Date.now().toString(36) + Math.random().toString(36).slice(2) + "@localhost>";
    const quoted = d.quoted.split("\\n").map((l) => (l ? "> " + l : ">")).join("\\r\\n");
    const raw = ["From: <" + d.from + ">", "To: <" + d.to + ">", "Subject: Re: " + d.subject, "Message-ID: " + id, "In-Reply-To: " + d.inReplyTo,
      "Date: " + new Date().toUTCString(), "MIME-Version: 1.0", "Content-Type: text/plain; charset=utf-8", "",
      form.elements.text.value, "", "On " + new Date().toUTCString() + ", hexpost wrote:", quoted, ""].join("\\r\\n");
    status.textContent = "sending...";
    const res = await fetch("/cdn-cgi/handler/email?from=" + encodeURIComponent(d.from) + "&to=" + encodeURIComponent(d.to), { method: "POST", body: raw });
    status.textContent = res.ok ? "sent: reloading" : "refused: " + res.status + " " + (await res.text());
    if (res.ok) setTimeout(() => location.reload(), 700);
  });
}`;

function mailboxPage(mails: Awaited<ReturnType<typeof devOutbox>>, nonce = ""): string {
  const items = mails
    .map(
      (m) => `<article style="border:1px solid #ccc;border-radius:6px;margin:0 0 1.2rem;padding:.8rem;background:#fff">
<div style="font-size:.85rem;color:#555">${escapeHtml(new Date(m.createdAt).toISOString())} · <b>${escapeHtml(m.kind)}</b> · ${escapeHtml(m.status)}${m.attempts ? ` (${m.attempts} tries)` : ""}${m.lastError ? ` · ${escapeHtml(m.lastError)}` : ""}</div>
<div><b>To:</b> ${escapeHtml(m.to)}</div>
<div><b>Subject:</b> ${escapeHtml(m.subject)}</div>
${m.link ? `<div><b>Link:</b> <a class="seat-link" href="${escapeHtml(m.link)}">${escapeHtml(m.link)}</a></div>` : ""}
<details><summary>Plain text</summary><pre style="white-space:pre-wrap">${escapeHtml(m.text)}</pre></details>
<details><summary>HTML</summary><iframe sandbox="" style="width:100%;height:480px;border:1px solid #ddd" srcdoc="${escapeHtml(m.html)}"></iframe></details>
<details><summary>Headers</summary><pre style="white-space:pre-wrap">${escapeHtml(Object.entries(m.headers).map(([k, v]) => `${k}: ${v}`).join("\n"))}</pre></details>
${m.headers["Reply-To"] ? replyBox(m) : ""}
</article>`,
    )
    .join("\n");
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>hexpost dev mailbox</title></head>
<body style="font-family:system-ui,sans-serif;max-width:52rem;margin:1rem auto;padding:0 1rem;background:#f4f2ec;overflow-wrap:anywhere">
<h1>Dev mailbox</h1>
<p>Mail is not sent in dev mode: it stays here (newest first) and in the console. JSON: <a href="/api/dev/outbox">/api/dev/outbox</a>.</p>
<form method="post" action="/api/dev/cron"><button type="submit">Run the cron now</button> (also <code>GET /__scheduled</code> with <code>npm start</code>)</form>
${items || "<p>No mail yet. Create a game.</p>"}
<script nonce="${nonce}">${REPLY_SCRIPT}</script>
</body></html>`;
}

/**
 * Dev mode only (DEV_MODE=true); 404 otherwise, so a deploy never exposes the mailbox.
 * GET /api/dev/outbox, GET /dev/mail, POST /api/dev/cron, POST /api/dev/bare-batch (the
 * bench's yardstick). Mounted at the root.
 */
export function devRoutes(options: AppOptions = {}) {
  const app = new Hono<AppEnv>();
  app.use("/dev/*", devOnly);
  app.use("/api/dev/*", devOnly);
  // /api/* already has the deps middleware; /dev/mail is outside it.
  app.use("/dev/*", depsMiddleware(options));

  app.get("/api/dev/outbox", async (c) => {
    const q = c.req.query();
    const mails = await devOutbox(c.get("deps"), { limit: q.limit ? Number(q.limit) : undefined, gameId: q.game, to: q.to });
    return c.json({ mails });
  });

  app.post("/api/dev/cron", async (c) => {
    const report = await runCron(c.get("deps"));
    if ((c.req.header("accept") ?? "").includes("text/html")) return c.redirect("/dev/mail", 303);
    return c.json(report);
  });

  // the bench's yardstick: a submission's rows as one bare batch, against a scratch game
  app.post("/api/dev/bare-batch", async (c) => {
    const body = (await c.req.json()) as { gameId: string; seq: number; seat: string; actions: unknown[]; events: unknown[]; state: unknown };
    await bareBatch(c.get("deps").db, { ...body, at: c.get("deps").now() });
    return c.json({ seq: body.seq });
  });

  app.get("/dev/mail", async (c) => {
    c.header("Cache-Control", "no-store");
    const nonce = crypto.randomUUID().replace(/-/g, "");
    c.header("Content-Security-Policy", `default-src 'none'; style-src 'unsafe-inline'; frame-src 'self'; form-action 'self'; img-src data:; script-src 'nonce-${nonce}'; connect-src 'self'`);
    return c.html(mailboxPage(await devOutbox(c.get("deps"), { limit: Number(c.req.query("limit") ?? 50) }), nonce));
  });

  return app;
}
