/**
 * The bench's Worker entry (`wrangler dev bench/isolate-entry.ts`, never deployed): the app
 * unchanged, plus what the cold-request bench needs to split the isolate's own CPU from local
 * D1's. Every D1 batch the app sends is recorded (statement text and parameters, in order), so a
 * fresh server can be sent exactly the same batches with no computation around them: the same
 * D1 work, HTTP server and miniflare plumbing, without the app's JavaScript.
 *
 * - GET /api/__bench/up: readiness, without touching the app (its code stays cold).
 * - GET /api/__bench/d1: one trivial D1 batch, so local D1 (its isolate, miniflare's plumbing)
 *   is warm before the timed request on both servers; the app's code stays cold.
 * - GET /api/__bench/engine?ruleset=&scenario=&options=: the engine alone, as in the heavy
 *   request: the scenario's setup, then the computer's budget of actions (no D1, no HTTP app).
 * - POST /api/__bench/engine-from {ruleset, state}: the computer's budget of actions from a
 *   position mid-game (no D1, no HTTP app).
 * - GET /api/__bench/recorded: the batches recorded since the last call, and forgets them.
 * - POST /api/__bench/replay: sends the posted batches to D1, one after the other.
 * - GET /api/__bench/cron: the app's own scheduled handler (the cron), recording its batches,
 *   inside a request: miniflare's trigger handlers, which would send a real scheduled event,
 *   put more of miniflare around every request and doubled a create's measured CPU.
 */
import worker from "../worker/index";

// the live page's Durable Object, bound as LIVE as in wrangler.toml (bench/bare-worker.ts)
export { LiveGame } from "../worker/index";
import type { Env } from "../worker/env";
import { getRuleset } from "../worker/engine/registry";
import type { AnyRuleset } from "../worker/engine/ruleset";
import { benchStart, playBudget } from "./budget";

interface Statement {
  sql: string;
  params: unknown[];
}

/** workerd's D1 statements carry their text and bound parameters. */
interface InspectableStatement {
  statement?: string;
  params?: unknown[];
}

/** A call the app made to the live page's Durable Object (worker/live/live.ts): replayed like a D1 batch. */
interface LiveCall {
  live: string;
  method: "present" | "announce" | "seq";
  args: unknown[];
}

type Recorded = Statement[] | LiveCall;

let recorded: Recorded[] = [];

/**
 * The LIVE namespace, its calls recorded: in production the object's own work is its own
 * request's CPU, not the Worker's, so the replay server makes the same calls (its cold start included).
 */
function recordingLive(ns: DurableObjectNamespace | undefined): DurableObjectNamespace | undefined {
  if (!ns) return ns;
  const names = new WeakMap<object, string>();
  return new Proxy(ns, {
    get(target, prop) {
      if (prop === "idFromName")
        return (name: string) => {
          const id = target.idFromName(name);
          names.set(id, name);
          return id;
        };
      if (prop === "get")
        return (id: DurableObjectId) => {
          const stub = target.get(id) as unknown as Record<string, (...args: unknown[]) => unknown>;
          const live = names.get(id) ?? "";
          const call = (method: LiveCall["method"]) => (...args: unknown[]) => {
            recorded.push({ live, method, args });
            return stub[method]!(...args);
          };
          return { present: call("present"), announce: call("announce"), seq: call("seq") };
        };
      const value = Reflect.get(target, prop);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
}

function recording(db: D1Database): D1Database {
  return new Proxy(db, {
    get(target, prop, receiver) {
      if (prop === "batch") {
        return (statements: D1PreparedStatement[]) => {
          recorded.push(
            statements.map((s) => {
              const inspect = s as unknown as InspectableStatement;
              return { sql: inspect.statement ?? "", params: inspect.params ?? [] };
            }),
          );
          return target.batch(statements);
        };
      }
      const value = Reflect.get(target, prop, receiver);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
}

function engineOnly(params: URLSearchParams): Response {
  const ruleset = getRuleset(params.get("ruleset") ?? "");
  if (!ruleset) return new Response("no such ruleset", { status: 404 });
  const start = benchStart(ruleset, params.get("scenario") ?? "", JSON.parse(params.get("options") ?? "{}"));
  return start.ok ? budgetResponse(ruleset, start.state) : new Response(start.message, { status: 400 });
}

async function engineFrom(request: Request): Promise<Response> {
  const { ruleset: id, state } = (await request.json()) as { ruleset: string; state: unknown };
  const ruleset = getRuleset(id);
  if (!ruleset) return new Response("no such ruleset", { status: 404 });
  return budgetResponse(ruleset, state);
}

function budgetResponse(ruleset: AnyRuleset, state: unknown): Response {
  const played = playBudget(ruleset, state);
  return played.ok ? new Response(`${played.played} actions`) : new Response(played.message, { status: 500 });
}

async function replay(env: Env, batches: Recorded[]): Promise<Response> {
  const db = env.DB;
  for (const batch of batches) {
    if (Array.isArray(batch)) await db.batch(batch.map((s) => db.prepare(s.sql).bind(...s.params)));
    else if (env.LIVE) await (env.LIVE.get(env.LIVE.idFromName(batch.live)) as unknown as Record<string, (...args: unknown[]) => Promise<unknown>>)[batch.method]!(...batch.args);
  }
  return new Response(`${batches.length} batches`);
}

export default {
  async fetch(request, env, ctx) {
    const { pathname } = new URL(request.url);
    if (pathname === "/api/__bench/up") return new Response("up");
    if (pathname === "/api/__bench/d1") return replay(env, [[{ sql: "SELECT 1", params: [] }]]);
    if (pathname === "/api/__bench/engine") return engineOnly(new URL(request.url).searchParams);
    if (pathname === "/api/__bench/engine-from") return engineFrom(request);
    if (pathname === "/api/__bench/recorded") {
      const out = recorded;
      recorded = [];
      return Response.json(out);
    }
    if (pathname === "/api/__bench/replay") return replay(env, (await request.json()) as Recorded[]);
    if (pathname === "/api/__bench/cron") {
      const controller: ScheduledController = { cron: "* * * * *", scheduledTime: Date.now(), noRetry() {} };
      await worker.scheduled(controller, { ...env, DB: recording(env.DB), LIVE: recordingLive(env.LIVE) }, ctx);
      return new Response("cron run started");
    }
    // BENCH_RECORD=off: the app exactly as deployed, for the timed server of a pair (its twin records)
    if ((env as Env & { BENCH_RECORD?: string }).BENCH_RECORD === "off") return worker.fetch(request, env, ctx);
    return worker.fetch(request, { ...env, DB: recording(env.DB), LIVE: recordingLive(env.LIVE) }, ctx);
  },
} satisfies ExportedHandler<Env>;
