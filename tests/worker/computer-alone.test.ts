/**
 * A game the computer plays alone (DiceWars' seed lets every seat be a bot): the creator takes
 * no seat and gets a link to watch; nobody is mailed; the cron plays it to the end, each run
 * within the per-request budget.
 */
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { CRON_LIMITS, runCron } from "../../worker/cron";
import { makeDeps } from "../../worker/deps";
import { botActionsPerRequest, FIRST_REQUEST_BOT_ACTIONS } from "../../worker/games/advance";
import { getRuleset } from "../../worker/engine/registry";
import { composeMail } from "../../worker/mail/compose";
import { api, freshIp } from "./helpers";

const client = api();
/** A create from a client of its own, so the per-client limit never counts these. */
const create = (body: Record<string, unknown>) => client.post("/api/games", body, undefined, { "cf-connecting-ip": freshIp() });

/** The actions stored in the turns after `from` up to `to`: what one request played. */
async function actionsBetween(id: string, from: number, to: number): Promise<number> {
  const rows = await env.DB.prepare("SELECT actions FROM turns WHERE game_id = ? AND seq > ? AND seq <= ?").bind(id, from, to).all<{ actions: string }>();
  return rows.results.reduce((n, r) => n + (JSON.parse(r.actions) as unknown[]).length, 0);
}

