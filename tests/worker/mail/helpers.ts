import { GameCache } from "../../../worker/store/game-cache";
import { rulesets } from "../../../worker/engine/registry";
import { env } from "cloudflare:workers";
import { expect } from "vitest";
import { makeDeps, orderedId, type Deps } from "../../../worker/deps";
import { drainGame, drainMail, LEASE_MS } from "../../../worker/mail/drain";
import { api, freshIp, OUTBOX_WRITTEN_ORDER, testClock } from "../helpers";
import { dbOf } from "../shard-db";
import type { Env } from "../../../worker/env";

export const FAKE = env.RESEND_BASE_URL!;

let keyCounter = 0;
/** A Resend API key of its own, so the fake keeps this test's mail apart from every other. */
export const freshKey = () => `re_test_${crypto.randomUUID().slice(0, 8)}_${++keyCounter}`;

export interface SentMail {
  id: string;
  idempotencyKey: string | null;
  body: { from: string; to: string[]; subject: string; text: string; html: string; headers: Record<string, string>; tags: { name: string; value: string }[] };
}

export const fake = {
  async sent(key: string): Promise<SentMail[]> {
    return ((await (await fetch(`${FAKE}/__sent?key=${key}`)).json()) as { sent: SentMail[] }).sent;
  },
  async requests(key: string): Promise<{ idempotencyKey: string | null; status: number }[]> {
    return ((await (await fetch(`${FAKE}/__requests?key=${key}`)).json()) as { requests: { idempotencyKey: string | null; status: number }[] }).requests;
  },
  async failNext(key: string, status: number, count = 1, extra: { name?: string; retryAfter?: number } = {}) {
    const q = new URLSearchParams({ key, status: String(status), count: String(count) });
    if (extra.name) q.set("name", extra.name);
    if (extra.retryAfter !== undefined) q.set("retryAfter", String(extra.retryAfter));
    await fetch(`${FAKE}/__fail-next?${q}`, { method: "POST" });
  },
};

/** The mail side of the world: the real D1, the Resend transport pointed at the fake, a hand-moved clock. */
export function mailWorld(options: { start?: number; devMode?: boolean; env?: Partial<Env> } = {}) {
  const clock = testClock(options.start);
  const key = freshKey();
  const mailEnv = { ...env, DEV_MODE: options.devMode ? "true" : "false", RESEND_API_KEY: key, ...options.env };
  const deps: Deps = makeDeps(mailEnv, env.DB, { now: clock.now, newId: () => orderedId(clock.now()), rulesets, cache: new GameCache() });
  /** The HTTP app in dev mode (fixed seeds), its after-response drain using the Resend transport. */
  const client = api({
    now: clock.now,
    afterCommit: (d, gameId) => drainGame({ ...d, env: mailEnv }, gameId),
    afterMail: (d, id) => drainMail({ ...d, env: mailEnv }, id),
  });
  /** The same app with no after-response drain: as if the Worker died right after the commit. */
  const crashing = api({ now: clock.now });
  // Addresses of their own: the per-recipient invitation limit counts per address and day.
  const tag = key.slice(8);
  return { clock, key, deps, client, crashing, env: mailEnv, hans: `hans.${tag}@example.com`, olga: `olga.${tag}@example.com` };
}

export type World = ReturnType<typeof mailWorld>;

export async function outboxRows(gameId: string) {
  const rows = await dbOf(gameId).prepare(`SELECT * FROM outbox WHERE game_id = ? ORDER BY ${OUTBOX_WRITTEN_ORDER}`).bind(gameId).all<Record<string, any>>();
  return rows.results.map((r) => ({ ...r, payload: JSON.parse(r.payload as string) })) as Record<string, any>[];
}

export async function seatRow(gameId: string, seat: string) {
  return dbOf(gameId).prepare("SELECT * FROM seats WHERE game_id = ? AND seat = ?").bind(gameId, seat).first<Record<string, any>>();
}

export async function gameRow(gameId: string) {
  return dbOf(gameId).prepare("SELECT * FROM games WHERE id = ?").bind(gameId).first<Record<string, any>>();
}

/** A two-player DiceWars game on the smallest map: Hans (p1, creator, moves first) v Olga (p2). */
/**
 * `hold`: the seats' hold time in minutes. 0 unless given: these tests check what a mail says
 * and how it is delivered, so it goes when written (tests/worker/notify/ hold it).
 */
export async function createDuel(w: World, opts: { hoursPerTurn?: number | null; hans?: string; olga?: string; seed?: string; crash?: boolean; hold?: number } = {}) {
  const client = opts.crash ? w.crashing : w.client;
  const res = await client.post(
    "/api/games",
    {
      ruleset: "dicewars",
      scenario: "10x10",
      options: { players: 2 },
      seats: { p1: { email: w.hans, name: opts.hans ?? "Hans" }, p2: { email: w.olga, name: opts.olga ?? "Olga" } },
      creator: "p1",
      seed: opts.seed ?? "mail-test-seed",
      ...(opts.hoursPerTurn !== undefined ? { hoursPerTurn: opts.hoursPerTurn } : {}),
    },
    undefined,
    { "cf-connecting-ip": freshIp() },
  );
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  const id = res.body.id as string;
  await dbOf(id).prepare("UPDATE seats SET hold_minutes = ? WHERE game_id = ?").bind(opts.hold ?? 0, id).run();
  // What the create route's waitUntil does (see the report: the lead's create route should call afterCommit too).
  if (!opts.crash) await drainGame(w.deps, id);
  // the request wrote its mail claimed and died before sending it: the lease runs out first
  else w.clock.advance(LEASE_MS);
  return { id, hans: res.body.you.token as string };
}

/** Ends the seat's turn (a DiceWars turn can always end at once). */
export async function endTurn(client: World["client"], gameId: string, token: string) {
  const game = (await client.get(`/api/games/${gameId}`, token)).body;
  const res = await client.post(`/api/games/${gameId}/actions`, { seq: game.seq, actions: [{ type: "end_turn" }] }, token);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
}

export const HOUR = 3_600_000;
