import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { seatToken } from "../../../worker/auth";
import { runCron } from "../../../worker/cron";
import { drainGame, LEASE_MS } from "../../../worker/mail/drain";
import { freshIp } from "../helpers";
import { createDuel, endTurn, fake, gameRow, mailWorld, outboxRows, seatRow } from "./helpers";

const path = (url: string) => url.replace("https://hexpost.test", "");

describe("messages", () => {
  it("the invitation says who invited you, to what, your side, the time control and the link; text and HTML alike", async () => {
    const w = mailWorld();
    const { id } = await createDuel(w, { hoursPerTurn: 48 });
    const sent = await fake.sent(w.key);
    const invitation = sent.find((m) => m.body.to[0] === w.olga)!;
    const link = `https://hexpost.test/g/${id}#t=${await seatToken(env.TOKEN_SECRET, id, "p2", 0)}`;
    for (const body of [invitation.body.text.replace(/\s+/g, " "), invitation.body.html]) {
      expect(body).toContain("Hans invites you to play DiceWars");
      expect(body).toContain("You play Player 2, against Hans (Player 1)");
      expect(body).toContain("Each turn has 48 hours.");
      expect(body).toContain("Hans moves first");
      expect(body).toContain(link);
      expect(body).toContain("Don't invite me again".replace("'", body === invitation.body.html ? "&#39;" : "'"));
    }
    expect(invitation.body.html).toContain('<meta name="viewport" content="width=device-width,initial-scale=1">');
    const own = sent.find((m) => m.body.to[0] === w.hans)!;
    expect(own.body.text).toContain("Your game of DiceWars is ready");
    expect(own.body.text.replace(/\s+/g, " ")).toContain("You move first.");
    expect(own.body.text).toContain(`https://hexpost.test/g/${id}#t=${await seatToken(env.TOKEN_SECRET, id, "p1", 0)}`);
    // different subjects (what each mail is), one thread: both are the roots of their seat's thread
    expect(own.body.subject).toBe(`[hexpost] Your seat's link: DiceWars #${id.slice(0, 4)}: Hans v Olga`);
    expect(invitation.body.subject).toBe(`[hexpost] Hans invites you: DiceWars #${id.slice(0, 4)}: Hans v Olga`);
  });

  it("a seat without a name is called by its side, once: 'Player 1 invites you', 'against Player 1'", async () => {
    const w = mailWorld();
    const res = await w.client.post(
      "/api/games",
      { ruleset: "dicewars", scenario: "10x10", options: { players: 2 }, seats: { p1: {}, p2: { email: w.olga } }, creator: "p1", seed: "nameless" },
      undefined,
      { "cf-connecting-ip": freshIp() },
    );
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    await drainGame(w.deps, res.body.id);
    const invitation = (await fake.sent(w.key)).find((m) => m.body.to[0] === w.olga)!;
    const text = invitation.body.text.replace(/\s+/g, " ");
    expect(text).toContain("Player 1 invites you to play DiceWars");
    expect(text).toContain("You play Player 2, against Player 1.");
    expect(invitation.body.subject).toMatch(/^\[hexpost\] Player 1 invites you: DiceWars/);
  });

  it("escapes every name a player typed, in HTML and in headers", async () => {
    const w = mailWorld();
    const evil = `<script>alert("x")</script>&`;
    const { id, hans } = await createDuel(w, { hans: evil, olga: "Ol\r\nBcc: x@evil.test" });
    await endTurn(w.client, id, hans);
    const sent = await fake.sent(w.key);
    expect(sent.length).toBe(3);
    for (const m of sent) {
      expect(m.body.html).not.toContain("<script>");
      expect(m.body.subject).not.toMatch(/[\r\n]/);
    }
    const invitation = sent.find((m) => m.body.to[0] === w.olga)!;
    expect(invitation.body.html).toContain("&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;&amp; invites you");
    expect(invitation.body.text).toContain(`${evil} invites you`);
  });

  it("game over goes to everyone, whatever their preference, with the result, the revealed seed and the replay link", async () => {
    const w = mailWorld();
    const { id, hans } = await createDuel(w, { seed: "reveal-me" });
    const olga = await seatToken(env.TOKEN_SECRET, id, "p2", 0);
    expect((await w.client.call("PUT", `/api/games/${id}/prefs`, { prefs: "none" }, { authorization: `Bearer ${olga}` })).status).toBe(200);
    const res = await w.client.post(`/api/games/${id}/resign`, {}, hans);
    expect(res.status).toBe(200);
    const overs = (await outboxRows(id)).filter((r) => r.kind === "game_over");
    expect(overs.map((r) => r.recipient).sort()).toEqual([w.hans, w.olga]);
    expect(overs.every((r) => r.status === "sent")).toBe(true);
    const sent = await fake.sent(w.key);
    const toOlga = sent.filter((m) => m.body.to[0] === w.olga).at(-1)!;
    expect(toOlga.body.text.replace(/\s+/g, " ")).toContain("You won by resignation");
    expect(toOlga.body.text).toContain("reveal-me");
    expect(toOlga.body.text).toContain(`https://hexpost.test/g/${id}`);
    expect(toOlga.body.text).toContain(`https://hexpost.test/api/games/${id}/export`);
    const toHans = sent.filter((m) => m.body.to[0] === w.hans).at(-1)!;
    // the player who resigned is told so, not that someone "won by resignation"
    expect(toHans.body.text.replace(/\s+/g, " ")).toContain("You resigned; Olga won.");
    expect(toHans.body.subject).toBe(`[hexpost] Game over: you lost: DiceWars #${id.slice(0, 4)}: Hans v Olga`);
    expect(toOlga.body.subject).toBe(`[hexpost] Game over: you won: DiceWars #${id.slice(0, 4)}: Hans v Olga`);
    expect(toHans.body.headers["In-Reply-To"]).toBe(`<game.${id}.p1@hexpost.test>`);
  });
});

