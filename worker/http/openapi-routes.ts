/**
 * The API described: /api/openapi.json is generated from the app's routes and the valibot
 * schemas that validate their requests (validate.ts keeps each one on its middleware; they
 * become JSON Schema through @valibot/to-json-schema); this file adds the words (a summary
 * per operation, the error shape). /api/docs renders it as a readable page, with no script
 * from elsewhere. (hono-openapi would do the same, but it pulls zod into the Worker.)
 */
import { toJsonSchema } from "@valibot/to-json-schema";
import type { Hono } from "hono";
import type { AppEnv } from "./context";
import { VALIDATES, type Validates } from "./validate";

/** One line per operation, keyed "METHOD /path" as OpenAPI writes paths. */
export const SUMMARIES: Readonly<Record<string, string>> = {
  "GET /api/health": "Liveness: {ok: true}.",
  "GET /api/rulesets": "Rulesets, their scenarios, seats, options and the kinds of owed choice with their standing-order policies.",
  "POST /api/games": "Create a game: the other humans are mailed an invitation, the creator gets their own link. `scenario` is an id or an inline scenario.",
  "GET /api/games/{id}": "The game as your seat (Bearer token) or a spectator may see it.",
  "GET /api/games/{id}/log": "The log, with the start position when read from the beginning, each turn's actions, recorded draws, events and English lines.",
  "GET /api/games/{id}/legal": "Every action your seat may send now, each {action, label, from?, to?}; a ruleset's query narrows the list.",
  "GET /api/games/{id}/units/{unit}": "What one of your seat's units could do: {seat, options: {unit, acting, choices, reason?} | null}; the acting unit's choices are legal now, another's wait for its activation (musket, moscow's movement; 404 where the ruleset explains no unit).",
  "GET /api/games/{id}/export": "The whole record (start, log with draws, final state; the seed once the game is over), for `npm run verify`.",
  "POST /api/games/{id}/actions": "Submit a batch of actions made against `seq` (all or nothing); Idempotency-Key makes a retry safe.",
  "POST /api/games/{id}/resign": "Resign: with two seats the other wins; with more, the computer takes your seat.",
  "POST /api/games/{id}/claim-timeout": "After another seat's deadline passed: with two seats you win; with more, the computer takes the late seat.",
  "POST /api/games/{id}/continue": "The computer plays on where the last request's budget stopped it (anyone may ask; nothing happens when nothing waits).",
  "PUT /api/games/{id}/orders": "Standing orders: for each kind of owed choice, the policy that answers it at once (null: ask me).",
  "PUT /api/games/{id}/vacation": "Vacation: {days: 1-14} stops your move clock for that long (14 days a game in all); {days: 0} comes back now.",
  "POST /api/games/{id}/pause": "Proposes to pause the game until {until} (ms since epoch, one hour to 30 days away); it starts when every human seat agrees.",
  "POST /api/games/{id}/resume": "Proposes to end the pause now; the clocks run again when every human seat agrees.",
  "POST /api/games/{id}/proposal": "Answers the open proposal to pause or resume: {agree: true} or {agree: false} (declining closes it).",
  "POST /api/games/{id}/rematch": "After the game: asks to play again ({accept: false} declines); once every human seat has asked, a new game starts, everyone one seat on, with a new seed.",
  "PUT /api/games/{id}/prefs": "Your seat's mail settings: prefs (every_turn, digest or none) and holdMinutes (0-1440: how long a notice's mail waits for you to open the game; opening it drops the mail).",
  "GET /api/games/{id}/channels": "Your seat's push and webhook channels (its own and its address's), its hold time, and the VAPID key a page subscribes with.",
  "POST /api/games/{id}/channels": "Adds a channel: {kind: push, subscription} or {kind: discord|slack|ntfy|json, url}, scope seat (default) or address (every game of your address). A json webhook's signing secret is answered once. At most 5 per seat.",
  "DELETE /api/games/{id}/channels/{channel}": "Removes one of your seat's (or your address's) channels.",
  "POST /api/games/{id}/channels/{channel}/test": "Sends a test notice on the channel now and answers what its endpoint said.",
  "GET /api/games/{id}/live": "WebSocket (Upgrade: websocket): the page's live channel. Query seat, epoch, expires, sig from the game's `live` ticket (a seat's or a spectator's; 401 without a valid one). Messages in: \"visible\", \"hidden\", \"ping\"; out: {type: \"moved\", seq}, \"pong\".",
  "POST /api/my-games": "Mails the address a list of every game it plays, each with its seat's link; the answer is the same whether or not it plays here.",
  "GET /api/unsubscribe": "The one-click unsubscribe link of a mail: shows a confirmation page, changes nothing.",
  "POST /api/unsubscribe": "One-click unsubscribe (RFC 8058).",
  "GET /api/block": "The \"don't invite me again\" link of an invitation: shows a confirmation page.",
  "POST /api/block": "Never invite this address again.",
  "POST /api/webhooks/resend": "Resend's bounce and complaint events (signature checked).",
  "GET /api/dev/outbox": "Dev mode only: the mails written, newest first, with their links.",
  "POST /api/dev/cron": "Dev mode only: run the cron now.",
  "POST /api/dev/bare-batch": "Dev mode only: the bench's yardstick, a submission's rows written as one bare D1 batch to a scratch game.",
  "GET /api/openapi.json": "This document.",
  "GET /api/docs": "This document as a page.",
};

