/**
 * Owed choices and standing orders (contract v2), with the test ruleset "duel": a raid makes
 * the other seat owe "support the defence?" in the middle of the raider's turn.
 */
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { dicewars } from "../../worker/engine/dicewars";
import { moscow } from "../../worker/engine/moscow";
import { makeRegistry } from "../../worker/engine/registry";
import { OWED_CHOICE_HOURS } from "../../worker/games/advance";
import { mailSubject } from "../../worker/mail/subject";
import { duel } from "../rulesets/duel";
import { api, freshIp, testClock } from "./helpers";
import { tokenFor } from "./play";

const clock = testClock();
const client = api({ now: clock.now, rulesets: makeRegistry(moscow, dicewars, duel) });

async function createDuel() {
  const res = await client.post(
    "/api/games",
    { ruleset: "duel", scenario: "plain", seats: { a: { email: "ann@example.com", name: "Ann" }, b: { email: "bob@example.com", name: "Bob" } }, creator: "a", seed: "duel-seed" },
    undefined,
    { "cf-connecting-ip": freshIp() },
  );
  if (res.status !== 201) throw new Error(`create failed: ${res.status} ${JSON.stringify(res.body)}`);
  return { id: res.body.id as string, a: res.body.you.token as string, b: await tokenFor(res.body.id, "b") };
}

const mailsTo = async (id: string, recipient: string) =>
  (await env.DB.prepare("SELECT kind, payload FROM outbox WHERE game_id = ? AND recipient = ? ORDER BY created_at").bind(id, recipient).all<{ kind: string; payload: string }>()).results;

describe("owed choices and standing orders", () => {
  it("without a standing order the seat gets a 'choice owed' mail with its own subject and a 24-hour deadline", async () => {
    const { id, a } = await createDuel();
    const before = (await mailsTo(id, "bob@example.com")).length;
    const res = await client.post(`/api/games/${id}/actions`, { seq: 0, actions: [{ type: "raid" }] }, a);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.toAct).toEqual(["b"]);
    const game = (await client.get(`/api/games/${id}`)).body;
    expect(game.owed).toEqual({ seat: "b", kind: "support", line: "support the defence against this raid?" });
    expect(game.deadline).toBe(clock.now() + OWED_CHOICE_HOURS * 3_600_000);
    const mails = (await mailsTo(id, "bob@example.com")).slice(before);
    expect(mails.map((m) => m.kind)).toEqual(["choice_owed"]);
    expect(mailSubject({ kind: "choice_owed" } as never, JSON.parse(mails[0]!.payload))).toMatch(/^\[hexpost\] A choice is owed: Duel \(test\)/);
  });

  it("with a standing order the choice is answered in the same request: no mail, and the log says so", async () => {
    const { id, a, b } = await createDuel();
    const set = await client.call("PUT", `/api/games/${id}/orders`, { orders: { support: "always" } }, { authorization: `Bearer ${b}` });
    expect(set.status, JSON.stringify(set.body)).toBe(200);
    expect(set.body).toEqual({ seat: "b", orders: { support: "always" } });
    const before = (await mailsTo(id, "bob@example.com")).length;
    const res = await client.post(`/api/games/${id}/actions`, { seq: 0, actions: [{ type: "raid" }] }, a);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.toAct).toEqual(["a"]);
    expect(res.body.seq).toBe(2);
    expect(res.body.lines).toEqual(["a raids (raid 1).", "b supports the defence. (answered by standing order)"]);
    expect(await mailsTo(id, "bob@example.com")).toHaveLength(before);
    const log = (await client.get(`/api/games/${id}/log`)).body;
    expect(log.entries.map((e: { seat: string; byOrder: boolean }) => [e.seat, e.byOrder])).toEqual([
      ["a", false],
      ["b", true],
    ]);
    const seen = (await client.get(`/api/games/${id}`, b)).body;
    expect(seen.you.orders).toEqual({ support: "always" });
  });

  it("orders are checked against the ruleset's kinds and policies, and a spectator cannot set them", async () => {
    const { id, b } = await createDuel();
    const put = (body: unknown, token?: string) => client.call("PUT", `/api/games/${id}/orders`, body, token ? { authorization: `Bearer ${token}` } : {});
    const badKind = await put({ orders: { ambush: "always" } }, b);
    expect([badKind.status, badKind.body.error, badKind.body.details]).toEqual([422, "bad_order", { field: "orders.ambush" }]);
    const badPolicy = await put({ orders: { support: "sometimes" } }, b);
    expect([badPolicy.status, badPolicy.body.error]).toEqual([422, "bad_order"]);
    expect(badPolicy.body.message).toContain("always, never");
    expect((await put({ orders: { support: "never" } })).status).toBe(401);
    expect((await put({ orders: { support: null } }, b)).body).toEqual({ seat: "b", orders: {} });
  });
});
