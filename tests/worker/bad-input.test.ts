import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { api } from "./helpers";
import { botAction, createMoscow } from "./play";

const client = api();

interface Game {
  id: string;
  german: string;
  soviet: string;
}

/** Everything a refused request must leave alone: the game row and the log. */
async function snapshot(id: string) {
  const game = await env.DB.prepare("SELECT seq, state, to_act, status FROM games WHERE id = ?").bind(id).first();
  const turns = await env.DB.prepare("SELECT COUNT(*) AS n FROM turns WHERE game_id = ?").bind(id).first<{ n: number }>();
  const mails = await env.DB.prepare("SELECT COUNT(*) AS n FROM outbox WHERE game_id = ?").bind(id).first<{ n: number }>();
  return { game, turns: turns?.n, mails: mails?.n };
}

let game: Game;
let other: Game;
let seq: number;
let firstLegal: unknown;

beforeAll(async () => {
  game = await createMoscow(client);
  other = await createMoscow(client);
  const view = (await client.get(`/api/games/${game.id}`)).body;
  seq = view.seq;
  firstLegal = botAction(view.state, "german", 0);
});

const post = (body: unknown, token?: string, headers?: Record<string, string>) => client.post(`/api/games/${game.id}/actions`, body, token, headers);

const cases: { name: string; send: () => Promise<{ status: number; body: any }>; status: number; code: string; index?: number; mentions?: RegExp }[] = [
  { name: "malformed JSON", send: () => post("{not json", game.german), status: 400, code: "bad_request" },
  { name: "seq of the wrong type", send: () => post({ seq: "1", actions: [{ type: "end_phase" }] }, game.german), status: 400, code: "bad_request", mentions: /seq/ },
  { name: "actions not a list", send: () => post({ seq, actions: { type: "end_phase" } }, game.german), status: 400, code: "bad_request", mentions: /actions/ },
  { name: "an empty batch", send: () => post({ seq, actions: [] }, game.german), status: 400, code: "bad_request", mentions: /at least one/ },
  { name: "an action without a type", send: () => post({ seq, actions: [{ unitId: "XLVII" }] }, game.german), status: 400, code: "bad_request", mentions: /type/ },
  { name: "unknown action", send: () => post({ seq, actions: [{ type: "teleport" }] }, game.german), status: 422, code: "bad_action", index: 0 },
  { name: "unknown unit", send: () => post({ seq, actions: [{ type: "move", unitId: "CCCXII", to: [3, 3] }] }, game.german), status: 422, code: "unknown_unit", index: 0, mentions: /CCCXII/ },
  {
    name: "a legal action followed by a bad one (all or nothing; the index names the bad one)",
    send: () => post({ seq, actions: [firstLegal, { type: "teleport" }] }, game.german),
    status: 422,
    code: "bad_action",
    index: 1,
  },
  { name: "off-map hex", send: () => post({ seq, actions: [{ type: "move", unitId: "XLVII", to: [40, -7] }] }, game.german), status: 422, code: "invalid_move", index: 0 },
  { name: "oversized body", send: () => post({ seq, actions: [{ type: "end_phase", pad: "x".repeat(70 * 1024) }] }, game.german), status: 413, code: "too_large" },
  { name: "missing token", send: () => post({ seq, actions: [{ type: "end_phase" }] }), status: 401, code: "unauthorized" },
  { name: "another game's token", send: () => post({ seq, actions: [{ type: "end_phase" }] }, other.german), status: 401, code: "unauthorized" },
  { name: "a malformed Authorization header", send: () => post({ seq, actions: [{ type: "end_phase" }] }, undefined, { authorization: "Basic abc" }), status: 401, code: "unauthorized" },
  { name: "the seat that is not to act", send: () => post({ seq, actions: [{ type: "end_phase" }] }, game.soviet), status: 403, code: "wrong_player" },
  { name: "a stale seq", send: () => post({ seq: seq + 5, actions: [{ type: "end_phase" }] }, game.german), status: 409, code: "stale_seq" },
];

