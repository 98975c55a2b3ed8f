import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { createApp, type AppConfig } from "../../worker/http/app";

/**
 * ORDER BY terms for outbox rows in the order they were made: ids sort as made (worker/deps.ts
 * orderedId), but a held mail's id begins with its game and seat (worker/store/held-ids.ts), so
 * its own part is compared.
 */
export const OUTBOX_MADE_ORDER = "CASE WHEN substr(id, 1, 1) = '~' THEN substr(id, length(game_id) + length(seat) + 4) ELSE id END";
/** ... by the time they were written first (a row may be written for a later time than its id's). */
export const OUTBOX_WRITTEN_ORDER = `created_at, ${OUTBOX_MADE_ORDER}`;

/** A clock the test moves by hand. */
export function testClock(start = Date.UTC(2026, 10, 22, 12)) {
  let now = start;
  return {
    now: () => now,
    advance(ms: number) {
      now += ms;
    },
    set(ms: number) {
      now = ms;
    },
  };
}

export type Api = ReturnType<typeof api>;

/** Calls the real app (real D1 binding, real migrations) with a test clock. */
export function api(config: AppConfig = {}, envOverrides: Partial<Cloudflare.Env> = {}) {
  const app = createApp(config);
  const call = async (method: string, path: string, body?: unknown, headers: Record<string, string> = {}) => {
    const init: RequestInit = { method, headers: { ...headers } };
    if (body !== undefined) {
      init.body = typeof body === "string" ? body : JSON.stringify(body);
      (init.headers as Record<string, string>)["content-type"] = "application/json";
    }
    const ctx = createExecutionContext();
    const res = await app.fetch(new Request(`https://hexpost.test${path}`, init), { ...env, ...envOverrides }, ctx);
    await waitOnExecutionContext(ctx);
    const text = await res.text();
    let json: any = null;
    try {
      json = JSON.parse(text);
    } catch {
      json = text;
    }
    return { status: res.status, body: json, headers: res.headers };
  };
  return {
    call,
    get: (path: string, token?: string) => call("GET", path, undefined, token ? { authorization: `Bearer ${token}` } : {}),
    post: (path: string, body: unknown, token?: string, headers: Record<string, string> = {}) =>
      call("POST", path, body, { ...(token ? { authorization: `Bearer ${token}` } : {}), ...headers }),
  };
}

let ipCounter = 0;
/** A fresh client address per call, so the per-IP creation limit only bites where a test wants it. */
export const freshIp = () => `198.51.100.${++ipCounter % 250}:${ipCounter}`;