describe("preferences and one-click unsubscribe", () => {
  it("PUT prefs needs the seat's token and one of the three values", async () => {
    const w = mailWorld();
    const { id, hans } = await createDuel(w);
    expect((await w.client.call("PUT", `/api/games/${id}/prefs`, { prefs: "digest" })).status).toBe(401);
    const bad = await w.client.call("PUT", `/api/games/${id}/prefs`, { prefs: "hourly" }, { authorization: `Bearer ${hans}` });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toBe("bad_request");
    const ok = await w.client.call("PUT", `/api/games/${id}/prefs`, { prefs: "digest" }, { authorization: `Bearer ${hans}` });
    expect(ok.body).toEqual({ seat: "p1", prefs: "digest", holdMinutes: 0 });
    const tooLong = await w.client.call("PUT", `/api/games/${id}/prefs`, { holdMinutes: 2000 }, { authorization: `Bearer ${hans}` });
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.message).toMatch(/holdMinutes.*1440|1440/);
    const held = await w.client.call("PUT", `/api/games/${id}/prefs`, { holdMinutes: 60 }, { authorization: `Bearer ${hans}` });
    expect(held.body).toEqual({ seat: "p1", prefs: "digest", holdMinutes: 60 });
    expect((await seatRow(id, "p1"))!.prefs).toBe("digest");
    expect((await w.client.get(`/api/games/${id}`, hans)).body.you.prefs).toBe("digest");
  });

  it("none: no turn mail, no digest", async () => {
    const w = mailWorld();
    const { id, hans } = await createDuel(w);
    const olga = await seatToken(env.TOKEN_SECRET, id, "p2", 0);
    await w.client.call("PUT", `/api/games/${id}/prefs`, { prefs: "none" }, { authorization: `Bearer ${olga}` });
    await endTurn(w.client, id, hans);
    expect((await outboxRows(id)).map((r) => r.kind).sort()).toEqual(["invitation", "your_link"]);
    w.clock.advance(80 * 3_600_000); // past the reminder and the deadline
    await runCron(w.deps);
    expect((await outboxRows(id)).filter((r) => r.seat === "p2").map((r) => r.kind)).toEqual(["invitation"]);
    expect((await outboxRows(id)).filter((r) => r.seat === "p1").map((r) => r.kind)).toEqual(["your_link", "deadline"]);
  });

  it("the List-Unsubscribe one-click POST (RFC 8058) turns the seat's turn mails off, even one already queued", async () => {
    const w = mailWorld();
    const { id, hans } = await createDuel(w);
    const invitation = (await fake.sent(w.key)).find((m) => m.body.to[0] === w.olga)!;
    const url = /^<(.+)>$/.exec(invitation.body.headers["List-Unsubscribe"]!)![1]!;
    // A turn mail is already queued (its drain has not run yet) when Olga unsubscribes.
    await endTurn(w.crashing, id, hans);
    const oneClick = await w.client.call("POST", path(url), "List-Unsubscribe=One-Click", { "content-type": "application/x-www-form-urlencoded" });
    expect(oneClick.status).toBe(200);
    expect((await seatRow(id, "p2"))!.prefs).toBe("none");
    // the request that wrote it claimed died before sending: the cron takes it after the lease
    w.clock.advance(LEASE_MS);
    await runCron(w.deps);
    const row = (await outboxRows(id)).find((r) => r.kind === "your_turn")!;
    expect(row.status).toBe("sent");
    expect(row.provider_id).toBeNull();
    expect(row.last_error).toMatch(/skipped: the seat unsubscribed/);
    expect((await fake.sent(w.key)).filter((m) => m.body.to[0] === w.olga)).toHaveLength(1);
  });

  it("opening the unsubscribe link changes nothing (mail scanners prefetch); a forged or altered link is refused", async () => {
    const w = mailWorld();
    const { id } = await createDuel(w);
    const invitation = (await fake.sent(w.key)).find((m) => m.body.to[0] === w.olga)!;
    const url = path(/^<(.+)>$/.exec(invitation.body.headers["List-Unsubscribe"]!)![1]!);
    const page = await w.client.get(url);
    expect(page.status).toBe(200);
    expect(page.body).toContain('<form method="post"');
    expect((await seatRow(id, "p2"))!.prefs).toBe("every_turn");
    const forged = await w.client.call("POST", url.replace("s=p2", "s=p1"), "List-Unsubscribe=One-Click", { accept: "application/json" });
    expect(forged.status).toBe(401);
    expect(forged.body.error).toBe("unauthorized");
    expect((await seatRow(id, "p1"))!.prefs).toBe("every_turn");
  });

  it("\"don't invite me again\" blocks the address for new games; opening the link alone does not", async () => {
    const w = mailWorld();
    const { id } = await createDuel(w);
    const invitation = (await fake.sent(w.key)).find((m) => m.body.to[0] === w.olga)!;
    const block = /href="(https:\/\/hexpost\.test\/api\/block\?[^"]+)"/.exec(invitation.body.html)![1]!.replace(/&amp;/g, "&");
    expect(invitation.body.text).toContain(block);
    expect((await w.client.get(path(block))).status).toBe(200);
    expect(await env.DB.prepare("SELECT * FROM blocked_addresses WHERE email = ?").bind(w.olga).first()).toBeNull();
    const done = await w.client.call("POST", path(block), undefined, { accept: "application/json" });
    expect(done.body).toEqual({ ok: true, blocked: true });
    const again = await w.client.post(
      "/api/games",
      { ruleset: "dicewars", scenario: "10x10", options: { players: 2 }, seats: { p1: { email: "someone@example.com" }, p2: { email: w.olga } }, creator: "p1" },
      undefined,
      { "cf-connecting-ip": freshIp() },
    );
    expect(again.status).toBe(422);
    expect(again.body.error).toBe("address_blocked");
    expect((await gameRow(id))!.status).toBe("active");
  });
});