const ERROR: { type: "object"; required: string[]; properties: Record<string, { type: "string" | "object" | "integer"; description?: string }> } = {
  type: "object",
  required: ["error", "message"],
  properties: {
    error: { type: "string", description: "A stable code: the service's (bad_request, unauthorized, wrong_player, not_found, stale_seq, game_over...) or, with 422, the ruleset's." },
    message: { type: "string", description: "For people: names the field, the unit, the hex and the rule." },
    details: { type: "object" },
    index: { type: "integer", description: "The failing action of a batch." },
  },
};

type Schema = Record<string, unknown>;

/** What every push and webhook channel carries (worker/notify/notice.ts). */
const NOTICE: Schema = {
  type: "object",
  required: ["gameId", "kind", "title", "line", "url", "at"],
  properties: {
    gameId: { type: "string" },
    kind: { type: "string", description: "snake_case: your_turn, choice_owed, reminder, deadline, eliminated, pause, vacation, rematch, game_over, test" },
    title: { type: "string", description: "What the notice is, and the game" },
    line: { type: "string", description: "One line of what happened" },
    url: { type: "string", format: "uri", description: "The seat's link: it holds the seat's token, treat it as a secret" },
    at: { type: "integer", description: "ms since epoch" },
    id: { type: "string", description: "The delivery's id, the same on every try (also in X-Hexpost-Delivery): drop a repeat" },
  },
};

/** The body a generic (json) webhook channel receives, and how it is signed. */
const NOTICE_WEBHOOK: Schema = {
  post: {
    summary: "A notice to a seat's generic JSON webhook (kind json). Discord, Slack and ntfy channels get their own formats (README, Webhooks and push).",
    parameters: [
      { name: "X-Hexpost-Delivery", in: "header", required: true, schema: { type: "string" }, description: "The delivery's id, the same on every try: a repeat can be dropped" },
      { name: "X-Hexpost-Timestamp", in: "header", required: false, schema: { type: "string" }, description: "Unix seconds when it was sent (with a secret)" },
      {
        name: "X-Hexpost-Signature",
        in: "header",
        required: false,
        schema: { type: "string", pattern: "^sha256=[0-9a-f]{64}$" },
        description: "sha256=hex(HMAC-SHA256(secret, `${timestamp}.${raw body}`)), the secret answered when the channel was added",
      },
    ],
    requestBody: {
      required: true,
      content: {
        "application/json": {
          schema: {
            type: "object",
            required: ["type", "version", "notice"],
            properties: { type: { const: "hexpost.notice" }, version: { const: 1 }, notice: { $ref: "#/components/schemas/Notice" } },
          },
        },
      },
    },
    responses: { "2XX": { description: "Delivered. 429 (Retry-After honoured) and 5xx are retried; any other answer fails the delivery (5 in a row switch the channel off)." } },
  },
};
interface Operation {
  summary: string;
  parameters?: { name: string; in: "path" | "query"; required: boolean; schema: Schema }[];
  requestBody?: { required: true; content: { "application/json": { schema: Schema } } };
  responses: Record<string, unknown>;
}
type Document = { openapi: string; info: Schema; paths: Record<string, Record<string, Operation>>; webhooks: Record<string, Schema>; components: Schema };

