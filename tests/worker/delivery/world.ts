/**
 * The delivery layer's world: the real app and D1, mail through the fake Resend even in dev
 * mode (dev mode is what accepts http push endpoints and has fixed VAPID keys), and an
 * after-commit that does what worker/index.ts does: drain the game and announce the move.
 */
import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { expect } from "vitest";
import { seatToken } from "../../../worker/auth";
import { makeDeps, orderedId, type Deps } from "../../../worker/deps";
import { rulesets } from "../../../worker/engine/registry";
import { createApp } from "../../../worker/http/app";
import { drainGame, drainMail } from "../../../worker/mail/drain";
import { resendTransport } from "../../../worker/mail/transport";
import { GameCache } from "../../../worker/store/game-cache";
import { api, testClock } from "../helpers";
import { freshKey, type World } from "../mail/helpers";

export const SINK = env.TEST_SINK_URL;
export const MINUTE = 60_000;
export const uniqueName = (prefix: string) => `${prefix}-${crypto.randomUUID().slice(0, 8)}`;

export interface Received {
  path: string;
  headers: Record<string, string | undefined>;
  body?: string;
  text?: string;
}

export async function received(name: string): Promise<Received[]> {
  return (await (await fetch(`${SINK}/received/${name}`)).json()) as Received[];
}

export const base64Bytes = (b64: string) => Uint8Array.from(atob(b64), (c) => c.charCodeAt(0));

/** `start`: the clock's start (the live route checks tickets against the real clock: give Date.now()). */
export function deliveryWorld(options: { start?: number; devMode?: boolean } = {}) {
  const clock = testClock(options.start ?? Date.UTC(2026, 10, 22, 12));
  const key = freshKey();
  const mailEnv = { ...env, DEV_MODE: options.devMode === false ? "false" : "true", RESEND_API_KEY: key };
  const transport = resendTransport(mailEnv);
  // as the Worker makes them: the time of the simulated clock first (the cron finds orphans by it)
  const newId = () => orderedId(clock.now());
  const deps: Deps = makeDeps(mailEnv, env.DB, { now: clock.now, newId, rulesets, cache: new GameCache(), transport });
  const afterCommit = (d: Deps, gameId: string) =>
    Promise.all([drainGame({ ...d, env: mailEnv, transport }, gameId), d.live.announce(gameId, { seq: d.cache.get(gameId)?.game.seq ?? -1 })]);
  const config = { now: clock.now, afterCommit, afterMail: (d: Deps, id: string) => drainMail({ ...d, env: mailEnv, transport }, id) };
  const client = api(config, { DEV_MODE: mailEnv.DEV_MODE });
  const app = createApp(config);
  /** A raw request through the app (the WebSocket upgrade). */
  const raw = async (path: string, init: RequestInit = {}) => {
    const ctx = createExecutionContext();
    const res = await app.fetch(new Request(`https://hexpost.test${path}`, init), { ...env, DEV_MODE: mailEnv.DEV_MODE }, ctx);
    await waitOnExecutionContext(ctx);
    return res;
  };
  const tag = key.slice(8);
  const w = { clock, key, deps, client, crashing: client, env: mailEnv, hans: `hans.${tag}@example.com`, olga: `olga.${tag}@example.com` };
  return { ...w, raw, world: w as unknown as World, drain: (gameId: string) => drainGame(deps, gameId) };
}

export type DeliveryWorld = ReturnType<typeof deliveryWorld>;

export const olgaToken = (gameId: string) => seatToken(env.TOKEN_SECRET, gameId, "p2", 0);

/** The seq as a spectator sees it: no token, so no held mail is dropped. */
export async function seqOf(w: DeliveryWorld, gameId: string): Promise<number> {
  return (await w.client.get(`/api/games/${gameId}`)).body.seq as number;
}

/** Ends the turn of the seat `token` stands for, without the seat's GET (which would drop its held mail). */
export async function endTurnBlind(w: DeliveryWorld, gameId: string, token: string) {
  const res = await w.client.post(`/api/games/${gameId}/actions`, { seq: await seqOf(w, gameId), actions: [{ type: "end_turn" }] }, token);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
}

export async function addChannel(w: DeliveryWorld, gameId: string, token: string, body: Record<string, unknown>) {
  const res = await w.client.post(`/api/games/${gameId}/channels`, body, token);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body as { channel: { id: string; kind: string; disabled: boolean }; secret?: string };
}

export async function channelRow(id: string) {
  return env.DB.prepare("SELECT * FROM channels WHERE id = ?").bind(id).first<Record<string, any>>();
}
