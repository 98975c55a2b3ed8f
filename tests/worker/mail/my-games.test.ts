/** "My games" by mail (POST /api/my-games): the list, the same answer for anyone, the limits, the block list. */
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { addressProof, seatToken } from "../../../worker/auth";
import { MY_GAMES_LIMITS } from "../../../worker/games/my-games";
import { freshIp } from "../helpers";
import { createDuel, fake, mailWorld } from "./helpers";
import { shardCount } from "../../../worker/store/shards";

const ANSWER = { message: "If this address plays games on hexpost, a mail listing them is on its way." };

describe("my games, by mail", () => {
  it("lists every game the address plays, active first, each with its seat's link and whose move it is", async () => {
    const w = mailWorld();
    const first = await createDuel(w, { seed: "mine-1" });
    const second = await createDuel(w, { seed: "mine-2" });
    const before = (await fake.sent(w.key)).length;
    const res = await w.client.post("/api/my-games", { email: w.olga }, undefined, { "cf-connecting-ip": freshIp() });
    expect([res.status, res.body]).toEqual([202, ANSWER]);
    const sent = (await fake.sent(w.key)).slice(before);
    expect(sent).toHaveLength(1);
    const mail = sent[0]!;
    expect(mail.body.to).toEqual([w.olga]);
    expect(mail.body.subject).toBe("[hexpost] Your games");
    const text = mail.body.text.replace(/\s+/g, " ");
    for (const { id } of [first, second]) {
      expect(text).toContain(`DiceWars #${id.slice(0, 4)}, you play Player 2: waiting for Player 1.`);
      expect(text).toContain(`https://hexpost.test/g/${id}#t=${await seatToken(env.TOKEN_SECRET, id, "p2", 0)}`);
    }
    // the creator, whose move it is, reads so in the subject
    await w.client.post("/api/my-games", { email: w.hans }, undefined, { "cf-connecting-ip": freshIp() });
    const toHans = (await fake.sent(w.key)).filter((m) => m.body.to[0] === w.hans).at(-1)!;
    expect(toHans.body.subject).toBe("[hexpost] Your games (your move in 2)");
  });

  it("says which notifications serve every game of the address (the one place they live), and that none do", async () => {
    const w = mailWorld();
    const { id, hans } = await createDuel(w, { seed: "mine-channels" });
    const ask = async () => {
      const before = (await fake.sent(w.key)).length;
      await w.client.post("/api/my-games", { email: w.hans }, undefined, { "cf-connecting-ip": freshIp() });
      return (await fake.sent(w.key)).slice(before)[0]!.body.text.replace(/\s+/g, " ");
    };
    expect(await ask()).toContain("No notifications reach you for all your games but mail");
    const proof = { "x-address-proof": await addressProof(env.TOKEN_SECRET, id, "p1", w.hans) };
    const added = await w.client.call("POST", `/api/games/${id}/channels`, { kind: "ntfy", url: "https://ntfy.example.org/hans-games", scope: "address" }, { authorization: `Bearer ${hans}`, ...proof });
    expect(added.status, JSON.stringify(added.body)).toBe(201);
    // a channel of this seat only is not listed
    await w.client.post(`/api/games/${id}/channels`, { kind: "ntfy", url: "https://ntfy.example.org/just-this-one" }, hans);
    const text = await ask();
    expect(text).toContain("Notifications for all your games: ntfy webhook (ntfy.example.org).");
    expect(text).not.toContain("just-this-one");
  });

  it("an address with no games gets the same answer and no mail", async () => {
    const w = mailWorld();
    const nobody = `nobody.${w.key.slice(8)}@example.com`;
    const res = await w.client.post("/api/my-games", { email: nobody }, undefined, { "cf-connecting-ip": freshIp() });
    expect([res.status, res.body]).toEqual([202, ANSWER]);
    expect((await fake.sent(w.key)).filter((m) => m.body.to[0] === nobody)).toEqual([]);
    const rows = await env.DB.prepare("SELECT COUNT(*) AS n FROM outbox WHERE recipient = ?").bind(nobody).first<{ n: number }>();
    expect(rows!.n).toBe(0);
  });

  it("is limited per address (silently: the same answer) and per client (429)", async () => {
    const w = mailWorld();
    await createDuel(w, { seed: "limits" });
    for (let i = 0; i < MY_GAMES_LIMITS.perAddressPerDay + 2; i++) {
      const res = await w.client.post("/api/my-games", { email: w.olga }, undefined, { "cf-connecting-ip": freshIp() });
      expect([res.status, res.body]).toEqual([202, ANSWER]);
    }
    expect((await fake.sent(w.key)).filter((m) => m.body.subject === "[hexpost] Your games")).toHaveLength(MY_GAMES_LIMITS.perAddressPerDay);
    const ip = freshIp();
    const answers = [];
    for (let i = 0; i <= MY_GAMES_LIMITS.perClientPerHour; i++) answers.push((await w.client.post("/api/my-games", { email: `x${i}@example.com` }, undefined, { "cf-connecting-ip": ip })).status);
    expect(answers.at(-1)).toBe(429);
    expect(answers.slice(0, -1).every((s) => s === 202)).toBe(true);
  });

  it("costs the same D1 round trips before its answer for an address that plays, one that does not, and a blocked one (no timing oracle)", async () => {
    const w = mailWorld();
    await createDuel(w, { seed: "oracle" });
    const blocked = `blocked.${w.key.slice(8)}@example.com`;
    await env.DB.prepare("INSERT INTO blocked_addresses (email, at) VALUES (?, 0)").bind(blocked).run();
    const trips = async (email: string) => {
      const res = await w.client.post("/api/my-games", { email }, undefined, { "cf-connecting-ip": freshIp() });
      expect([res.status, res.body]).toEqual([202, ANSWER]);
      return (res.headers.get("x-d1-usage") ?? "").split("; ").find((kv) => kv.startsWith("round_trips="));
    };
    const plays = await trips(w.olga);
    // one round trip a D1 shard, all at once (store/shards.ts)
    expect(plays).toBe(`round_trips=${shardCount(env)}`);
    expect(await trips(`nobody.${w.key.slice(8)}@example.com`)).toBe(plays);
    expect(await trips(blocked)).toBe(plays);
    // and the one that plays still gets its list, after the answer
    expect((await fake.sent(w.key)).filter((m) => m.body.to[0] === w.olga && m.body.subject.startsWith("[hexpost] Your games"))).toHaveLength(1);
  });

  it("a blocked address gets nothing, and a bad address is a 400 naming the field", async () => {
    const w = mailWorld();
    await createDuel(w, { seed: "blocked" });
    await env.DB.prepare("INSERT INTO blocked_addresses (email, at) VALUES (?, 0)").bind(w.olga).run();
    const res = await w.client.post("/api/my-games", { email: w.olga }, undefined, { "cf-connecting-ip": freshIp() });
    expect([res.status, res.body]).toEqual([202, ANSWER]);
    expect((await fake.sent(w.key)).filter((m) => m.body.subject.startsWith("[hexpost] Your games"))).toEqual([]);
    const bad = await w.client.post("/api/my-games", { email: "not an address" }, undefined, { "cf-connecting-ip": freshIp() });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toContain("email");
  });
});
