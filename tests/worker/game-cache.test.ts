import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { commit, loadGame, openDb } from "../../worker/store/repository";
import { api } from "./helpers";
import { botAction, createMoscow } from "./play";

const usageOf = (headers: Headers) =>
  Object.fromEntries((headers.get("x-d1-usage") ?? "").split("; ").map((kv) => kv.split("=").map((x, i) => (i ? Number(x) : x))));

/** Plays the German on `client` until it hands over or `n` submissions were made. */
async function germanMoves(client: ReturnType<typeof api>, id: string, german: string, game: { seq: number; state: unknown; toAct: string[] }, n: number) {
  const usages = [];
  for (let i = 0; i < n && game.toAct.includes("german"); i++) {
    const res = await client.post(`/api/games/${id}/actions`, { seq: game.seq, actions: [botAction(game.state, "german", game.seq)] }, german);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    usages.push(usageOf(res.headers));
    game = { ...game, ...res.body };
  }
  return { game, usages };
}

describe("the game an isolate holds (store/game-cache)", () => {
  it("a player's next submission is one round trip: the write, with no read", async () => {
    const isolate = api();
    const { id, german } = await createMoscow(isolate);
    const start = (await isolate.get(`/api/games/${id}`, german)).body;
    const { usages } = await germanMoves(isolate, id, german, start, 3);
    expect(usages[0]).toMatchObject({ round_trips: 2, rows_written: 1 });
    expect(usages[1]).toMatchObject({ round_trips: 1, rows_written: 1 });
    expect(usages[2]).toMatchObject({ round_trips: 1, rows_written: 1 });
  });

  it("a move stored by another isolate: the stale copy's commit is refused and the answer is today's 409", async () => {
    const a = api();
    const b = api();
    const { id, german } = await createMoscow(a);
    const start = (await a.get(`/api/games/${id}`, german)).body;
    const { game } = await germanMoves(a, id, german, start, 1);
    // b moves from the same seq; a still holds the game at that seq
    const moved = await b.post(`/api/games/${id}/actions`, { seq: game.seq, actions: [botAction(game.state, "german", 99)] }, german);
    expect(moved.status).toBe(200);
    const late = await a.post(`/api/games/${id}/actions`, { seq: game.seq, actions: [botAction(game.state, "german", 98)] }, german);
    expect(late.status).toBe(409);
    expect(late.body.error).toBe("stale_seq");
    const log = await a.get(`/api/games/${id}/log`);
    expect(log.body.entries).toHaveLength(2);
  });

  it("a seat's mail setting changed on another isolate moves the version: the copy is refused, reloaded, and the new setting holds", async () => {
    const a = api();
    const b = api();
    const { id, german, soviet } = await createMoscow(a);
    const start = (await a.get(`/api/games/${id}`, german)).body;
    let { game } = await germanMoves(a, id, german, start, 1);
    expect((await b.call("PUT", `/api/games/${id}/prefs`, { prefs: "none" }, { authorization: `Bearer ${soviet}` })).status).toBe(200);
    const moves = await germanMoves(a, id, german, game, 400);
    game = moves.game;
    // refused write, the read, the write again
    expect(moves.usages[0]).toMatchObject({ round_trips: 3 });
    expect(moves.usages[1]).toMatchObject({ round_trips: 1 });
    expect(game.toAct).toEqual(["soviet"]);
    const mails = await env.DB.prepare("SELECT kind FROM outbox WHERE game_id = ? AND seat = 'soviet' AND kind = 'your_turn'").bind(id).all();
    expect(mails.results).toEqual([]);
  });

  it("a commit computed from an older version is refused whole (store/commit), even at the right seq", async () => {
    const a = api();
    const { id, german } = await createMoscow(a);
    const db = openDb(env.DB);
    const loaded = (await loadGame(db, id))!;
    await env.DB.prepare("UPDATE games SET version = version + 1 WHERE id = ?").bind(id).run();
    const result = await commit(db, {
      gameId: id,
      expectedSeq: loaded.game.seq,
      expectedVersion: loaded.game.version,
      turns: [{ gameId: id, seq: loaded.game.seq + 1, seat: "german", actions: [], events: [], at: 1 }],
      game: { seq: loaded.game.seq + 1 },
      outbox: [],
    });
    expect(result).toEqual({ ok: false, reason: "stale" });
    const after = (await loadGame(db, id))!;
    expect(after.game.seq).toBe(loaded.game.seq);
    expect(after.game.version).toBe(loaded.game.version + 1);
    expect((await a.get(`/api/games/${id}/log`, german)).body.entries).toHaveLength(0);
  });
});

describe("every write to a game or its seats moves its version (what keeps a cached copy honest)", () => {
  const version = async (id: string) => (await env.DB.prepare("SELECT version FROM games WHERE id = ?").bind(id).first<{ version: number }>())!.version;

  it.each([
    ["a mail setting", (id: string, token: string, client: ReturnType<typeof api>) => client.call("PUT", `/api/games/${id}/prefs`, { prefs: "digest" }, { authorization: `Bearer ${token}` })],
    ["standing orders", (id: string, token: string, client: ReturnType<typeof api>) => client.call("PUT", `/api/games/${id}/orders`, { orders: {} }, { authorization: `Bearer ${token}` })],
    ["a vacation", (id: string, token: string, client: ReturnType<typeof api>) => client.call("PUT", `/api/games/${id}/vacation`, { days: 1 }, { authorization: `Bearer ${token}` })],
    ["a move", async (id: string, token: string, client: ReturnType<typeof api>) => {
      const game = (await client.get(`/api/games/${id}`, token)).body;
      return client.post(`/api/games/${id}/actions`, { seq: game.seq, actions: [botAction(game.state, "german", 0)] }, token);
    }],
  ])("%s", async (_what, change) => {
    const client = api();
    const { id, german } = await createMoscow(client);
    const before = await version(id);
    const res = await change(id, german, client);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(await version(id)).toBe(before + 1);
  });
});
