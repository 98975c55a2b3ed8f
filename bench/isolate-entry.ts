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
 * - GET /api/__bench/recorded: the batches recorded since the last call, and forgets them.
 * - POST /api/__bench/replay: sends the posted batches to D1, one after the other.
 */
import worker from "../worker/index";
import type { Env } from "../worker/env";

interface Statement {
  sql: string;
  params: unknown[];
}

/** workerd's D1 statements carry their text and bound parameters. */
interface InspectableStatement {
  statement?: string;
  params?: unknown[];
}

let recorded: Statement[][] = [];

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

async function replay(db: D1Database, batches: Statement[][]): Promise<Response> {
  for (const batch of batches) await db.batch(batch.map((s) => db.prepare(s.sql).bind(...s.params)));
  return new Response(`${batches.length} batches`);
}

export default {
  async fetch(request, env, ctx) {
    const { pathname } = new URL(request.url);
    if (pathname === "/api/__bench/up") return new Response("up");
    if (pathname === "/api/__bench/d1") return replay(env.DB, [[{ sql: "SELECT 1", params: [] }]]);
    if (pathname === "/api/__bench/recorded") {
      const out = recorded;
      recorded = [];
      return Response.json(out);
    }
    if (pathname === "/api/__bench/replay") return replay(env.DB, (await request.json()) as Statement[][]);
    return worker.fetch(request, { ...env, DB: recording(env.DB) }, ctx);
  },
  scheduled: worker.scheduled,
} satisfies ExportedHandler<Env>;