describe("bad input gets the right code and changes nothing", () => {
  for (const c of cases) {
    it(`${c.name} -> ${c.status} ${c.code}`, async () => {
      const before = await snapshot(game.id);
      const res = await c.send();
      expect(res.status).toBe(c.status);
      expect(res.body.error).toBe(c.code);
      expect(typeof res.body.message).toBe("string");
      if (c.index !== undefined) expect(res.body.index).toBe(c.index);
      if (c.mentions) expect(res.body.message).toMatch(c.mentions);
      expect(await snapshot(game.id)).toEqual(before);
    });
  }

  it("a dice-rolling action that is not the last of its batch -> 422 bad_batch, nothing stored", async () => {
    const g = await createMoscow(client, { seed: "peek" });
    let view = (await client.get(`/api/games/${g.id}`, g.german)).body;
    // Play the German bot's own choices until it wants to roll a battle.
    for (let n = 0; n < 300; n++) {
      const action = botAction(view.state, "german", n) as { type: string };
      if (action.type === "resolve_battle") {
        const before = await snapshot(g.id);
        const res = await client.post(`/api/games/${g.id}/actions`, { seq: view.seq, actions: [action, { type: "end_phase" }] }, g.german);
        expect(res.status).toBe(422);
        expect(res.body.error).toBe("bad_batch");
        expect(res.body.index).toBe(0);
        expect(await snapshot(g.id)).toEqual(before);
        return;
      }
      const res = await client.post(`/api/games/${g.id}/actions`, { seq: view.seq, actions: [action] }, g.german);
      expect(res.status).toBe(200);
      view = { ...view, ...res.body };
    }
    throw new Error("the German bot never attacked");
  });

  it("a finished game -> 410 game_over, nothing stored", async () => {
    const g = await createMoscow(client);
    const resigned = await client.post(`/api/games/${g.id}/resign`, {}, g.german);
    expect(resigned.status).toBe(200);
    const before = await snapshot(g.id);
    const res = await client.post(`/api/games/${g.id}/actions`, { seq: resigned.body.seq, actions: [{ type: "end_phase" }] }, g.soviet);
    expect(res.status).toBe(410);
    expect(res.body.error).toBe("game_over");
    expect(await snapshot(g.id)).toEqual(before);
  });

  it("create: bad bodies are 400 or 422 with the field named, and write nothing", async () => {
    const count = async () => (await env.DB.prepare("SELECT COUNT(*) AS n FROM games").first<{ n: number }>())!.n;
    const before = await count();
    const bad = [
      [{ ruleset: "moscow" }, 400, "bad_request"],
      [{ ruleset: "moscow", scenario: "quickstart", seats: { german: { email: "not-an-address" } }, creator: "german" }, 400, "bad_request"],
      [{ ruleset: "chess", scenario: "x", seats: {}, creator: "white" }, 422, "bad_ruleset"],
      [{ ruleset: "moscow", scenario: "kursk", seats: {}, creator: "german" }, 422, "bad_scenario"],
      [{ ruleset: "moscow", scenario: "quickstart", options: { rules: "house" }, seats: { german: { email: "a@example.com" } }, creator: "german" }, 422, "bad_option"],
      [{ ruleset: "moscow", scenario: "quickstart", seats: { german: { email: "a@example.com" }, italian: { bot: true } }, creator: "german" }, 422, "bad_seat"],
      [{ ruleset: "moscow", scenario: "quickstart", seats: { german: { bot: true }, soviet: { bot: true } }, creator: "german" }, 422, "bad_seat"],
      [{ ruleset: "moscow", scenario: "quickstart", hoursPerTurn: 5, seats: { german: { email: "a@example.com" } }, creator: "german" }, 422, "bad_time_control"],
    ] as const;
    for (const [body, status, code] of bad) {
      const res = await client.post("/api/games", body, undefined, { "cf-connecting-ip": "203.0.113.99" });
      expect(res.status, JSON.stringify(body)).toBe(status);
      expect(res.body.error).toBe(code);
    }
    expect(await count()).toBe(before);
  });

  it("create: the skirmish's activations in a row outside 1, 2, 3 and \"all\" -> 422 bad_option naming the option, nothing stored", async () => {
    const count = async () => (await env.DB.prepare("SELECT COUNT(*) AS n FROM games").first<{ n: number }>())!.n;
    const before = await count();
    for (const value of [4, "2", "every"]) {
      const body = { ruleset: "skirmish", scenario: "small-clash", options: { activationsInARow: value }, seats: { attacker: { email: "a@example.com" }, defender: { email: "d@example.com" } }, creator: "attacker" };
      const res = await client.post("/api/games", body, undefined, { "cf-connecting-ip": "203.0.113.98" });
      expect(res.status, JSON.stringify(value)).toBe(422);
      expect(res.body.error).toBe("bad_option");
      expect(JSON.stringify(res.body)).toContain("activationsInARow");
    }
    expect(await count()).toBe(before);
  });
});
