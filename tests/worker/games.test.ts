import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { sha256Hex } from "../../worker/play/dice";
import { api, freshIp } from "./helpers";
import { dbOf } from "./shard-db";
import { botAction, createMoscow, playSeat, tokenFor } from "./play";

const client = api();

describe("create and read a game", () => {
  it("creates a game: 201 with the creator's link, and an invitation in the outbox for the other seat", async () => {
    const { id, created } = await createMoscow(client);
    expect(created.you.seat).toBe("german");
    expect(created.you.url).toBe(`https://hexpost.test/g/${id}#t=${created.you.token}`);
    const mails = await dbOf(id).prepare("SELECT kind, recipient FROM outbox WHERE game_id = ? ORDER BY kind").bind(id).all();
    expect(mails.results).toEqual([
      { kind: "invitation", recipient: "olga@example.com" },
      { kind: "your_link", recipient: "hans@example.com" },
    ]);
  });

  it("the player view names the seat; the spectator view has no seat, no address, no token, no seed", async () => {
    const { id, german } = await createMoscow(client, { seed: "view-seed" });
    const player = await client.get(`/api/games/${id}`, german);
    expect(player.status).toBe(200);
    const { live, ...you } = player.body.you;
    expect(you).toEqual({ seat: "german", prefs: "every_turn", orders: {}, vacationDaysLeft: 14, holdMinutes: 15, channels: [] });
    expect(live).toMatchObject({ seat: "german", epoch: 0, sig: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/) });
    expect(player.body.seedCommitment).toBe(await sha256Hex("view-seed"));
    const spectator = await client.get(`/api/games/${id}`);
    expect(spectator.status).toBe(200);
    expect(spectator.body.you).toBeUndefined();
    expect(spectator.body.seed).toBeUndefined();
    const text = JSON.stringify(spectator.body);
    expect(text).not.toContain("@example.com");
    expect(text).not.toContain("view-seed");
    const running = await client.get(`/api/games/${id}/export`);
    expect(running.body.seed).toBeNull();
    expect(JSON.stringify(running.body)).not.toContain("view-seed");
    expect(spectator.body.seats.map((s: { name: string }) => s.name)).toEqual(["Hans", "Olga"]);
  });

  it("an unknown game is 404 not_found", async () => {
    const res = await client.get("/api/games/nosuchgame");
    expect(res.status).toBe(404);
    expect(res.body.error).toBe("not_found");
  });

  it("lists the rulesets with scenarios, seats and options", async () => {
    const res = await client.get("/api/rulesets");
    const moscow = res.body.rulesets.find((r: { id: string }) => r.id === "moscow");
    expect(moscow.scenarios.map((s: { id: string }) => s.id)).toEqual(expect.arrayContaining(["standard", "quickstart"]));
    expect(moscow.scenarios[0].seats).toEqual(["german", "soviet"]);
    expect(moscow.options.map((o: { name: string }) => o.name)).toEqual(expect.arrayContaining(["sovietReplacements", "germanReplacementTurns", "rules"]));
  });
});

