import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { runCron } from "../../../worker/cron";
import { createDuel, endTurn, fake, outboxRows } from "../mail/helpers";
import { deliveryWorld, endTurnBlind, MINUTE, olgaToken } from "./world";

const turnRows = async (id: string, seat: string) => (await outboxRows(id)).filter((r) => r.seat === seat && r.channel_id === null && r.kind === "your_turn");
/** What reached Resend for `to`, its invitation aside. */
const mailsTo = async (key: string, to: string) => (await fake.sent(key)).filter((m) => m.body.to.includes(to) && !m.body.subject.includes("invites you"));

describe("held mail", () => {
  it("is dropped when the seat opens the game before the hold ends: nothing reaches Resend", async () => {
    const w = deliveryWorld();
    const { id, hans } = await createDuel(w.world, { hold: 15 });
    await endTurn(w.client, id, hans);
    const [held] = await turnRows(id, "p2");
    expect([held!.held, held!.status]).toEqual([1, "pending"]);

    w.clock.advance(15 * MINUTE - 1);
    expect((await w.client.get(`/api/games/${id}`, await olgaToken(id))).status).toBe(200);
    const [after] = await turnRows(id, "p2");
    expect(after!.status).toBe("sent");
    expect(after!.last_error).toMatch(/^dropped/);
    expect(after!.provider_id).toBeNull();

    w.clock.advance(HOUR_AND_MORE);
    await runCron(w.deps);
    await w.drain(id);
    expect(await mailsTo(w.key, w.olga)).toEqual([]);
  });

  it("is sent when the seat does not open the game in time (the clock past the hold, the cron)", async () => {
    const w = deliveryWorld();
    const { id, hans } = await createDuel(w.world, { hold: 15 });
    await endTurn(w.client, id, hans);
    w.clock.advance(15 * MINUTE - 1);
    await w.drain(id);
    expect(await mailsTo(w.key, w.olga)).toEqual([]);
    w.clock.advance(1);
    await runCron(w.deps);
    await w.drain(id);
    const sent = await mailsTo(w.key, w.olga);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.body.subject).toMatch(/^\[hexpost\] Your move: DiceWars/);
    expect((await turnRows(id, "p2")).map((r) => r.status)).toEqual(["sent"]);
    // opening the game now changes nothing
    await w.client.get(`/api/games/${id}`, await olgaToken(id));
    expect((await turnRows(id, "p2"))[0]!.last_error).toBeNull();
  });

  it("a seat's several held hand-overs collapse into one mail that says all of them", async () => {
    const w = deliveryWorld();
    const { id, hans } = await createDuel(w.world, { hold: 15 });
    const olga = await olgaToken(id);
    // three hand-overs to Olga; she moves each time without opening the game (no GET with her token)
    for (let i = 0; i < 3; i++) {
      await endTurn(w.client, id, hans);
      w.clock.advance(MINUTE);
      if (i < 2) await endTurnBlind(w, id, olga);
      w.clock.advance(MINUTE);
    }
    const held = await turnRows(id, "p2");
    expect(held.map((r) => [r.held, r.status])).toEqual([
      [1, "pending"],
      [1, "pending"],
      [1, "pending"],
    ]);
    const lines = held.flatMap((r) => r.payload.lines as string[]);
    expect(lines.length).toBeGreaterThan(0);

    w.clock.advance(15 * MINUTE);
    await runCron(w.deps);
    await w.drain(id);
    const sent = await mailsTo(w.key, w.olga);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.body.subject).toContain("(3 moves since you last looked)");
    const text = sent[0]!.body.text.replace(/\s+/g, " ");
    for (const line of lines) expect(text).toContain(line.replace(/\s+/g, " "));

    const after = await turnRows(id, "p2");
    const leader = after.find((r) => r.provider_id !== null)!;
    expect(leader).toBeDefined();
    const others = after.filter((r) => r !== leader);
    expect(others.map((r) => [r.status, r.last_error])).toEqual([
      ["sent", `merged into ${leader.id}`],
      ["sent", `merged into ${leader.id}`],
    ]);
    // nothing else for Olga is waiting
    const pending = await env.DB.prepare("SELECT count(*) AS n FROM outbox WHERE game_id = ? AND seat = 'p2' AND status = 'pending'").bind(id).first<{ n: number }>();
    expect(pending!.n).toBe(0);
  });
});

const HOUR_AND_MORE = 2 * 3_600_000;
