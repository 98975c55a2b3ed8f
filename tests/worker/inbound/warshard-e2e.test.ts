/**
 * Browser-free, end to end: a two-human WarShard game played over the API, except that every
 * choice owed in the middle of the other side's turn (defensive support, retreats) is answered
 * by replying to its mail, through the Worker's email() handler; each answer mail's own menu
 * carries on until the choice is done. The game is played to its end.
 */
import { describe, expect, it } from "vitest";
import bootCamp from "../../../scenarios/warshard/boot_camp.json";
import { getRuleset } from "../../../worker/engine/registry";
import { rngFromSeed } from "../../../worker/engine/rng";
import { api, freshIp } from "../helpers";
import { tokenFor } from "../play";
import { gameSeq, lastMenuMail, sendReply } from "./mail";

// on the real clock, as the Worker's email() handler that takes the replies is: the outbox's ids
// carry the time they were made on the service's clock, and the test reads the mails in id order
const client = api();
const warshard = getRuleset("warshard")!;

const atTheHill = {
  ...bootCamp,
  start: { turn: 1, phase: "attack" },
  units: [...bootCamp.units.map((u) => (u.id === "1" ? { ...u, hex: [4, 4] } : u)), { id: "9", side: "usa", type: "artillery", hex: [6, 4] }],
};

const ADDRESS: Record<string, string> = { germany: "hans@example.com", usa: "ulla@example.com" };

describe("a two-human WarShard game whose owed choices are all answered by reply", () => {
  it("plays to the end; every owed choice goes by mail, none through the page", async () => {
    const res = await client.post(
      "/api/games",
      { ruleset: "warshard", scenario: atTheHill, seats: { germany: { email: ADDRESS.germany, name: "Hans" }, usa: { email: ADDRESS.usa, name: "Ulla" } }, creator: "germany", seed: "e2e-reply", hoursPerTurn: 72 },
      undefined,
      { "cf-connecting-ip": freshIp() },
    );
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const id = res.body.id as string;
    const tokens: Record<string, string> = { germany: res.body.you.token, usa: await tokenFor(id, "usa") };
    const kinds: string[] = [];
    let replies = 0;
    let pageMoves = 0;
    for (let step = 0; step < 300; step++) {
      const game = (await client.get(`/api/games/${id}`, tokens.germany)).body;
      if (game.status === "finished") break;
      const seat = game.toAct[0] as string;
      const action = warshard.bot(game.state, seat, rngFromSeed(`e2e:${step}`));
      if (game.owed) {
        // the owed seat reads its newest mail with a menu and answers with the number of its choice
        expect(game.owed.seat).toBe(seat);
        kinds.push(game.owed.kind);
        const mail = await lastMenuMail(id, ADDRESS[seat]!);
        expect(mail.payload.menu.seq).toBe(game.seq);
        const n = (mail.payload.menu.items as { action: unknown }[]).findIndex((i) => JSON.stringify(i.action) === JSON.stringify(action));
        expect(n, `the computer's choice ${JSON.stringify(action)} is on the menu`).toBeGreaterThanOrEqual(0);
        const rejected = await sendReply({ from: ADDRESS[seat]!, to: mail.replyTo!, body: `${n + 1}\n\nOn Wed, 25 Nov 2026 at 12:00, hexpost <games@hexpost.test> wrote:\n> ${mail.text.split("\n").join("\n> ")}` });
        expect(rejected.rejected).toBeNull();
        expect(await gameSeq(id)).toBeGreaterThan(game.seq);
        replies++;
        continue;
      }
      const moved = await client.post(`/api/games/${id}/actions`, { seq: game.seq, actions: [action] }, tokens[seat]);
      expect(moved.status, JSON.stringify(moved.body)).toBe(200);
      pageMoves++;
    }
    const end = (await client.get(`/api/games/${id}`)).body;
    expect(end.status).toBe("finished");
    expect(new Set(kinds)).toEqual(new Set(["defensive_support", "retreat"]));
    expect(replies).toBeGreaterThanOrEqual(3);
    expect(pageMoves).toBeGreaterThan(10);
  });
});
