import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { gameIdOn, shardCount, shardOfGame } from "../../worker/store/shards";
import { api, freshIp } from "./helpers";
import { dbOf, everyDb } from "./shard-db";

describe("D1 shards (store/shards.ts)", () => {
  it("a game id names its shard, and ids made before sharding name shard 0", () => {
    expect(shardOfGame("k3m9x2abcd")).toBe(0);
    expect(shardOfGame(gameIdOn("k3m9x2abcd", 1))).toBe(1);
    expect(gameIdOn("k3m9x2abcd-1", 0)).toBe("k3m9x2abcd");
    expect(gameIdOn("k3m9x2abcd-1", 12)).toBe("k3m9x2abcd-12");
  });

  it("games are spread over every shard, each stored whole on the shard its id names", async () => {
    const client = api();
    const ids: string[] = [];
    for (let i = 0; i < 12; i++) {
      const res = await client.post("/api/games", { ruleset: "moscow", scenario: "quickstart", seats: { german: { name: "Hans", email: `shard${i}@example.com` }, soviet: { bot: true } }, creator: "german" }, undefined, { "cf-connecting-ip": freshIp() });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      ids.push(res.body.id as string);
    }
    const used = new Set(ids.map(shardOfGame));
    expect(used.size).toBe(shardCount(env));
    for (const id of ids) {
      for (const db of everyDb()) {
        const found = await db.prepare("SELECT count(*) AS n FROM games WHERE id = ?").bind(id).first<{ n: number }>();
        expect(found!.n).toBe(db === dbOf(id) ? 1 : 0);
      }
    }
  });

  it("an id naming a shard that is not bound is an unknown game (404), not a crash", async () => {
    const res = await api().get("/api/games/k3m9x2abcd-77");
    expect(res.status).toBe(404);
  });
});
