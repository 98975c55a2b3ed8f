/**
 * A game the computer plays alone (DiceWars' seed lets every seat be a bot): the creator takes
 * no seat and gets a link to watch; nobody is mailed; the cron plays it to the end, each run
 * within the per-request budget.
 */
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { runCron } from "../../worker/cron";
import { makeDeps } from "../../worker/deps";
import { botActionsPerRequest } from "../../worker/games/advance";
import { api, freshIp } from "./helpers";

const client = api();

/** The actions stored in the turns after `from` up to `to`: what one request played. */
async function actionsBetween(id: string, from: number, to: number): Promise<number> {
  const rows = await env.DB.prepare("SELECT actions FROM turns WHERE game_id = ? AND seq > ? AND seq <= ?").bind(id, from, to).all<{ actions: string }>();
  return rows.results.reduce((n, r) => n + (JSON.parse(r.actions) as unknown[]).length, 0);
}

describe("games the computer plays alone", () => {
  it("every seat a bot: no creator seat, a spectator link, no mail; the cron plays it to the end", async () => {
    const created = await client.post(
      "/api/games",
      { ruleset: "dicewars", scenario: "10x10", options: { players: 2, roundLimit: 50 }, seats: { p1: { bot: true }, p2: { bot: true } }, seed: "computer-alone" },
      undefined,
      { "cf-connecting-ip": freshIp() },
    );
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const id = created.body.id as string;
    expect(created.body.you).toBeNull();
    // the computer's seats have names of their own
    expect(created.body.seats.map((s: { name: string }) => s.name)).toEqual(["Ada", "Babbage"]);
    expect(created.body.watch).toBe(`https://hexpost.test/g/${id}`);
    let game = (await client.get(`/api/games/${id}`)).body;
    expect(await actionsBetween(id, 0, game.seq)).toBe(botActionsPerRequest("dicewars"));
    expect(game.botsWaiting).toBe(true);

    const deps = makeDeps(env, env.DB);
    let runs = 0;
    while (game.status === "active") {
      expect(runs++, "the cron should finish the game").toBeLessThan(400);
      const before = game.seq;
      const report = await runCron(deps);
      expect(report.errors).toEqual([]);
      game = (await client.get(`/api/games/${id}`)).body;
      expect(await actionsBetween(id, before, game.seq)).toBeLessThanOrEqual(botActionsPerRequest("dicewars"));
    }
    expect(game.outcome.line.length).toBeGreaterThan(0);
    const mails = await env.DB.prepare("SELECT COUNT(*) AS n FROM outbox WHERE game_id = ?").bind(id).first<{ n: number }>();
    expect(mails!.n).toBe(0);
  });

  it("a creator seat in a game with no human seat is refused, naming the field", async () => {
    const res = await client.post(
      "/api/games",
      { ruleset: "dicewars", scenario: "10x10", options: { players: 2 }, seats: { p1: { bot: true }, p2: { bot: true } }, creator: "p1" },
      undefined,
      { "cf-connecting-ip": freshIp() },
    );
    expect([res.status, res.body.error, res.body.details?.field]).toEqual([422, "bad_seat", "creator"]);
  });

  it("a game with a human seat still needs its creator in one", async () => {
    const res = await client.post(
      "/api/games",
      { ruleset: "dicewars", scenario: "10x10", options: { players: 2 }, seats: { p1: { email: "a@example.com" }, p2: { bot: true } } },
      undefined,
      { "cf-connecting-ip": freshIp() },
    );
    expect([res.status, res.body.error]).toEqual([422, "bad_seat"]);
  });
});
