/**
 * Answers by reply: a pause proposal (agree, decline) and a rematch offer (play again), and a
 * Battle for Moscow turn mail, through the Worker's email() handler.
 */
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { api, testClock } from "../helpers";
import { createMoscow } from "../play";
import { gameSeq, lastMenuMail, mailsTo, sendReply } from "./mail";
import { dbOf } from "../shard-db";

const DAY = 86_400_000;
const clock = testClock();
const client = api({ now: clock.now });
const view = async (id: string, token?: string) => (await client.get(`/api/games/${id}`, token)).body;

describe("a pause proposal answered by reply", () => {
  it("'Yes, enjoy the trip' agrees: the game is paused; the pause mail said 1 Agree, 2 Decline", async () => {
    const { id, german, soviet } = await createMoscow(client, { hoursPerTurn: 24, seed: "reply-pause" });
    // a pause well inside its 30 days whichever clock reads it (the handler runs on the real one)
    const until = clock.now() + 25 * DAY;
    expect((await client.post(`/api/games/${id}/pause`, { until }, soviet)).status).toBe(200);
    const mail = await lastMenuMail(id, "hans@example.com");
    expect(mail.kind).toBe("pause");
    expect(mail.text).toMatch(/ {2}1 {2}Agree\n {2}2 {2}Decline/);
    expect(mail.replyTo).toMatch(/^play\+p\./);
    expect((await sendReply({ from: "hans@example.com", to: mail.replyTo!, body: "Yes, enjoy the trip!" })).rejected).toBeNull();
    const game = await view(id, german);
    expect([game.pausedUntil, game.proposal]).toEqual([until, null]);
    const answer = (await mailsTo(id, "hans@example.com")).at(-1)!;
    expect(answer.kind).toBe("reply");
    expect(answer.payload.reply.done).toEqual(["1  Agree"]);
    expect(answer.payload.lines.join(" ")).toMatch(/paused until/);
  });

  it("'2' declines; a second reply to the same mail finds no proposal and changes nothing", async () => {
    const { id, german, soviet } = await createMoscow(client, { hoursPerTurn: 24, seed: "reply-decline" });
    expect((await client.post(`/api/games/${id}/pause`, { until: clock.now() + 25 * DAY }, soviet)).status).toBe(200);
    const mail = await lastMenuMail(id, "hans@example.com");
    await sendReply({ from: "hans@example.com", to: mail.replyTo!, body: "2" });
    expect((await view(id, german)).proposal).toBeNull();
    const seq = await gameSeq(id);
    await sendReply({ from: "hans@example.com", to: mail.replyTo!, body: "1" });
    expect(await gameSeq(id)).toBe(seq);
    expect((await mailsTo(id, "hans@example.com")).at(-1)!.payload.reply.refused).toMatch(/moved on|no proposal/);
  });
});

describe("a rematch offer answered by reply", () => {
  it("'play again' from the other player starts the rematch", async () => {
    const { id, german, soviet } = await createMoscow(client, { seed: "reply-rematch" });
    expect((await client.post(`/api/games/${id}/resign`, {}, soviet)).status).toBe(200);
    expect((await client.post(`/api/games/${id}/rematch`, {}, german)).status).toBe(200);
    const mail = await lastMenuMail(id, "olga@example.com");
    expect(mail.kind).toBe("rematch");
    expect(mail.text).toMatch(/ {2}1 {2}Play again\n {2}2 {2}Decline/);
    expect((await sendReply({ from: "Olga@Example.com", to: mail.replyTo!, body: "Play again" })).rejected).toBeNull();
    const rematch = (await view(id, german)).rematch;
    expect(rematch.gameId).toMatch(/^[a-z0-9]+(-\d+)?$/);
    const started = await dbOf(rematch.gameId).prepare("SELECT status FROM games WHERE id = ?").bind(rematch.gameId).first<{ status: string }>();
    expect(started?.status).toBe("active");
  });
});

describe("a turn mail with no short menu", () => {
  it("Battle for Moscow's opening turn has more than 9 choices: no menu, no Reply-To", async () => {
    const { id } = await createMoscow(client, { seed: "reply-moscow" });
    const mails = await mailsTo(id, "olga@example.com");
    expect(mails.every((m) => m.replyTo === null && !/answer by replying/.test(m.text))).toBe(true);
  });
});
