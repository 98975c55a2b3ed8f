import { createMiddleware } from "hono/factory";
import type { Env } from "../env";
import { isDevMode } from "../env";
import { randomId, type Deps } from "../games/deps";
import { meteredD1, newMeter } from "../store/meter";
import { openDb } from "../store/repository";

export type AppEnv = { Bindings: Env; Variables: { deps: Deps } };

export interface AppOptions {
  /** The clock; tests move it instead of sleeping. */
  now?: () => number;
  newId?: () => string;
}

/**
 * Builds the request's dependencies from its bindings. In dev mode D1 is metered and the
 * figures are returned in `X-D1-Usage`, which the bench reads.
 */
export function depsMiddleware(options: AppOptions) {
  return createMiddleware<AppEnv>(async (c, next) => {
    const dev = isDevMode(c.env);
    const meter = newMeter();
    const d1 = dev ? meteredD1(c.env.DB, meter) : c.env.DB;
    c.set("deps", {
      db: openDb(d1),
      env: c.env,
      now: options.now ?? (() => Date.now()),
      newId: options.newId ?? (() => crypto.randomUUID()),
    });
    await next();
    if (dev) c.header("X-D1-Usage", `round_trips=${meter.roundTrips}; rows_read=${meter.rowsRead}; rows_written=${meter.rowsWritten}`);
  });
}

export { randomId };
