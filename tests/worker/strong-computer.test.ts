/**
 * The strong computer (issue 28 item 2) as a seat: chosen on create, stored with the seat, shown
 * with it, and playing through the service like any other player: its actions are the strong
 * level's choices from the recorded positions, with its own stream, within its per-request budget.
 */
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { botActionsPerRequest } from "../../worker/games/advance";
import { getRuleset } from "../../worker/engine/registry";
import { RecordedRng } from "../../worker/engine/rng";
import { isRuleError } from "../../worker/engine/ruleset";
import { actionsPerRequestAt, botAt } from "../../worker/engine/strong";
import { seedStreams } from "../../worker/play/dice";
import { api, freshIp } from "./helpers";

const client = api();
const create = (body: Record<string, unknown>) => client.post("/api/games", body, undefined, { "cf-connecting-ip": freshIp() });

describe("the strong computer", () => {
  it("a seat created strong is stored and shown so, and plays the strong level's choices, a few a request", async () => {
    await client.get("/api/rulesets"); // not the isolate's first request (that one plays a single action)
    const seed = "strong-seat";
    const created = await create({ ruleset: "dicewars", scenario: "10x10", options: { players: 2, roundLimit: 50 }, seats: { p1: { bot: true, level: "strong" }, p2: { bot: true } }, seed });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const id = created.body.id as string;
    expect(created.body.seats).toEqual([
      { seat: "p1", name: "Ada", bot: true, level: "strong" },
      { seat: "p2", name: "Babbage", bot: true, level: "standard" },
    ]);
    const stored = await env.DB.prepare("SELECT seat, bot_level FROM seats WHERE game_id = ? ORDER BY seat").bind(id).all();
    expect(stored.results).toEqual([
      { seat: "p1", bot_level: "strong" },
      { seat: "p2", bot_level: "standard" },
    ]);
    const shown = (await client.get(`/api/games/${id}`)).body;
    expect(shown.seats.map((s: { seat: string; level?: string }) => [s.seat, s.level])).toEqual([
      ["p1", "strong"],
      ["p2", "standard"],
    ]);
    // the record says who played at which level too
    const exported = (await client.get(`/api/games/${id}/export`)).body;
    expect(exported.seats.map((s: { seat: string; level?: string }) => [s.seat, s.level])).toEqual([
      ["p1", "strong"],
      ["p2", "standard"],
    ]);

    const ruleset = getRuleset("dicewars")!;
    const strongPerRequest = actionsPerRequestAt(ruleset, "strong", botActionsPerRequest(ruleset));
    let seq = shown.seq as number;
    for (let request = 0; request < 12; request++) {
      const next = await client.post(`/api/games/${id}/continue`, {});
      expect(next.status, JSON.stringify(next.body)).toBe(200);
      const log = (await client.get(`/api/games/${id}/log?after=${seq}`)).body;
      const strongActions = log.entries.filter((e: { seat: string }) => e.seat === "p1").reduce((n: number, e: { actions: unknown[] }) => n + e.actions.length, 0);
      expect(strongActions).toBeLessThanOrEqual(strongPerRequest);
      seq = next.body.seq;
    }

    // replay the log: every p1 action is the strong level's choice from that position with the turn's bot stream
    const log = (await client.get(`/api/games/${id}/log`)).body;
    const streams = await seedStreams(seed);
    const strong = botAt(ruleset, "strong");
    let state = log.start;
    let strongChecked = 0;
    for (const entry of log.entries as { seq: number; seat: string; bot: boolean; actions: unknown[]; draws: number[][] }[]) {
      const botStream = await streams.bot(entry.seq - 1);
      entry.actions.forEach((action, i) => {
        if (entry.seat === "p1") {
          expect(entry.bot).toBe(true);
          expect(strong(state, "p1", botStream), `p1's action ${i} of turn ${entry.seq}`).toEqual(action);
          strongChecked++;
        }
        const applied = ruleset.apply(state, entry.seat, action, new RecordedRng(entry.draws[i]!));
        if (isRuleError(applied)) throw new Error(applied.message);
        state = applied.state;
      });
    }
    expect(strongChecked).toBeGreaterThan(0);
  });

  it("an unknown level is refused with a 400 naming the field; a level on a person's seat with a 422; nothing is created", async () => {
    const before = await env.DB.prepare("SELECT COUNT(*) AS n FROM games").first<{ n: number }>();
    const unknown = await create({ ruleset: "dicewars", scenario: "10x10", options: { players: 2 }, seats: { p1: { bot: true, level: "grandmaster" }, p2: { bot: true } } });
    expect(unknown.status).toBe(400);
    expect(unknown.body.message).toContain("seats.p1.level");
    expect(unknown.body.message).toContain('"strong"');
    const person = await create({ ruleset: "dicewars", scenario: "10x10", options: { players: 2 }, seats: { p1: { email: "ann@example.com", level: "strong" }, p2: { bot: true } }, creator: "p1" });
    expect(person.status).toBe(422);
    expect(person.body.message).toContain("level");
    const after = await env.DB.prepare("SELECT COUNT(*) AS n FROM games").first<{ n: number }>();
    expect(after!.n).toBe(before!.n);
  });
});
