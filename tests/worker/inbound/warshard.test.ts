/**
 * WarShard's owed choices answered by reply (the defender's support, then the retreat the
 * attacker's opponent chooses), through the Worker's email() handler.
 */
import { describe, expect, it } from "vitest";
import { api, testClock } from "../helpers";
import { owedSupportGame } from "../warshard-hill";
import { gameSeq, lastMenuMail, mailsTo, sendReply } from "./mail";

const clock = testClock();
const client = api({ now: clock.now });

const owedGame = (seed: string) => owedSupportGame(client, seed, "Ulla+games@Example.com");

describe("WarShard: the defender answers its owed support by reply", () => {
  it("the choice-owed mail carries a numbered menu and a play+ Reply-To; '1 2' supports and ends the support", async () => {
    const { id } = await owedGame("reply-owed");
    const mail = await lastMenuMail(id, "ulla+games@example.com");
    expect(mail.kind).toBe("choice_owed");
    expect(mail.replyTo).toMatch(/^play\+t\.[a-z0-9]+\.usa\.[0-9a-z]+\.[a-z2-7]{16}@hexpost\.test$/);
    expect(mail.text).toMatch(/\n {2}1 {2}.+\n {2}2 {2}.+/);
    const before = await gameSeq(id);
    const state = await sendReply({ from: "ulla@example.com", to: mail.replyTo!, body: "1 2\n\nOn Wed, 25 Nov 2026 at 12:00, hexpost <games@hexpost.test> wrote:\n> A choice is owed\n>   1  support\n" });
    expect(state.rejected).toBeNull();
    expect(await gameSeq(id)).toBeGreaterThan(before);
    const answer = (await mailsTo(id, "ulla+games@example.com")).at(-1)!;
    expect(answer.kind).toBe("reply");
    expect(answer.payload.reply.done).toHaveLength(2);
    expect(answer.text).toMatch(/fight|odds|roll|die/i);
  });
});