describe("games the computer plays alone", () => {
  it("an isolate's first request: the computer plays one action in it, the budget in the next", async () => {
    const fresh = api();
    const created = await fresh.post("/api/games", { ruleset: "dicewars", scenario: "10x10", options: { players: 2 }, seats: { p1: { bot: true }, p2: { bot: true } }, seed: "first-of-isolate" }, undefined, { "cf-connecting-ip": freshIp() });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const id = created.body.id as string;
    const first = (await fresh.get(`/api/games/${id}`)).body;
    expect(await actionsBetween(id, 0, first.seq)).toBe(FIRST_REQUEST_BOT_ACTIONS);
    expect(first.botsWaiting).toBe(true);
    const next = await fresh.post(`/api/games/${id}/continue`, {});
    expect(next.status, JSON.stringify(next.body)).toBe(200);
    expect(await actionsBetween(id, first.seq, next.body.seq)).toBe(botActionsPerRequest(getRuleset("dicewars")!));
  });

  it("every seat a bot: no creator seat, a spectator link, no mail; the cron plays it to the end", async () => {
    // not the isolate's first request (that one plays a single action: above)
    await client.get("/api/rulesets");
    const created = await create({ ruleset: "dicewars", scenario: "10x10", options: { players: 2, roundLimit: 50 }, seats: { p1: { bot: true }, p2: { bot: true } }, seed: "computer-alone" });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const id = created.body.id as string;
    expect(created.body.you).toBeNull();
    // the computer's seats have names of their own
    expect(created.body.seats.map((s: { name: string }) => s.name)).toEqual(["Ada", "Babbage"]);
    expect(created.body.watch).toBe(`https://hexpost.test/g/${id}`);
    let game = (await client.get(`/api/games/${id}`)).body;
    expect(await actionsBetween(id, 0, game.seq)).toBe(botActionsPerRequest(getRuleset("dicewars")!));
    expect(game.botsWaiting).toBe(true);

    const deps = makeDeps(env, env.DB);
    let runs = 0;
    while (game.status === "active") {
      expect(runs++, "the cron should finish the game").toBeLessThan(400);
      const before = game.seq;
      const report = await runCron(deps);
      expect(report.errors).toEqual([]);
      game = (await client.get(`/api/games/${id}`)).body;
      expect(await actionsBetween(id, before, game.seq)).toBeLessThanOrEqual(botActionsPerRequest(getRuleset("dicewars")!));
    }
    expect(game.outcome.line.length).toBeGreaterThan(0);
    const mails = await env.DB.prepare("SELECT COUNT(*) AS n FROM outbox WHERE game_id = ?").bind(id).first<{ n: number }>();
    expect(mails!.n).toBe(0);
  });

  it("a cron run resumes at most its limit of games waiting on the computer, so a run stays inside a cold isolate's CPU", async () => {
    const ids: string[] = [];
    for (const seed of ["bound-a", "bound-b"]) {
      const created = await create({ ruleset: "dicewars", scenario: "10x10", options: { players: 2, roundLimit: 50 }, seats: { p1: { bot: true }, p2: { bot: true } }, seed });
      expect(created.status, JSON.stringify(created.body)).toBe(201);
      ids.push(created.body.id as string);
    }
    const before = await Promise.all(ids.map(async (id) => (await client.get(`/api/games/${id}`)).body.seq as number));
    const report = await runCron(makeDeps(env, env.DB));
    expect(CRON_LIMITS.botGames).toBe(1);
    expect(report.botsResumed).toBeLessThanOrEqual(CRON_LIMITS.botGames);
    const after = await Promise.all(ids.map(async (id) => (await client.get(`/api/games/${id}`)).body.seq as number));
    // the oldest waiting game goes first, so the second of these two cannot move before the first
    expect(after[1]).toBe(before[1]);
    // the tests share one D1: both games are played to their end, so no later cron run meets them
    for (let runs = 0; (await Promise.all(ids.map(async (id) => (await client.get(`/api/games/${id}`)).body.status))).includes("active"); runs++) {
      expect(runs, "the cron should finish both games").toBeLessThan(800);
      await runCron(makeDeps(env, env.DB));
    }
  });

  it("its creator gets its mails only if they ask: a watcher address hears of its start and its end, and nothing else", async () => {
    const watcher = `watch.${crypto.randomUUID().slice(0, 8)}@example.com`;
    const created = await create({ ruleset: "dicewars", scenario: "10x10", options: { players: 2, roundLimit: 50 }, seats: { p1: { bot: true }, p2: { bot: true } }, watcher, seed: "watched" });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const id = created.body.id as string;
    const deps = makeDeps(env, env.DB);
    for (let runs = 0; (await client.get(`/api/games/${id}`)).body.status === "active"; runs++) {
      expect(runs, "the cron should finish the game").toBeLessThan(400);
      await runCron(deps);
    }
    const rows = await env.DB.prepare("SELECT * FROM outbox WHERE game_id = ? ORDER BY created_at").bind(id).all<Record<string, unknown>>();
    expect(rows.results.map((r) => [r.recipient, r.kind, r.seat])).toEqual([
      [watcher, "watching", "@watcher"],
      [watcher, "watching", "@watcher"],
    ]);
    const [start, end] = await Promise.all(rows.results.map((r) =>
        composeMail(env, { id: r.id as string, gameId: r.game_id as string, seat: r.seat as string, kind: r.kind as string, recipient: r.recipient as string, payload: JSON.parse(r.payload as string), createdAt: r.created_at as number }),
      ),);
    expect(start!.subject).toMatch(/^\[hexpost\] The computer plays: DiceWars #/);
    // a watcher holds no seat: the public page, never a seat's token
    expect(start!.link).toBe(`https://hexpost.test/g/${id}`);
    expect(start!.text).toContain("/api/block?");
    expect(end!.subject).toMatch(/^\[hexpost\] Game over: DiceWars #/);
    expect(end!.text).toMatch(/(Ada|Babbage) won/);
    // the block link in it works for the watcher's address
    const block = /https:\/\/hexpost\.test(\/api\/block\?[^\s)]+)/.exec(start!.text)![1]!;
    expect((await client.post(block.replace(/&amp;/g, "&"), {})).body).toEqual({ ok: true, blocked: true });
    const again = await create({ ruleset: "dicewars", scenario: "10x10", options: { players: 2 }, seats: { p1: { bot: true }, p2: { bot: true } }, watcher });
    expect([again.status, again.body.error]).toEqual([422, "address_blocked"]);
  });

  it("a watcher who blocks mail in the middle of the game gets no result", async () => {
    const watcher = `early.${crypto.randomUUID().slice(0, 8)}@example.com`;
    const created = await create({ ruleset: "dicewars", scenario: "10x10", options: { players: 2, roundLimit: 50 }, seats: { p1: { bot: true }, p2: { bot: true } }, watcher, seed: "watched-early" });
    const id = created.body.id as string;
    const row = (await env.DB.prepare("SELECT * FROM outbox WHERE game_id = ?").bind(id).first<Record<string, unknown>>())!;
    const start = await composeMail(env, { id: row.id as string, gameId: id, seat: row.seat as string, kind: row.kind as string, recipient: watcher, payload: JSON.parse(row.payload as string), createdAt: row.created_at as number });
    const block = /https:\/\/hexpost\.test(\/api\/block\?[^\s)]+)/.exec(start.text)![1]!;
    expect((await client.post(block, {})).body).toEqual({ ok: true, blocked: true });
    const deps = makeDeps(env, env.DB);
    for (let runs = 0; (await client.get(`/api/games/${id}`)).body.status === "active"; runs++) {
      expect(runs, "the cron should finish the game").toBeLessThan(400);
      await runCron(deps);
    }
    const rows = await env.DB.prepare("SELECT kind FROM outbox WHERE game_id = ?").bind(id).all<{ kind: string }>();
    expect(rows.results.map((r) => r.kind)).toEqual(["watching"]);
  });

  it("a watcher is only for a game the computer plays alone", async () => {
    const res = await create({ ruleset: "dicewars", scenario: "10x10", options: { players: 2 }, seats: { p1: { email: "a@example.com" }, p2: { bot: true } }, creator: "p1", watcher: "w@example.com" });
    expect([res.status, res.body.error, res.body.details?.field]).toEqual([422, "bad_seat", "watcher"]);
  });

  it("a creator seat in a game with no human seat is refused, naming the field", async () => {
    const res = await create({ ruleset: "dicewars", scenario: "10x10", options: { players: 2 }, seats: { p1: { bot: true }, p2: { bot: true } }, creator: "p1" });
    expect([res.status, res.body.error, res.body.details?.field]).toEqual([422, "bad_seat", "creator"]);
  });

  it("a game with a human seat still needs its creator in one", async () => {
    const res = await create({ ruleset: "dicewars", scenario: "10x10", options: { players: 2 }, seats: { p1: { email: "a@example.com" }, p2: { bot: true } } });
    expect([res.status, res.body.error]).toEqual([422, "bad_seat"]);
  });
});