describe("playing turns", () => {
  it("plays a few legal turns, then reads the log and the spectator view", async () => {
    const { id, german, soviet } = await createMoscow(client);
    const g = await playSeat(client, id, "german", german);
    expect(g.game.toAct).toEqual(["soviet"]);
    const s = await playSeat(client, id, "soviet", soviet);
    expect(s.game.toAct).toEqual(["german"]);
    const log = await client.get(`/api/games/${id}/log`);
    expect(log.status).toBe(200);
    expect(log.body.entries.length).toBe(g.requests + s.requests);
    expect(log.body.entries.map((e: { seq: number }) => e.seq)).toEqual(Array.from({ length: g.requests + s.requests }, (_, i) => i + 1));
    const later = await client.get(`/api/games/${id}/log?after=${g.requests}`);
    expect(later.body.entries[0].seat).toBe("soviet");
    const view = await client.get(`/api/games/${id}`);
    expect(view.body.seq).toBe(g.requests + s.requests);
    expect(view.body.turn).toBe(2);
  });

  it("hands the turn over with one your_turn mail to the other human, none to the requester", async () => {
    const { id, german } = await createMoscow(client);
    await playSeat(client, id, "german", german);
    const mails = await dbOf(id).prepare("SELECT kind, recipient FROM outbox WHERE game_id = ? AND kind = 'your_turn'").bind(id).all();
    expect(mails.results).toEqual([{ kind: "your_turn", recipient: "olga@example.com" }]);
  });

  it("20 concurrent submissions on one seq: exactly one 200, nineteen 409 stale_seq, one log entry", async () => {
    const { id, german } = await createMoscow(client);
    const game = (await client.get(`/api/games/${id}`, german)).body;
    const results = await Promise.all(
      Array.from({ length: 20 }, () => client.post(`/api/games/${id}/actions`, { seq: game.seq, actions: [{ type: "end_phase" }] }, german)),
    );
    const statuses = results.map((r) => r.status).sort();
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(19);
    for (const r of results.filter((r) => r.status === 409)) {
      expect(r.body.error).toBe("stale_seq");
      expect(r.body.details.seq).toBe(game.seq + 1);
    }
    const log = await client.get(`/api/games/${id}/log`);
    expect(log.body.entries).toHaveLength(1);
  });

  it("an idempotent retry returns the first answer with replayed: true and applies nothing twice", async () => {
    const { id, german } = await createMoscow(client);
    const game = (await client.get(`/api/games/${id}`, german)).body;
    const action = botAction(game.state, "german", 0);
    const headers = { "idempotency-key": "retry-me-1" };
    const first = await client.post(`/api/games/${id}/actions`, { seq: game.seq, actions: [action] }, german, headers);
    expect(first.status).toBe(200);
    const again = await client.post(`/api/games/${id}/actions`, { seq: game.seq, actions: [action] }, german, headers);
    expect(again.status).toBe(200);
    expect(again.body.replayed).toBe(true);
    expect(again.body.events).toEqual(first.body.events);
    expect(again.body.seq).toBe(first.body.seq);
    expect(again.body.state).toEqual(first.body.state);
    const log = await client.get(`/api/games/${id}/log`);
    expect(log.body.entries).toHaveLength(1);
    // The key belongs to the seat: the same key from the other seat is a new request.
    const concurrent = await Promise.all(
      [1, 2, 3].map(() => client.post(`/api/games/${id}/actions`, { seq: first.body.seq, actions: [{ type: "end_phase" }] }, german, { "idempotency-key": "k2" })),
    );
    expect(concurrent.every((r) => r.status === 200)).toBe(true);
    expect((await client.get(`/api/games/${id}/log`)).body.entries).toHaveLength(2);
  });
});

const usageOf = (headers: Headers) =>
  Object.fromEntries((headers.get("x-d1-usage") ?? "").split("; ").map((kv) => kv.split("=").map((x, i) => (i ? Number(x) : x))));

