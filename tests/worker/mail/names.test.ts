// Display names, never ids (issue 25): a seat is named as players read it in the mail, the log,
// the game's view and the create form's list ("USA", not "Usa"; "Germany resigned.", not "germany resigned.").
import { describe, expect, it } from "vitest";
import { drainGame } from "../../../worker/mail/drain";
import { freshIp } from "../helpers";
import { dbOf } from "../shard-db";
import { createDuel, fake, mailWorld } from "./helpers";

const flat = (s: string) => s.replace(/\s+/g, " ");

describe("display names in mail", () => {
  it("WarShard's seats read USA and Germany in the invitation, the game's view, the create form's list, and a resignation's log line and result mail", async () => {
    const w = mailWorld();
    const res = await w.client.post(
      "/api/games",
      { ruleset: "warshard", scenario: "boot_camp", seats: { germany: { email: w.hans, name: "Hans" }, usa: { email: w.olga, name: "Olga" } }, creator: "germany", seed: "names" },
      undefined,
      { "cf-connecting-ip": freshIp() },
    );
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const id = res.body.id as string;
    const hans = res.body.you.token as string;
    await dbOf(id).prepare("UPDATE seats SET hold_minutes = 0 WHERE game_id = ?").bind(id).run();
    await drainGame(w.deps, id);

    const invitation = (await fake.sent(w.key)).find((m) => m.body.to[0] === w.olga)!;
    expect(flat(invitation.body.text)).toContain("You play USA, against Hans (Germany).");
    expect(invitation.body.html).toContain("You play USA, against Hans (Germany).");
    // the seat id stays in the links only
    expect(flat(invitation.body.text).replace(/https?:\/\/\S+/g, "")).not.toMatch(/\bUsa\b|\busa\b/);

    const view = await w.client.get(`/api/games/${id}`);
    expect(view.body.seats.map((s: { seat: string; title: string }) => [s.seat, s.title])).toEqual([
      ["germany", "Germany"],
      ["usa", "USA"],
    ]);
    const listed = await w.client.get("/api/rulesets");
    const bootCamp = listed.body.rulesets.find((r: { id: string }) => r.id === "warshard").scenarios.find((s: { id: string }) => s.id === "boot_camp");
    expect(bootCamp.seatTitles).toEqual({ germany: "Germany", usa: "USA" });

    const resigned = await w.client.post(`/api/games/${id}/resign`, {}, hans);
    expect(resigned.status, JSON.stringify(resigned.body)).toBe(200);
    await drainGame(w.deps, id);
    const log = await w.client.get(`/api/games/${id}/log?after=0`);
    expect(log.body.entries.at(-1).lines).toEqual(["Germany resigned."]);
    const over = (await fake.sent(w.key)).find((m) => m.body.to[0] === w.olga && /Game over/.test(m.body.text))!;
    expect(over, "no result mail to the USA").toBeTruthy();
    expect(flat(over.body.text)).toContain("Germany resigned.");
    expect(over.body.text).not.toContain("germany resigned");
  });

  it("a turn mail names cells by the printed ids the page's hex numbers show (DiceWars: 0303, never [2,2]), in the same lines as the log", async () => {
    const w = mailWorld();
    const { id, hans } = await createDuel(w, { seed: "names-cells" });
    const game = (await w.client.get(`/api/games/${id}`, hans)).body;
    const legal = (await w.client.get(`/api/games/${id}/legal`, hans)).body;
    const expand = legal.choices.find((c: { action: { type: string } }) => c.action.type === "expand");
    const moved = await w.client.post(`/api/games/${id}/actions`, { seq: game.seq, actions: [expand.action, { type: "end_turn" }] }, hans);
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    await drainGame(w.deps, id);
    const turn = (await fake.sent(w.key)).find((m) => m.body.to[0] === w.olga && /Your move/.test(m.body.text))!;
    expect(turn, "no turn mail to Olga").toBeTruthy();
    const text = flat(turn.body.text);
    expect(text).toMatch(/P1 \(green\) expands from \d{4} into \d{4} with strength \d+\./);
    expect(text).not.toMatch(/\[\d+,\d+\]/);
    // the very lines the log (and the page's "Since your last move") has
    const log = (await w.client.get(`/api/games/${id}/log?after=0`)).body;
    for (const line of log.entries.at(-1).lines as string[]) expect(turn.body.html).toContain(line.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;"));
  });
});
