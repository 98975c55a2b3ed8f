/**
 * WarShard's owed choices answered by reply (the defender's support, then the retreat the
 * attacker's opponent chooses), through the Worker's email() handler.
 */
import { describe, expect, it } from "vitest";
import bootCamp from "../../../scenarios/warshard/boot_camp.json";
import { api, freshIp, testClock } from "../helpers";
import { gameSeq, lastMenuMail, mailsTo, sendReply } from "./mail";

const clock = testClock();
const client = api({ now: clock.now });

const atTheHill = {
  ...bootCamp,
  start: { turn: 1, phase: "attack" },
  units: [...bootCamp.units.map((u) => (u.id === "1" ? { ...u, hex: [4, 4] } : u)), { id: "9", side: "usa", type: "artillery", hex: [6, 4] }],
};

async function owedGame(seed: string) {
  const res = await client.post(
    "/api/games",
    { ruleset: "warshard", scenario: atTheHill, seats: { germany: { email: "hans@example.com", name: "Hans" }, usa: { email: "Ulla+games@Example.com", name: "Ulla" } }, creator: "germany", seed, hoursPerTurn: 72 },
    undefined,
    { "cf-connecting-ip": freshIp() },
  );
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  const id = res.body.id as string;
  const germany = res.body.you.token as string;
  let game = (await client.get(`/api/games/${id}`, germany)).body;
  const { choices } = (await client.get(`/api/games/${id}/legal`, germany)).body;
  for (const action of [choices[0].action, { type: "end_attacks" }]) {
    const r = await client.post(`/api/games/${id}/actions`, { seq: game.seq, actions: [action] }, germany);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    game = { ...game, ...r.body };
  }
  return { id, germany };
}

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
