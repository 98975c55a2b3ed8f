import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { seatToken } from "../../worker/auth";
import { getRuleset } from "../../worker/engine/registry";
import { rngFromSeed } from "../../worker/engine/rng";
import { api, freshIp, OUTBOX_WRITTEN_ORDER, type Api } from "./helpers";
import { continueBots } from "./play";

const dicewars = getRuleset("dicewars")!;
let clock = Date.UTC(2026, 10, 22, 12);
/** Each request a minute later, so a fresh deadline is visibly later. */
const client = api({ now: () => (clock += 60_000) });

type SeatSpec = { email?: string; name?: string; bot?: boolean };

async function create(seats: Record<string, SeatSpec>, seed: string) {
  const res = await client.post(
    "/api/games",
    { ruleset: "dicewars", scenario: "10x10", options: { players: 4 }, seats, creator: "p1", seed },
    undefined,
    { "cf-connecting-ip": freshIp() },
  );
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.id as string;
}

const turnMails = async (id: string) =>
  (await env.DB.prepare(`SELECT seat, kind FROM outbox WHERE game_id = ? AND kind IN ('your_turn', 'eliminated', 'game_over') ORDER BY ${OUTBOX_WRITTEN_ORDER}`).bind(id).all<{ seat: string; kind: string }>())
    .results;

/** One human turn over the API: the engine's bot picks, one action per request (attacks roll dice). */
async function playTurn(c: Api, id: string, seat: string, token: string) {
  let game = (await c.get(`/api/games/${id}`, token)).body;
  let n = 0;
  const botEvents: unknown[] = [];
  while (game.toAct.includes(seat)) {
    const action = dicewars.bot(game.state, seat, rngFromSeed(`${id}:${seat}:${n++}`));
    const res = await c.post(`/api/games/${id}/actions`, { seq: game.seq, actions: [action] }, token);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    game = { ...game, ...res.body };
    botEvents.push(...res.body.events);
    if (game.status === "finished" || (action as { type: string }).type === "end_turn") break;
  }
  // the computer plays at most a few actions per request: the page asks it to go on
  if (game.status === "active" && !game.toAct.includes(seat)) game = { ...game, ...(await continueBots(c, id, token)) };
  return { game, events: botEvents };
}

describe("dicewars over the API", () => {
  it("two humans and two bots: several rounds, each human gets exactly one mail per hand-over to them", async () => {
    const id = await create(
      { p1: { email: "ann@example.com", name: "Ann" }, p2: { bot: true }, p3: { email: "bo@example.com", name: "Bo" }, p4: { bot: true } },
      "dw-mixed",
    );
    const tokens: Record<string, string> = {
      p1: await seatToken(env.TOKEN_SECRET, id, "p1", 0),
      p3: await seatToken(env.TOKEN_SECRET, id, "p3", 0),
    };
    const handOvers: Record<string, number> = { p1: 0, p3: 0 };
    for (let round = 0; round < 4; round++) {
      for (const seat of ["p1", "p3"]) {
        const view = (await client.get(`/api/games/${id}`)).body;
        if (view.status === "finished" || !view.toAct.includes(seat)) continue;
        const { game, events } = await playTurn(client, id, seat, tokens[seat]!);
        // The bot between the two humans played inside the same request.
        if (game.status !== "finished") expect((events as { seat?: string }[]).some((e) => e.seat !== seat)).toBe(true);
        for (const next of game.toAct as string[]) if (next in handOvers && next !== seat) handOvers[next]!++;
      }
    }
    const mails = (await turnMails(id)).filter((m) => m.kind === "your_turn");
    expect(handOvers.p3).toBeGreaterThanOrEqual(3);
    expect(mails.filter((m) => m.seat === "p3")).toHaveLength(handOvers.p3!);
    expect(mails.filter((m) => m.seat === "p1")).toHaveLength(handOvers.p1!);
    expect(mails.every((m) => m.seat === "p1" || m.seat === "p3")).toBe(true);
  });

  it("one human against three bots: the bots' turns come back in the response, and no turn mail is written", async () => {
    const id = await create({ p1: { email: "solo@example.com", name: "Solo" }, p2: { bot: true }, p3: { bot: true }, p4: { bot: true } }, "dw-solo");
    const token = await seatToken(env.TOKEN_SECRET, id, "p1", 0);
    let rounds = 0;
    for (; rounds < 5; rounds++) {
      const before = (await client.get(`/api/games/${id}`)).body;
      if (before.status === "finished") break;
      const { game, events } = await playTurn(client, id, "p1", token);
      const bySeat = new Set((events as { kind: string; seat?: string }[]).filter((e) => e.kind === "turn").map((e) => e.seat));
      if (game.status !== "finished") {
        expect(game.toAct).toEqual(["p1"]);
        expect([...bySeat].some((s) => s !== "p1")).toBe(true);
        // A new turn after the bots played: a fresh deadline even though toAct is p1 again.
        expect(game.seq).toBeGreaterThan(before.seq + 1);
        const after = (await client.get(`/api/games/${id}`)).body;
        expect(after.deadline).toBeGreaterThan(before.deadline);
      }
    }
    expect(rounds).toBeGreaterThanOrEqual(2);
    const log = (await client.get(`/api/games/${id}/log`)).body.entries as { seat: string; bot: boolean }[];
    expect(log.some((e) => e.bot && e.seat === "p4")).toBe(true);
    expect((await turnMails(id)).filter((m) => m.kind === "your_turn")).toEqual([]);
  });
});

