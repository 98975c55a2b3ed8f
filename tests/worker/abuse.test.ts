/**
 * The abuse holes found by trying the service as an attacker would (each test failed before
 * its fix).
 */
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { api, freshIp } from "./helpers";
import { tokenFor } from "./play";

const client = api();

async function createDicewars(seed: string) {
  const seats = { p1: { email: "ann@example.com" }, p2: { email: "bo@example.com" }, p3: { email: "cy@example.com" } };
  const res = await client.post("/api/games", { ruleset: "dicewars", scenario: "10x10", options: { players: 3 }, seats, creator: "p1", seed }, undefined, {
    "cf-connecting-ip": freshIp(),
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  const id = res.body.id as string;
  return { id, p1: res.body.you.token as string, p2: await tokenFor(id, "p2"), p3: await tokenFor(id, "p3") };
}

const resignations = async (id: string) =>
  (await env.DB.prepare("SELECT COUNT(*) AS n FROM turns WHERE game_id = ? AND service = 'resign'").bind(id).first<{ n: number }>())!.n;

describe("a seat that left the game", () => {
  it("resigned in a three-seat game: its link no longer acts, resigns again or claims a timeout", async () => {
    const g = await createDicewars("left-1");
    expect((await client.post(`/api/games/${g.id}/resign`, {}, g.p2)).status).toBe(200);
    const seq = (await client.get(`/api/games/${g.id}`)).body.seq;
    const again = await client.post(`/api/games/${g.id}/resign`, {}, g.p2);
    expect(again.status).toBe(401);
    expect((await client.post(`/api/games/${g.id}/claim-timeout`, {}, g.p2)).status).toBe(401);
    expect((await client.post(`/api/games/${g.id}/actions`, { seq, actions: [{ type: "end_turn" }] }, g.p2)).status).toBe(401);
    expect((await client.get(`/api/games/${g.id}`)).body.seq).toBe(seq);
    expect(await resignations(g.id)).toBe(1);
  });

  it("ten concurrent resignations of one seat store one", async () => {
    const g = await createDicewars("left-2");
    const answers = await Promise.all(Array.from({ length: 10 }, () => client.post(`/api/games/${g.id}/resign`, {}, g.p3)));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    expect(answers.every((a) => [200, 401, 409].includes(a.status))).toBe(true);
    expect(await resignations(g.id)).toBe(1);
  });
});

describe("creating a game", () => {
  it("the creator's own address is checked against the block list like any invited one", async () => {
    await env.DB.prepare("INSERT OR IGNORE INTO blocked_addresses (email, at) VALUES (?, 0)").bind("blocked-creator@example.com").run();
    const res = await client.post(
      "/api/games",
      { ruleset: "moscow", scenario: "quickstart", seats: { german: { email: "blocked-creator@example.com", name: "Spam" }, soviet: { bot: true } }, creator: "german" },
      undefined,
      { "cf-connecting-ip": freshIp() },
    );
    expect([res.status, res.body.error]).toEqual([422, "address_blocked"]);
  });

  it("the creator's own link carries the block link too (an address someone else used gets a way out)", async () => {
    const { composeMail } = await import("../../worker/mail/compose");
    const res = await client.post(
      "/api/games",
      { ruleset: "moscow", scenario: "quickstart", seats: { german: { email: "victim@example.com" }, soviet: { bot: true } }, creator: "german" },
      undefined,
      { "cf-connecting-ip": freshIp() },
    );
    const row = await env.DB.prepare("SELECT * FROM outbox WHERE game_id = ? AND kind = 'your_link'").bind(res.body.id).first<Record<string, unknown>>();
    const mail = await composeMail(env, { ...row, gameId: row!.game_id, payload: JSON.parse(String(row!.payload)), createdAt: row!.created_at } as never);
    expect(mail.text.replace(/\s+/g, " ")).toContain("Don't invite me to hexpost games again");
    expect(mail.text).toContain("/api/block?");
  });

  it("a +tag does not get round the block list: olga+games@ is olga@ (decision: tags are folded, dots are not)", async () => {
    await env.DB.prepare("INSERT OR IGNORE INTO blocked_addresses (email, at) VALUES (?, 0)").bind("tagged@example.com").run();
    const res = await client.post(
      "/api/games",
      { ruleset: "moscow", scenario: "quickstart", seats: { german: { email: "a@example.com" }, soviet: { email: "Tagged+Games@Example.com" } }, creator: "german" },
      undefined,
      { "cf-connecting-ip": freshIp() },
    );
    expect([res.status, res.body.error]).toEqual([422, "address_blocked"]);
  });

  it.each([
    ['"options": []', "options"],
    ['"seats": {"__proto__": {"email": "x@example.com"}, "german": {"email": "a@example.com"}}', "seats"],
    ['"seats": {"constructor": {"email": "x@example.com"}, "german": {"email": "a@example.com"}}', "seats"],
  ])("%s is refused, naming the field", async (patch, field) => {
    const raw = `{"ruleset": "moscow", "scenario": "quickstart", "creator": "german", ${patch.startsWith('"seats"') ? patch : `${patch}, "seats": {"german": {"email": "a@example.com"}}`}}`;
    const res = await client.post("/api/games", raw, undefined, { "cf-connecting-ip": freshIp() });
    expect([400, 422]).toContain(res.status);
    expect(JSON.stringify(res.body)).toContain(field);
  });

  it.each([
    ['{"orders": {"__proto__": "always"}}', "orders"],
    ['{"orders": {"constructor": null}}', "orders"],
    ['{"orders": {"prototype": "never"}}', "orders"],
    ['{"orders": []}', "orders"],
  ])("PUT /orders %s is a 400 naming the field, and changes nothing", async (raw, field) => {
    const { p1, id } = await createDicewars(`orders-keys-${field}-${raw.length}`);
    const before = await env.DB.prepare("SELECT version FROM games WHERE id = ?").bind(id).first<{ version: number }>();
    const res = await client.call("PUT", `/api/games/${id}/orders`, raw, { authorization: `Bearer ${p1}` });
    expect([res.status, res.body.error]).toEqual([400, "bad_request"]);
    expect(res.body.message).toContain(field);
    expect(await env.DB.prepare("SELECT version FROM games WHERE id = ?").bind(id).first<{ version: number }>()).toEqual(before);
  });

  it.each([
    ['{"__proto__": {"polluted": true}, "title": "x"}'],
    ['{"title": "x", "units": [{"id": "a", "constructor": 1}]}'],
    ['{"title": "x", "map": {"prototype": {}}}'],
  ])("an inline scenario holding a reserved key (%s) is a 400 naming the scenario", async (scenario) => {
    const raw = `{"ruleset": "moscow", "scenario": ${scenario}, "creator": "german", "seats": {"german": {"email": "a@example.com"}, "soviet": {"bot": true}}}`;
    const res = await client.post("/api/games", raw, undefined, { "cf-connecting-ip": freshIp() });
    expect([res.status, res.body.error]).toEqual([400, "bad_request"]);
    expect(res.body.message).toMatch(/^scenario/);
  });

  it("without TOKEN_SECRET nothing is written, and the answer names the missing secret", async () => {
    const bare = api({}, { TOKEN_SECRET: "" });
    const before = (await env.DB.prepare("SELECT COUNT(*) AS n FROM games").first<{ n: number }>())!.n;
    const res = await bare.post(
      "/api/games",
      { ruleset: "moscow", scenario: "quickstart", seats: { german: { email: "a@example.com" }, soviet: { email: "b@example.com" } }, creator: "german" },
      undefined,
      { "cf-connecting-ip": freshIp() },
    );
    expect(res.status).toBe(500);
    expect(res.body.message).toContain("TOKEN_SECRET");
    expect((await env.DB.prepare("SELECT COUNT(*) AS n FROM games").first<{ n: number }>())!.n).toBe(before);
  });
});

describe("npm run verify refuses what it cannot reproduce", () => {
  it("a resigned game verifies; forged resignation events, swapped winners or an empty extra turn do not", async () => {
    const { verifyExport } = await import("../../worker/play/verify");
    const res = await client.post(
      "/api/games",
      { ruleset: "moscow", scenario: "quickstart", seats: { german: { email: "a@example.com" }, soviet: { bot: true } }, creator: "german", seed: "verify-forgery" },
      undefined,
      { "cf-connecting-ip": freshIp() },
    );
    expect(res.status).toBe(201);
    const move = await client.post(`/api/games/${res.body.id}/actions`, { seq: 0, actions: [{ type: "end_phase" }] }, res.body.you.token);
    expect(move.status).toBe(200);
    expect((await client.post(`/api/games/${res.body.id}/resign`, {}, res.body.you.token)).status).toBe(200);
    const record = (await client.get(`/api/games/${res.body.id}/export`)).body;
    expect((await verifyExport(record)).problems).toEqual([]);

    const forged = (change: (r: typeof record) => void) => {
      const copy = structuredClone(record);
      change(copy);
      return verifyExport(copy);
    };
    const last = record.log.length - 1;
    const attack = { kind: "battle_resolved", battleIndex: 0, dieRoll: 6, result: "DE" };
    expect((await forged((r) => r.log[last].events.push(attack))).ok).toBe(false);
    expect((await forged((r) => (r.log[last].events[0].seat = "soviet"))).ok).toBe(false);
    expect((await forged((r) => (r.outcome.winners = ["german"]))).ok).toBe(false);
    expect((await forged((r) => r.log.push({ seq: r.log[last].seq + 1, seat: "soviet", actions: [], draws: [], events: [] }))).ok).toBe(false);
  });

  it("a paused game verifies; dice draws added to a proposal's turn, or an agreement by the proposer itself, do not", async () => {
    const { verifyExport } = await import("../../worker/play/verify");
    const seats = { german: { email: "pa@example.com", name: "Pa" }, soviet: { email: "pb@example.com", name: "Pb" } };
    const res = await client.post("/api/games", { ruleset: "moscow", scenario: "quickstart", seats, creator: "german", seed: "verify-pause" }, undefined, { "cf-connecting-ip": freshIp() });
    expect(res.status).toBe(201);
    const id = res.body.id as string;
    const german = res.body.you.token as string;
    const soviet = await tokenFor(id, "soviet");
    expect((await client.post(`/api/games/${id}/pause`, { until: Date.now() + 2 * 86_400_000 }, german)).status).toBe(200);
    expect((await client.post(`/api/games/${id}/proposal`, { agree: true }, soviet)).status).toBe(200);
    expect((await client.post(`/api/games/${id}/resign`, {}, german)).status).toBe(200);
    const record = (await client.get(`/api/games/${id}/export`)).body;
    expect((await verifyExport(record)).problems).toEqual([]);
    const proposal = record.log.findIndex((e: { service?: string }) => e.service === "propose_pause");
    const answer = record.log.findIndex((e: { service?: string }) => e.service === "answer_proposal");
    expect([proposal, answer].every((i) => i >= 0)).toBe(true);

    const forged = (change: (r: typeof record) => void) => {
      const copy = structuredClone(record);
      change(copy);
      return verifyExport(copy);
    };
    const drawn = await forged((r) => (r.log[proposal].draws = [[0.25, 0.75]]));
    expect(drawn.ok).toBe(false);
    expect(drawn.problems.join(" ")).toContain("draws");
    expect((await forged((r) => (r.log[answer].draws = [[]]))).ok).toBe(false);
    // the proposer answers its own proposal: its seat on the answer turn and on its event
    const self = await forged((r) => {
      r.log[answer].seat = "german";
      r.log[answer].events[0].seat = "german";
    });
    expect(self.ok).toBe(false);
    expect(self.problems.join(" ")).toContain("already agreed");
  });
});