const schemaOf = (v: Validates) => toJsonSchema(v.schema, { target: "draft-2020-12", errorMode: "ignore" }) as Schema;

/** The OpenAPI 3.1 document of `app`: every /api route, the validated request schemas, our words. */
export function openApiDocument(app: Hono<AppEnv>): Document {
  const paths: Document["paths"] = {};
  for (const route of app.routes) {
    if (route.method === "ALL" || !route.path.startsWith("/api/")) continue;
    const path = route.path.replace(/:(\w+)/g, "{$1}");
    const method = route.method.toLowerCase();
    const operation = (paths[path] ??= {})[method] ??= {
      summary: SUMMARIES[`${route.method} ${path}`] ?? "",
      responses: {
        200: { description: "OK" },
        default: { description: "An error", content: { "application/json": { schema: { $ref: "#/components/schemas/Error" } } } },
      },
    };
    for (const name of path.match(/\{(\w+)\}/g) ?? []) {
      const param = name.slice(1, -1);
      operation.parameters ??= [];
      if (!operation.parameters.some((p) => p.name === param)) operation.parameters.push({ name: param, in: "path", required: true, schema: { type: "string" } });
    }
    const validates = (route.handler as unknown as Record<symbol, Validates | undefined>)[VALIDATES];
    if (!validates) continue;
    const schema = schemaOf(validates);
    if (validates.target === "json") {
      operation.requestBody = { required: true, content: { "application/json": { schema } } };
      operation.responses[400] = { description: "A malformed request" };
    } else {
      const required = new Set((schema.required as string[] | undefined) ?? []);
      for (const [name, property] of Object.entries((schema.properties as Record<string, Schema> | undefined) ?? {})) {
        (operation.parameters ??= []).push({ name, in: "query", required: required.has(name), schema: property });
      }
    }
  }
  return {
    openapi: "3.1.0",
    info: { title: "hexpost", version: "2", description: "Play hex-and-counter wargames by email. A seat acts with `Authorization: Bearer <token>` from its link." },
    paths,
    webhooks: { notice: NOTICE_WEBHOOK },
    components: { schemas: { Error: ERROR, Notice: NOTICE } },
  };
}

const PAGE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>hexpost API</title>
<style>
body{font:16px/1.5 system-ui,sans-serif;max-width:60rem;margin:0 auto;padding:1rem;color:#222}
h2{font-size:1.05rem;margin:1.5rem 0 .25rem;font-family:ui-monospace,monospace}
.m{display:inline-block;min-width:3.5rem;font-weight:700}
pre{background:#f4f4f4;padding:.5rem;overflow:auto;font-size:13px}
</style></head>
<body><h1>hexpost API</h1><p>Generated from the schemas that validate requests: <a href="/api/openapi.json">openapi.json</a> (OpenAPI 3.1).</p>
<main id="ops">Loading…</main>
<script>
fetch("/api/openapi.json").then(r => r.json()).then(doc => {
  const main = document.getElementById("ops");
  main.textContent = "";
  for (const [path, methods] of Object.entries(doc.paths)) for (const [method, op] of Object.entries(methods)) {
    const h = document.createElement("h2");
    h.innerHTML = '<span class="m"></span> ';
    h.firstChild.textContent = method.toUpperCase();
    h.append(path);
    const p = document.createElement("p");
    p.textContent = op.summary || "";
    main.append(h, p);
    const body = op.requestBody && op.requestBody.content && op.requestBody.content["application/json"];
    const params = (op.parameters || []).map(x => x.in + " " + x.name + (x.required ? "" : "?")).join(", ");
    if (params) { const q = document.createElement("p"); q.textContent = "Parameters: " + params; main.append(q); }
    if (body) { const pre = document.createElement("pre"); pre.textContent = JSON.stringify(body.schema, null, 2); main.append(pre); }
  }
});
</script></body></html>`;

/** GET /api/openapi.json and GET /api/docs, on the root app (they describe all of it). */
export function openApiRoutes(app: Hono<AppEnv>) {
  let cached: Document | null = null;
  app.get("/api/openapi.json", (c) => c.json((cached ??= openApiDocument(app))));
  app.get("/api/docs", (c) => c.html(PAGE));
}
