/**
 * WarShard between two humans over the API (warshard.md 7.3): the defender's support allocation
 * is owed in the middle of the attacker's turn. Without a standing order the defender gets one
 * "choice owed" mail and a short deadline; with one, the choice is answered in the same request.
 */
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { OWED_CHOICE_HOURS } from "../../worker/games/advance";
import { api, freshIp, testClock } from "./helpers";
import { atTheHill } from "./warshard-hill";
import { tokenFor } from "./play";

const clock = testClock();
const client = api({ now: clock.now });

async function createGame(seed: string) {
  const res = await client.post(
    "/api/games",
    {
      ruleset: "warshard",
      scenario: atTheHill,
      seats: { germany: { email: "hans@example.com", name: "Hans" }, usa: { email: "ulla@example.com", name: "Ulla" } },
      creator: "germany",
      seed,
      hoursPerTurn: 72,
    },
    undefined,
    { "cf-connecting-ip": freshIp() },
  );
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return { id: res.body.id as string, germany: res.body.you.token as string, usa: await tokenFor(res.body.id, "usa") };
}

/** The German attacks the hill (the first of its legal choices) and ends the attack phase: two requests. */
async function attackTheHill(id: string, germany: string) {
  let game = (await client.get(`/api/games/${id}`, germany)).body;
  const { choices } = (await client.get(`/api/games/${id}/legal`, germany)).body as { choices: { action: { type: string } }[] };
  expect(choices.map((c) => c.action)).toEqual([{ type: "attack", unit: "1", target: [5, 4] }, { type: "end_attacks" }]);
  for (const action of [choices[0]!.action, { type: "end_attacks" }]) {
    const res = await client.post(`/api/games/${id}/actions`, { seq: game.seq, actions: [action] }, germany);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    game = { ...game, ...res.body };
  }
  return game;
}

const mailsTo = async (id: string, recipient: string) =>
  (await env.DB.prepare("SELECT kind FROM outbox WHERE game_id = ? AND recipient = ? ORDER BY created_at").bind(id, recipient).all<{ kind: string }>()).results.map((r) => r.kind);

describe("WarShard's owed defensive support between two humans (7.3)", () => {
  it("without a standing order: one 'choice owed' mail and a deadline of at most 24 hours", async () => {
    const { id, germany, usa } = await createGame("owed-mail");
    const before = await mailsTo(id, "ulla@example.com");
    const game = await attackTheHill(id, germany);
    expect(game.toAct).toEqual(["usa"]);
    const seen = (await client.get(`/api/games/${id}`, usa)).body;
    expect(seen.owed).toMatchObject({ seat: "usa", kind: "defensive_support" });
    expect(seen.deadline).toBe(clock.now() + Math.min(OWED_CHOICE_HOURS, 72) * 3_600_000);
    expect((await mailsTo(id, "ulla@example.com")).slice(before.length)).toEqual(["choice_owed"]);
    // the American answers; the fight is resolved and the turn goes on
    const answer = await client.post(`/api/games/${id}/actions`, { seq: seen.seq, actions: [{ type: "support", unit: "9", fight: [5, 4] }, { type: "end_support" }] }, usa);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body.events.map((e: { kind: string }) => e.kind)).toContain("fight_resolved");
  });

  it("with a standing order: answered in the same request, no 'choice owed' mail, and the log says so", async () => {
    const { id, germany, usa } = await createGame("owed-order");
    const set = await client.call("PUT", `/api/games/${id}/orders`, { orders: { defensive_support: "most_threatened", retreat: "toward_my_lines" } }, { authorization: `Bearer ${usa}` });
    expect(set.status, JSON.stringify(set.body)).toBe(200);
    const before = await mailsTo(id, "ulla@example.com");
    const game = await attackTheHill(id, germany);
    // the support was given by the order and the fight resolved: the German now chooses the retreat
    expect(game.events.map((e: { kind: string }) => e.kind)).toEqual(expect.arrayContaining(["support_declared", "fight_resolved"]));
    expect((await mailsTo(id, "ulla@example.com")).slice(before.length)).not.toContain("choice_owed");
    const log = (await client.get(`/api/games/${id}/log`)).body;
    expect(log.entries.some((e: { seat: string; byOrder: boolean }) => e.seat === "usa" && e.byOrder)).toBe(true);
  });
});