describe("mail when a player is knocked out", () => {
  const seats = ["p1", "p2", "p3"].map((seat, i) => ({
    gameId: "g",
    seat,
    name: seat,
    email: i === 1 ? null : `${seat}@example.com`,
    bot: i === 1 ? 1 : 0,
    botLevel: "standard" as const,
    epoch: 0,
    prefs: "every_turn" as const,
    holdMinutes: 15,
    undeliverable: 0,
    orders: {},
    vacationUntil: null,
    vacationLeft: 0,
  }));
  const base = { gameId: "g", rulesetTitle: "DiceWars", seats, toActBefore: ["p1"], requester: "p1", lines: ["p1 took the last cell of p3"], deadline: null, now: 1, newId: () => crypto.randomUUID() };

  it("a human knocked out of a game that goes on gets one 'eliminated' mail", async () => {
    const { handoverMails } = await import("../../worker/mail/handover");
    const rows = handoverMails({ ...base, toActAfter: ["p2"], outcome: null, eliminated: ["p3"] });
    expect(rows.map((r) => [r.seat, r.kind])).toEqual([["p3", "eliminated"]]);
  });

  it("when the game ends, every human gets the game-over mail (and no separate eliminated mail)", async () => {
    const { handoverMails } = await import("../../worker/mail/handover");
    const rows = handoverMails({ ...base, toActAfter: [], outcome: { result: "win", winners: ["p1"], reason: "last_player_standing", line: "p1 wins." }, eliminated: ["p3"] });
    expect(rows.map((r) => [r.seat, r.kind])).toEqual([
      ["p1", "game_over"],
      ["p3", "game_over"],
    ]);
  });
});

describe("many bot turns in one request", () => {
  it("the last human knocked out of a four-player game: the bots play on (a budget of actions per request, then /continue or the cron) and nothing fails", async () => {
    const id = await create({ p1: { email: "last@example.com", name: "Last" }, p2: { bot: true }, p3: { bot: true }, p4: { bot: true } }, "elim-1");
    const token = await seatToken(env.TOKEN_SECRET, id, "p1", 0);
    const out = (g: { state: { players: { seat: string; eliminated: boolean }[] } }) => g.state.players.find((p) => p.seat === "p1")!.eliminated;
    let game = (await client.get(`/api/games/${id}`, token)).body;
    let lastSeqBefore = game.seq;
    for (let n = 0; n < 300 && !out(game) && game.status === "active"; n++) {
      if (!game.toAct.includes("p1")) {
        game = await continueBots(client, id, token);
        continue;
      }
      lastSeqBefore = game.seq;
      const res = await client.post(`/api/games/${id}/actions`, { seq: game.seq, actions: [{ type: "end_turn" }] }, token);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      game = (await client.get(`/api/games/${id}`, token)).body;
    }
    // The knock-out request stores its own turn and at most BOT_ACTIONS_PER_REQUEST bot
    // actions; the three bots outlast that budget, so the rest waits for /continue or the cron.
    const { BOT_ACTIONS_PER_REQUEST } = await import("../../worker/games/advance");
    const botActions = async (after: number, upTo: number) =>
      (await env.DB.prepare("SELECT actions FROM turns WHERE game_id = ? AND seq > ? AND seq <= ? AND by_bot = 1").bind(id, after, upTo).all<{ actions: string }>()).results.reduce(
        (n, r) => n + (JSON.parse(r.actions) as unknown[]).length,
        0,
      );
    expect(game.status).toBe("active");
    expect(await botActions(lastSeqBefore + 1, game.seq)).toBe(BOT_ACTIONS_PER_REQUEST);
    const row = await env.DB.prepare("SELECT bots_waiting, seq FROM games WHERE id = ?").bind(id).first<{ bots_waiting: number; seq: number }>();
    expect(row!.bots_waiting).toBe(1);
    const { resumeBots } = await import("../../worker/games/resume");
    const { makeDeps } = await import("../../worker/deps");
    expect(await resumeBots(makeDeps(env, env.DB), id)).toBe(true);
    const after = await env.DB.prepare("SELECT seq FROM games WHERE id = ?").bind(id).first<{ seq: number }>();
    expect(after!.seq).toBeGreaterThan(row!.seq);
    expect(await botActions(row!.seq, after!.seq)).toBeLessThanOrEqual(BOT_ACTIONS_PER_REQUEST);
    expect(out(game)).toBe(true);
    const log = (await client.get(`/api/games/${id}/log`)).body.entries as { seq: number; bot: boolean }[];
    expect(log.filter((e) => e.bot).length).toBeGreaterThan(2);
    // anyone may ask the computer to go on, a request at a time
    const more = await client.post(`/api/games/${id}/continue`, {});
    expect([more.status, more.body.continued]).toEqual([200, true]);
    expect(more.body.seq).toBeGreaterThan(after!.seq);
    const mails = await turnMails(id);
    expect(mails.filter((m) => m.kind === "eliminated")).toEqual([{ seat: "p1", kind: "eliminated" }]);
  });
});
