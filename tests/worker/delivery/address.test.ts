/**
 * Channels for every game of an address need a mailed link's proof of the address: a game's
 * creator types its own seat's address and gets the seat's link in the create's answer, so a
 * link alone proves nothing (issue: reach players where they are, 5; review).
 */
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { addressProof } from "../../../worker/auth";
import { createDuel, fake } from "../mail/helpers";
import { deliveryWorld, olgaToken, type DeliveryWorld } from "./world";

const post = (w: DeliveryWorld, gameId: string, token: string, body: unknown, proof?: string) =>
  w.client.call("POST", `/api/games/${gameId}/channels`, body, { authorization: `Bearer ${token}`, ...(proof ? { "x-address-proof": proof } : {}) });

describe("channels for all the games of an address", () => {
  it("a creator who typed someone else's address cannot add, see or remove that address's channels", async () => {
    const w = deliveryWorld();
    // Olga plays here and added a webhook for all her games, from her invitation's link
    const hers = await createDuel(w.world, { seed: "victim" });
    const olga = await olgaToken(hers.id);
    const invitation = (await fake.sent(w.key)).find((m) => m.body.to[0] === w.olga && m.body.subject.includes("invites you"))!;
    const mailedProof = /#t=[\w-]+&a=([\w-]+)/.exec(invitation.body.text)![1]!;
    const own = await post(w, hers.id, olga, { kind: "ntfy", url: "https://ntfy.example.org/olga-all", scope: "address" }, mailedProof);
    expect(own.status, JSON.stringify(own.body)).toBe(201);

    // an attacker creates a game giving Olga's address to its own seat, and holds that seat's link
    const res = await w.client.post("/api/games", { ruleset: "dicewars", scenario: "10x10", options: { players: 2 }, seats: { p1: { email: w.olga, name: "Mallory" }, p2: { bot: true } }, creator: "p1", seed: "attacker" }, undefined, { "cf-connecting-ip": "198.51.100.77" });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const { id, you } = res.body as { id: string; you: { token: string } };
    const before = (await env.DB.prepare("SELECT count(*) AS n FROM channels").first<{ n: number }>())!.n;
    for (const proof of [undefined, mailedProof, await addressProof(env.TOKEN_SECRET, id, "p1", "someone@else.example")]) {
      const refused = await post(w, id, you.token, { kind: "json", url: "https://attacker.example/collect", scope: "address" }, proof);
      expect([refused.status, refused.body.details?.field], JSON.stringify(refused.body)).toEqual([400, "scope"]);
    }
    expect((await env.DB.prepare("SELECT count(*) AS n FROM channels").first<{ n: number }>())!.n).toBe(before);
    // nor does it see or remove Olga's
    const listed = await w.client.call("GET", `/api/games/${id}/channels`, undefined, { authorization: `Bearer ${you.token}` });
    expect([listed.body.addressProven, listed.body.channels]).toEqual([false, []]);
    expect((await w.client.get(`/api/games/${id}`, you.token)).body.you.channels).toEqual([]);
    const removed = await w.client.call("DELETE", `/api/games/${id}/channels/${own.body.channel.id}`, undefined, { authorization: `Bearer ${you.token}` });
    expect(removed.status).toBe(404);
    // a seat-only channel of its own it may add
    expect((await post(w, id, you.token, { kind: "json", url: "https://attacker.example/mine" })).status).toBe(201);
  });

  it("with the proof its mailed link carries, the seat sees and manages its address's channels from any of its games", async () => {
    const w = deliveryWorld();
    const { id } = await createDuel(w.world, { seed: "proven" });
    const olga = await olgaToken(id);
    const proof = await addressProof(env.TOKEN_SECRET, id, "p2", w.olga);
    const added = await post(w, id, olga, { kind: "ntfy", url: "https://ntfy.example.org/olga", scope: "address" }, proof);
    expect(added.status, JSON.stringify(added.body)).toBe(201);
    const listed = await w.client.call("GET", `/api/games/${id}/channels`, undefined, { authorization: `Bearer ${olga}`, "x-address-proof": proof });
    expect(listed.body.addressProven).toBe(true);
    expect(listed.body.channels.map((c: { scope: string; target: string }) => [c.scope, c.target])).toEqual([["address", "ntfy.example.org"]]);
    const removed = await w.client.call("DELETE", `/api/games/${id}/channels/${added.body.channel.id}`, undefined, { authorization: `Bearer ${olga}`, "x-address-proof": proof });
    expect(removed.status).toBe(204);
  });
});
