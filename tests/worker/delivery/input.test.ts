import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { browserSubscription } from "../push-keys";
import { api } from "../helpers";
import { createDuel, outboxRows } from "../mail/helpers";
import { addChannel, deliveryWorld, olgaToken, SINK, uniqueName } from "./world";

const channelCount = async (gameId: string) => (await env.DB.prepare("SELECT count(*) AS n FROM channels WHERE game_id = ?").bind(gameId).first<{ n: number }>())!.n;

async function refused(w: { client: ReturnType<typeof api> }, gameId: string, token: string, body: unknown, field: string) {
  const before = await channelCount(gameId);
  const res = await w.client.post(`/api/games/${gameId}/channels`, body, token);
  expect([res.status, res.body.error], JSON.stringify(res.body)).toEqual([400, "bad_request"]);
  expect(res.body.details?.field ?? res.body.message).toBe(field);
  expect(res.body.message).toContain(field);
  expect(await channelCount(gameId)).toBe(before);
  return res;
}

describe("channels: bad input is a 400 naming the field, and writes nothing", () => {
  it("in production: a non-https endpoint, a private address", async () => {
    const w = deliveryWorld();
    const { id, hans } = await createDuel(w.world);
    // the same app and D1 in production (the game was made in dev mode: a fixed seed)
    const production = { ...w, client: api({ now: w.clock.now }, { DEV_MODE: "false" }) };
    await refused(production, id, hans, { kind: "json", url: "http://hooks.example.com/x" }, "url");
    await refused(production, id, hans, { kind: "json", url: "https://10.0.0.7/hook" }, "url");
    await refused(production, id, hans, { kind: "json", url: "https://localhost/hook" }, "url");
    await refused(production, id, hans, { kind: "json", url: "https://[::1]/hook" }, "url");
    await refused(production, id, hans, { kind: "discord", url: "https://hooks.example.com/api/webhooks/1/x" }, "url");
    // dev mode takes the http one
    expect((await w.client.post(`/api/games/${id}/channels`, { kind: "json", url: "http://hooks.example.com/x" }, hans)).status).toBe(201);
    await env.DB.prepare("DELETE FROM channels WHERE game_id = ?").bind(id).run();
    // a good one is taken (the refusals above are not a refusal of everything)
    expect((await production.client.post(`/api/games/${id}/channels`, { kind: "json", url: "https://hooks.example.com/x" }, hans)).status).toBe(201);
    expect(await channelCount(id)).toBe(1);
  });

  it("a URL over 2 KB, a subscription whose keys do not parse", async () => {
    const w = deliveryWorld();
    const { id, hans } = await createDuel(w.world);
    await refused(w, id, hans, { kind: "json", url: `${SINK}/sink/${"a".repeat(2100)}` }, "url");
    const good = await browserSubscription(`${SINK}/push/${uniqueName("keys")}`);
    await refused(w, id, hans, { kind: "push", subscription: { ...good.json, endpoint: `${SINK}/push/${"b".repeat(2100)}` } }, "subscription.endpoint");
    await refused(w, id, hans, { kind: "push", subscription: { ...good.json, keys: { ...good.json.keys, p256dh: "not*base64" } } }, "subscription.keys.p256dh");
    // 65 bytes starting 0x04 that are not a point on the curve
    const offCurve = btoa(String.fromCharCode(4, ...new Array(64).fill(7))).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
    await refused(w, id, hans, { kind: "push", subscription: { ...good.json, keys: { ...good.json.keys, p256dh: offCurve } } }, "subscription.keys.p256dh");
    await refused(w, id, hans, { kind: "push", subscription: { ...good.json, keys: { ...good.json.keys, auth: "AAAA" } } }, "subscription.keys.auth");
    await refused(w, id, hans, { kind: "push", subscription: { endpoint: good.json.endpoint } }, "subscription.keys");
    expect((await w.client.post(`/api/games/${id}/channels`, { kind: "push", subscription: good.json }, hans)).status).toBe(201);
  });

  it("a 6th channel", async () => {
    const w = deliveryWorld();
    const { id, hans } = await createDuel(w.world);
    for (let i = 0; i < 5; i++) await addChannel(w, id, hans, { kind: "json", url: `${SINK}/sink/${uniqueName(`six${i}`)}` });
    await refused(w, id, hans, { kind: "json", url: `${SINK}/sink/${uniqueName("six")}` }, "kind");
    expect(await channelCount(id)).toBe(5);
    // Olga's seat has its own budget
    await addChannel(w, id, await olgaToken(id), { kind: "json", url: `${SINK}/sink/${uniqueName("olga")}` });
    expect((await outboxRows(id)).filter((r) => r.channel_id !== null)).toEqual([]);
  });
});
