/**
 * DiceWars' short turns by reply: the turn mail's menu is the ruleset's own (the best moves
 * first, then "end the turn"), a reply of a few numbers and "end" is one submission, and the
 * answer tells the dice.
 */
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { seatToken } from "../../../worker/auth";
import { getRuleset } from "../../../worker/engine/registry";
import { movePriority } from "../../../worker/engine/dicewars/bot";
import { api, freshIp } from "../helpers";
import { continueBots } from "../play";
import { gameSeq, lastMenuMail, mailsTo, sendReply } from "./mail";

const dicewars = getRuleset("dicewars")!;
let clock = Date.UTC(2026, 10, 22, 12);
const client = api({ now: () => (clock += 60_000) });

async function twoHumans(seed: string) {
  const res = await client.post(
    "/api/games",
    { ruleset: "dicewars", scenario: "10x10", options: { players: 4 }, seats: { p1: { email: "ann@example.com", name: "Ann" }, p2: { bot: true }, p3: { email: "bo@example.com", name: "Bo" }, p4: { bot: true } }, creator: "p1", seed },
    undefined,
    { "cf-connecting-ip": freshIp() },
  );
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  const id = res.body.id as string;
  const p1 = await seatToken(env.TOKEN_SECRET, id, "p1", 0);
  // Ann ends her first turn at once; the computer plays p2; Bo's turn mail is written
  const game = (await client.get(`/api/games/${id}`, p1)).body;
  expect((await client.post(`/api/games/${id}/actions`, { seq: game.seq, actions: [{ type: "end_turn" }] }, p1)).status).toBe(200);
  await continueBots(client, id, p1);
  return { id, p1, p3: await seatToken(env.TOKEN_SECRET, id, "p3", 0) };
}

describe("DiceWars: a short turn by reply", () => {
  it("the turn mail lists the best moves first and 'end the turn' last, at most 9", async () => {
    const { id } = await twoHumans("dw-reply-menu");
    const mail = await lastMenuMail(id, "bo@example.com");
    expect(mail.kind).toBe("your_turn");
    const items = mail.payload.menu.items as { label: string; action: { type: string; from?: number[]; to?: number[] } }[];
    expect(items.length).toBeLessThanOrEqual(9);
    expect(items.at(-1)!.action).toEqual({ type: "end_turn" });
    const state = (await client.get(`/api/games/${id}`)).body.state;
    const score = (a: { type: string; from?: number[]; to?: number[] }) => {
      const s = (c: number[]) => state.strength[c[0]! * state.size + c[1]!];
      return movePriority(a.type as "attack" | "expand", s(a.from!) - 1, a.type === "expand" ? 0 : s(a.to!));
    };
    const scores = items.slice(0, -1).map((i) => score(i.action));
    expect(scores).toEqual([...scores].sort((a, b) => b - a));
    expect(dicewars.legal(state, "p3").choices.length).toBeGreaterThanOrEqual(items.length);
  });

  it("'1 end' plays the best move and ends the turn in one submission; the answer lists the dice", async () => {
    const { id } = await twoHumans("dw-reply-play");
    const mail = await lastMenuMail(id, "bo@example.com");
    const before = await gameSeq(id);
    const state = await sendReply({ from: "bo@example.com", to: mail.replyTo!, body: "1 end\n\nSent from my phone" });
    expect(state.rejected).toBeNull();
    expect(await gameSeq(id)).toBeGreaterThan(before);
    const answer = (await mailsTo(id, "bo@example.com")).at(-1)!;
    expect(answer.kind).toBe("reply");
    expect(answer.payload.reply.done).toEqual([`1  ${mail.payload.menu.items[0].label}`, `${mail.payload.menu.items.length}  end the turn`]);
    expect(answer.text).toMatch(/roll|dice|\d+ against \d+|expand/i);
    // the turn went on to the next seat
    expect((await client.get(`/api/games/${id}`)).body.toAct).not.toContain("p3");
  });

  it("'end' alone is a whole short turn", async () => {
    const { id } = await twoHumans("dw-reply-end");
    const mail = await lastMenuMail(id, "bo@example.com");
    expect((await sendReply({ from: "bo@example.com", to: mail.replyTo!, body: "End" })).rejected).toBeNull();
    const answer = (await mailsTo(id, "bo@example.com")).at(-1)!;
    expect(answer.payload.reply).toEqual({ done: [`${mail.payload.menu.items.length}  end the turn`] });
    // the turn mail he answered was still held (15 minutes): it is dropped, not sent after his move
    const held = await env.DB.prepare("SELECT status, last_error FROM outbox WHERE id = ?").bind(mail.id).first<{ status: string; last_error: string }>();
    expect(held).toEqual({ status: "sent", last_error: "dropped: the seat answered by reply before the mail was due" });
  });

  it("a later pick the first made illegal refuses the whole reply: nothing played, the answer says which", async () => {
    const { id } = await twoHumans("dw-reply-twice");
    const mail = await lastMenuMail(id, "bo@example.com");
    const before = await gameSeq(id);
    // the same move twice: after the first its source has one die left
    await sendReply({ from: "bo@example.com", to: mail.replyTo!, body: "1 1" });
    expect(await gameSeq(id)).toBe(before);
    const answer = (await mailsTo(id, "bo@example.com")).at(-1)!;
    expect(answer.payload.reply.refused).toMatch(/^Choice 2 of your reply could not be played/);
    expect(answer.payload.menu.seq).toBe(before);
    // the menu of the answer still works
    expect((await sendReply({ from: "bo@example.com", to: answer.replyTo!, body: "end" })).rejected).toBeNull();
    expect(await gameSeq(id)).toBeGreaterThan(before);
  });
});
