import { Hono, type Context } from "hono";
import * as v from "valibot";
import { addressKey } from "../games/addresses";
import { claimTimeout } from "../games/claim-timeout";
import { ServiceError } from "../games/errors";
import { openGame, requireSeat } from "../games/load";
import { drainGame } from "../mail/drain";
import { checkSignature, decodeAddress } from "../mail/links";
import { escapeHtml } from "../mail/render";
import { handleResendEvent, verifyWebhook } from "../mail/webhook";
import { blockAddress, forgetWatcher, savePrefs, seatEmail, unsubscribe, watcherEmail } from "../store/seats";
import { WATCHER_SEAT } from "../mail/handover";
import { everyShard } from "../store/shards";
import { forGame } from "../deps";
import type { AfterCommit } from "./after-commit";
import { bearerToken } from "./bearer";
import { afterResponse, type AppEnv } from "./context";
import { limitBody } from "./body-limit";
import { validJson } from "./validate";
import { prefsSchema } from "./schemas";

const claimSchema = v.strictObject({ seat: v.optional(v.pipe(v.string(), v.maxLength(20))) });

/** A tiny page for a person who opened a signed link: nothing changes until they press the button. */
function page(c: Context, status: 200 | 401 | 404, title: string, paragraphs: string[], form?: { action: string; label: string }) {
  c.header("Content-Security-Policy", "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; frame-ancestors 'none'");
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><meta name="robots" content="noindex">
<title>${escapeHtml(title)}</title></head><body style="font-family:system-ui,sans-serif;max-width:34rem;margin:2rem auto;padding:0 1rem;line-height:1.5">
<h1 style="font-size:1.3rem">${escapeHtml(title)}</h1>${paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join("")}
${form ? `<form method="post" action="${escapeHtml(form.action)}"><button type="submit" style="font-size:1rem;padding:.6rem 1.2rem">${escapeHtml(form.label)}</button></form>` : ""}
</body></html>`;
  return c.html(html, status);
}

const wantsHtml = (c: Context) => !(c.req.header("accept") ?? "").includes("application/json") && c.req.header("content-type") !== "application/json";

/** What an unsubscribe link names: one seat of one game, or the digests of an address. */
async function unsubscribeTarget(c: Context<AppEnv>) {
  const env = c.get("deps").env;
  const { g, s, e, sig } = c.req.query();
  if (g && s && (await checkSignature(env, sig, "unsubscribe", g, s))) return { kind: "seat" as const, gameId: g, seat: s };
  if (e && (await checkSignature(env, sig, "unsubscribe-digest", e))) {
    const email = decodeAddress(e);
    if (email) return { kind: "digest" as const, email };
  }
  return null;
}

async function blockTarget(c: Context<AppEnv>) {
  const deps = c.get("deps");
  const { g, s, sig } = c.req.query();
  if (!g || !s || !(await checkSignature(deps.env, sig, "block", g, s))) return null;
  const watcher = s === WATCHER_SEAT;
  const db = deps.shards.forGame(g);
  const email = watcher ? await watcherEmail(db, g) : await seatEmail(db, g, s);
  return email ? { email, watcherOf: watcher ? g : null } : null;
}

const badLink = () => new ServiceError(401, "unauthorized", "This link is not valid (it may be incomplete: copy the whole link from the mail)");

/**
 * Mail endpoints: a seat's preference, claiming a timeout, one-click unsubscribe (RFC 8058),
 * "don't invite me again", and Resend's webhook. Mounted under /api.
 */
export function mailRoutes(afterCommit: AfterCommit = drainGame) {
  const app = new Hono<AppEnv>();

  app.put("/games/:id/prefs", limitBody, validJson(prefsSchema), async (c) => {
    const deps = c.get("deps");
    const opened = await openGame(deps, c.req.param("id"), bearerToken(c));
    const you = requireSeat(opened);
    const body = c.req.valid("json");
    const saved = { prefs: body.prefs ?? you.prefs, holdMinutes: body.holdMinutes ?? you.holdMinutes };
    await savePrefs(deps.db, opened.game.id, you.seat, saved);
    return c.json({ seat: you.seat, ...saved });
  });

  app.post("/games/:id/claim-timeout", limitBody, async (c) => {
    const deps = c.get("deps");
    const raw = await c.req.text();
    let body: v.InferOutput<typeof claimSchema> = {};
    if (raw.trim() !== "") {
      let json: unknown;
      try {
        json = JSON.parse(raw);
      } catch {
        throw new ServiceError(400, "bad_request", "The request body is not valid JSON");
      }
      const parsed = v.safeParse(claimSchema, json);
      if (!parsed.success) throw new ServiceError(400, "bad_request", parsed.issues.map((i) => i.message).join("; "));
      body = parsed.output;
    }
    const opened = await openGame(deps, c.req.param("id"), bearerToken(c), { forChange: true });
    const result = await claimTimeout(deps, opened, body.seat);
    await afterResponse(c, afterCommit, opened.game.id);
    return c.json(result);
  });

  app.get("/unsubscribe", async (c) => {
    const target = await unsubscribeTarget(c);
    if (!target) return page(c, 401, "This link is not valid", ["Copy the whole link from the mail, or change your mail settings on the game page."]);
    const what = target.kind === "seat" ? "the turn mails of this game" : "your daily digest";
    return page(c, 200, `Unsubscribe from ${what}?`, ["You will still get a mail when a game ends. You can change this any time on the game page."], {
      action: c.req.url,
      label: "Unsubscribe",
    });
  });

  /** RFC 8058: the mail client POSTs `List-Unsubscribe=One-Click` to the link; no cookie, no token. */
  app.post("/unsubscribe", limitBody, async (c) => {
    const deps = c.get("deps");
    const target = await unsubscribeTarget(c);
    if (!target) throw badLink();
    // a seat's game is on one shard, an address's digest seats on any (store/shards.ts)
    const changed = target.kind === "seat" ? await unsubscribe(deps.shards.forGame(target.gameId), target) : (await everyShard(deps.shards, (db) => unsubscribe(db, target))).reduce((a, b) => a + b, 0);
    if (target.kind === "seat" && changed === 0) throw new ServiceError(404, "not_found", "No such game or seat");
    if (wantsHtml(c)) return page(c, 200, "Unsubscribed", ["You will get no more turn mails for this. The game page can turn them back on."]);
    return c.json({ ok: true, unsubscribed: target.kind, seats: changed });
  });

  app.get("/block", async (c) => {
    const target = await blockTarget(c);
    if (!target) return page(c, 401, "This link is not valid", ["Copy the whole link from the invitation."]);
    return page(c, 200, "Never invite me again?", ["Nobody will be able to invite this address to a hexpost game again. Games you already play are not affected."], {
      action: c.req.url,
      label: "Don't invite me again",
    });
  });

  app.post("/block", limitBody, async (c) => {
    const deps = c.get("deps");
    const target = await blockTarget(c);
    if (!target) throw badLink();
    await blockAddress(deps.shards.home, addressKey(target.email), deps.now());
    // a watcher's game would still mail its result: it forgets the address
    if (target.watcherOf) {
      await forgetWatcher(forGame(deps, target.watcherOf).db, target.watcherOf);
      deps.cache.forget(target.watcherOf);
    }
    if (wantsHtml(c)) return page(c, 200, "Done", ["This address will not be invited to hexpost games again."]);
    return c.json({ ok: true, blocked: true });
  });

  app.post("/webhooks/resend", limitBody, async (c) => {
    const deps = c.get("deps");
    const body = await c.req.text();
    const header = (name: string) => c.req.header(`svix-${name}`) ?? c.req.header(`webhook-${name}`);
    const verified = await verifyWebhook(deps.env.RESEND_WEBHOOK_SECRET, { id: header("id"), timestamp: header("timestamp"), signature: header("signature") }, body, deps.now());
    if (!verified.ok) throw new ServiceError(401, "unauthorized", `Webhook refused: ${verified.reason}`);
    let event: unknown;
    try {
      event = JSON.parse(body);
    } catch {
      throw new ServiceError(400, "bad_request", "The webhook body is not valid JSON");
    }
    const result = await handleResendEvent(deps, event);
    if (result.malformed) throw new ServiceError(400, "bad_request", result.note ?? "The webhook event is malformed", { field: result.malformed });
    return c.json({ ok: true, ...result });
  });

  return app;
}