describe("D1 cost of a submission", () => {
  it("one read round trip, one write batch, and one row written (the game, its turn in the log's tail) while the seat stays on move", async () => {
    const { id, german } = await createMoscow(client);
    const game = (await client.get(`/api/games/${id}`, german)).body;
    const action = botAction(game.state, "german", 0) as { type: string };
    expect(action.type).toBe("move");
    const res = await client.post(`/api/games/${id}/actions`, { seq: game.seq, actions: [action] }, german);
    expect(res.status).toBe(200);
    expect(res.body.toAct).toEqual(["german"]);
    expect(usageOf(res.headers)).toMatchObject({ round_trips: 2, rows_written: 1 });
  });

  it("reading a game (the page polls it) is one round trip that reads the game and its seats only, however long the turn so far; a seat's own read adds one (its held mail dropped, its channels read)", async () => {
    const { id, german } = await createMoscow(client);
    const first = await client.get(`/api/games/${id}`, german);
    let game = first.body;
    for (let n = 0; n < 4; n++) {
      const res = await client.post(`/api/games/${id}/actions`, { seq: game.seq, actions: [botAction(game.state, "german", n)] }, german);
      game = { ...game, ...res.body };
    }
    const view = await client.get(`/api/games/${id}`, german);
    expect(game.toAct).toEqual(["german"]);
    expect(usageOf(view.headers)).toEqual({ ...usageOf(first.headers), round_trips: 2, rows_written: 0 });
    const watched = await client.get(`/api/games/${id}`);
    expect(usageOf(watched.headers).round_trips).toBe(1);
  });
});

describe("the seed", () => {
  it("is accepted on create only in dev mode", async () => {
    const prod = api({}, { DEV_MODE: "false" });
    const res = await prod.post(
      "/api/games",
      { ruleset: "moscow", scenario: "quickstart", seats: { german: { email: "a@example.com" }, soviet: { bot: true } }, creator: "german", seed: "x" },
      undefined,
      { "cf-connecting-ip": freshIp() },
    );
    expect(res.status).toBe(422);
    expect(res.body.error).toBe("seed_not_allowed");
  });
});

describe("a game against the computer", () => {
  it("plays through to its end over the API, then exports a record that verifies; a tampered one fails", { timeout: 180_000 }, async () => {
    const { id, german } = await createMoscow(client, { sovietBot: true, seed: "to-the-end" });
    const { game } = await playSeat(client, id, "german", german, 5000);
    expect(game.status).toBe("finished");
    expect(game.toAct).toEqual([]);
    expect(game.outcome.reason).toBe("moscow");
    const view = await client.get(`/api/games/${id}`);
    expect(view.body.seed).toBe("to-the-end");
    expect(view.body.turn).toBe(7);

    const exported = (await client.get(`/api/games/${id}/export`)).body;
    expect(exported.seed).toBe("to-the-end");
    const { verifyExport } = await import("../../worker/play/verify");
    const verdict = await verifyExport(exported);
    expect(verdict.problems).toEqual([]);
    expect(verdict.ok).toBe(true);

    const battle = exported.log.findIndex((e: { events: { dieRoll?: number }[] }) => e.events.some((ev) => typeof ev.dieRoll === "number"));
    const tampered = structuredClone(exported);
    const ev = tampered.log[battle].events.find((e: { dieRoll?: number }) => typeof e.dieRoll === "number");
    ev.dieRoll = (ev.dieRoll % 6) + 1;
    expect((await verifyExport(tampered)).ok).toBe(false);
    const otherSeed = { ...structuredClone(exported), seed: "another-seed" };
    const v2 = await verifyExport(otherSeed);
    expect(v2.ok).toBe(false);
    expect(v2.problems[0]).toMatch(/commitment/);
  });
});

describe("resign", () => {
  it("with two seats the other side wins, and further actions get 410 game_over", async () => {
    const { id, german, soviet } = await createMoscow(client);
    const res = await client.post(`/api/games/${id}/resign`, {}, soviet);
    expect(res.status).toBe(200);
    expect(res.body.outcome).toEqual({ result: "win", winners: ["german"], reason: "resignation", line: "Olga resigned; Hans wins." });
    const after = await client.post(`/api/games/${id}/actions`, { seq: res.body.seq, actions: [{ type: "end_phase" }] }, german);
    expect(after.status).toBe(410);
    expect(after.body.error).toBe("game_over");
    const log = await client.get(`/api/games/${id}/log`);
    expect(log.body.entries.at(-1).events[0]).toMatchObject({ kind: "resigned", seat: "soviet" });
    expect(await tokenFor(id, "german")).toBe(german);
  });
});
