import type { Context } from "hono";
import { createMiddleware } from "hono/factory";
import type { Env } from "../env";
import { isDevMode } from "../env";
import { forGame, makeDeps, type Deps, type DepsOptions } from "../deps";
import type { AfterCommit } from "./after-commit";
import { meteredD1, newMeter } from "../store/meter";

export type AppEnv = { Bindings: Env; Variables: { deps: Deps; background: Deps } };

/** `now` is the clock: tests move it instead of sleeping. */
export type AppOptions = DepsOptions;

/**
 * Builds the request's dependencies from its bindings. In dev mode D1 is metered and the
 * figures are returned in `X-D1-Usage`, which the bench reads.
 */
export function depsMiddleware(options: AppOptions) {
  // one app per isolate: its first request is the isolate's (games/advance.ts botBudget)
  let served = 0;
  return createMiddleware<AppEnv>(async (c, next) => {
    const dev = isDevMode(c.env);
    const meter = newMeter();
    const d1 = dev ? meteredD1(c.env.DB, meter) : c.env.DB;
    const first = { firstOfIsolate: served++ === 0 };
    c.set("deps", makeDeps(c.env, d1, dev ? { ...options, ...first, wrapD1: (other) => meteredD1(other, meter) } : { ...options, ...first }));
    // Work after the response is not the request's: it goes unmetered, so X-D1-Usage tells the request alone.
    c.set("background", dev ? makeDeps(c.env, c.env.DB, options) : c.get("deps"));
    await next();
    if (dev) c.header("X-D1-Usage", `round_trips=${meter.roundTrips}; rows_read=${meter.rowsRead}; rows_written=${meter.rowsWritten}`);
  });
}

/** Under /api/games/:id the request's dependencies are on the game's D1 shard (store/shards.ts). */
export const gameShardMiddleware = createMiddleware<AppEnv>(async (c, next) => {
  const id = c.req.param("id");
  if (id) {
    c.set("deps", forGame(c.get("deps"), id));
    c.set("background", forGame(c.get("background"), id));
  }
  await next();
});

/** Runs `afterCommit` once the response is out (waitUntil), or inline where there is no execution context. */
export function afterResponse(c: Context<AppEnv>, afterCommit: AfterCommit, gameId: string): Promise<void> {
  return inBackground(c, "after-commit", (deps) => afterCommit(deps, gameId));
}

/** Runs `work` (with the unmetered background deps) once the response is out, or inline where there is no execution context. */
export async function inBackground(c: Context<AppEnv>, what: string, work: (deps: Deps) => Promise<unknown>): Promise<void> {
  const running = work(c.get("background")).then(
    () => undefined,
    (e) => console.error(what, e),
  );
  try {
    c.executionCtx.waitUntil(running);
  } catch {
    await running;
  }
}
