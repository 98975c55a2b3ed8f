/**
 * The attack corpus: replies that must apply nothing. Each goes through the Worker's email()
 * handler against a WarShard game with a choice owed; after each the game's seq is unchanged,
 * and no mail goes to any address but the seat's own.
 */
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { api, testClock } from "../helpers";
import { owedSupportGame } from "../warshard-hill";
import { gameSeq, lastMenuMail, mailsTo, passFor, rawReply, sendReply } from "./mail";

const clock = testClock();
const client = api({ now: clock.now });

async function owedGame(seed: string, usa = "ulla@example.com") {
  const { id, germany, seq } = await owedSupportGame(client, seed, usa);
  const mail = await lastMenuMail(id, usa);
  return { id, germany, replyTo: mail.replyTo!, seq };
}

const recipients = async (id: string) => (await env.DB.prepare("SELECT DISTINCT recipient FROM outbox WHERE game_id = ?").bind(id).all<{ recipient: string }>()).results.map((r) => r.recipient).sort();
const lastAnswer = async (id: string, to = "ulla@example.com") => (await mailsTo(id, to)).filter((m) => m.kind === "reply").at(-1);

let g: Awaited<ReturnType<typeof owedGame>>;
const applied: string[] = [];

/** Sends an attack and checks it changed nothing; returns the handler's verdict. */
async function attack(name: string, o: Parameters<typeof sendReply>[0], game = g) {
  const before = await gameSeq(game.id);
  const state = await sendReply(o);
  if ((await gameSeq(game.id)) !== before) applied.push(name);
  expect(await gameSeq(game.id), name).toBe(before);
  expect(await recipients(game.id), name).toEqual(["hans@example.com", "ulla@example.com"]);
  return state;
}

describe("the attack corpus: no attack applies a move", () => {
  beforeAll(async () => {
    g = await owedGame("attacks");
  });

  it("a spoofed From (another address, authenticated for its own domain): refused, the seat is told, the spoofer is not", async () => {
    await attack("spoofed From", { from: "mallory@evil.example", to: g.replyTo, body: "2" });
    expect((await lastAnswer(g.id))?.payload.reply.refused).toMatch(/another address \(mallory@evil\.example\)/);
  });

  it("another seat's address (the opponent answering for the defender): refused", async () => {
    await attack("another seat's address", { from: "hans@example.com", to: g.replyTo, body: "2" });
  });

  it("the seat's own address with SPF and DKIM failing: refused, and says why", async () => {
    await attack("failed SPF and DKIM", { from: "ulla@example.com", to: g.replyTo, body: "2", auth: "mx.cloudflare.net; dkim=fail header.d=example.com; spf=fail smtp.mailfrom=ulla@example.com; dmarc=fail" });
    expect((await lastAnswer(g.id))?.payload.reply.refused).toMatch(/did not pass SPF or DKIM for example\.com \(dkim=fail, spf=fail\)/);
  });

  it("DKIM passing for another domain, SPF for another envelope: refused", async () => {
    await attack("unaligned DKIM and SPF", { from: "ulla@example.com", to: g.replyTo, body: "2", auth: "mx.cloudflare.net; dkim=pass header.d=evil.example; spf=pass smtp.mailfrom=bounce@evil.example" });
  });

  it("a forged passing Authentication-Results below the receiver's failing one: refused (only the topmost counts)", async () => {
    await attack("forged Authentication-Results", {
      from: "ulla@example.com",
      to: g.replyTo,
      body: "2",
      auth: "mx.cloudflare.net; dkim=none; spf=softfail smtp.mailfrom=ulla@example.com",
      extraHeaders: [`Authentication-Results: ${passFor("ulla@example.com")}`],
    });
  });

  it("the receiver added none, and the sender wrote one below the receiver's Received line: refused (outside dev mode)", async () => {
    await attack("Authentication-Results below Received", {
      from: "ulla@example.com",
      to: g.replyTo,
      body: "2",
      auth: null,
      extraHeaders: ["Received: from mail.evil.example (192.0.2.66) by mx.cloudflare.net; Wed, 25 Nov 2026 12:00:01 +0000", `Authentication-Results: ${passFor("ulla@example.com")}`],
      env: { DEV_MODE: "false" },
    });
  });

  it("a passing Authentication-Results on top that another server wrote (its authserv-id is not the receiver's): refused", async () => {
    await attack("another authserv-id", { from: "ulla@example.com", to: g.replyTo, body: "2", auth: passFor("ulla@example.com").replace(/^mx\.cloudflare\.net/, "mx.evil.example"), env: { DEV_MODE: "false" } });
  });

  it("no Authentication-Results at all, outside dev mode: refused, and says why", async () => {
    await attack("missing Authentication-Results", { from: "ulla@example.com", to: g.replyTo, body: "2", auth: null, env: { DEV_MODE: "false" } });
    expect((await lastAnswer(g.id))?.payload.reply.refused).toMatch(/no authentication results/);
  });

  it("a replayed Message-ID: the first (unreadable) reply used it up, its copy with a choice applies nothing and says nothing", async () => {
    const messageId = "<replayed-1@example.com>";
    await attack("first of a replay", { from: "ulla@example.com", to: g.replyTo, body: "maybe later", messageId });
    const answers = (await mailsTo(g.id, "ulla@example.com")).length;
    await attack("replayed Message-ID", { from: "ulla@example.com", to: g.replyTo, body: "2", messageId });
    expect((await mailsTo(g.id, "ulla@example.com")).length).toBe(answers);
  });

  it("a forged or altered address (a menu from another game, another seat, a guessed HMAC): bounced, nobody mailed", async () => {
    const other = await owedGame("attacks-other");
    const [local, domain] = g.replyTo.split("@") as [string, string];
    const parts = local.split(".");
    const otherGame = [parts[0], other.id, ...parts.slice(2)].join(".");
    const otherSeat = [...parts.slice(0, 2), "germany", ...parts.slice(3)].join(".");
    const guessed = [...parts.slice(0, 4), "aaaaaaaaaaaaaaaa"].join(".");
    for (const [name, address, game] of [["a menu from another game", otherGame, other], ["another seat", otherSeat, g], ["a guessed HMAC", guessed, g]] as const) {
      const state = await attack(name, { from: "ulla@example.com", to: `${address}@${domain}`, body: "2" }, game);
      expect(state.rejected, name).toMatch(/not valid/);
    }
  });

  it("a stale seq: a reply to the menu of an earlier moment refuses, and offers the menu of now", async () => {
    const game = await owedGame("attacks-stale");
    const stale = game.replyTo.replace(/\.([0-9a-z]+)\.([a-z2-7]{16})@/, (_m, seq: string, mac: string) => `.${(parseInt(seq, 36) - 1).toString(36)}.${mac}@`);
    // an old seq with its own HMAC: play "1" (support) by the page first, then answer the old mail
    const first = await sendReply({ from: "ulla@example.com", to: game.replyTo, body: "1" });
    expect(first.rejected).toBeNull();
    await attack("stale seq", { from: "ulla@example.com", to: game.replyTo, body: "2" }, game);
    const answer = await lastAnswer(game.id);
    expect(answer?.payload.reply.refused).toMatch(/earlier moment/);
    expect(answer?.payload.menu.seq).toBe(await gameSeq(game.id));
    // an HMAC for one seq is useless for any other
    expect((await attack("seq altered", { from: "ulla@example.com", to: stale, body: "2" }, game)).rejected).toMatch(/not valid/);
  });

  it("a blocked address: bounced, nothing applied, nobody mailed", async () => {
    const game = await owedGame("attacks-blocked", "bea@example.net");
    await env.DB.prepare("INSERT INTO blocked_addresses (email, at) VALUES ('bea@example.net', 0)").run();
    const before = (await mailsTo(game.id, "bea@example.net")).length;
    const state = await sendReply({ from: "Bea+phone@Example.NET", to: game.replyTo, body: "2" });
    expect(state.rejected).toMatch(/asked hexpost not to mail it/);
    expect(await gameSeq(game.id)).toBe(game.seq);
    expect((await mailsTo(game.id, "bea@example.net")).length).toBe(before);
  });

  it("an oversized reply (over 64 KB): rejected before it is read", async () => {
    const state = await attack("oversized", { from: "ulla@example.com", to: g.replyTo, body: `2\n${"x".repeat(70_000)}` });
    expect(state.rejected).toMatch(/64 KB/);
    const declared = await attack("oversized by rawSize", { from: "ulla@example.com", to: g.replyTo, body: "2", rawSize: 65 * 1024 });
    expect(declared.rejected).toMatch(/64 KB/);
  });

  it("malformed MIME (no headers, a broken multipart, two From headers): nothing applied", async () => {
    await attack("no headers", { from: "ulla@example.com", to: g.replyTo, body: "", raw: "\u0000\u0001garbage without headers\r\n2\r\n" });
    const broken = [
      `Authentication-Results: ${passFor("ulla@example.com")}`,
      "From: ulla@example.com",
      `To: ${g.replyTo}`,
      "Message-ID: <broken-mime@example.com>",
      'Content-Type: multipart/alternative; boundary="never-closed"',
      "",
      "--never-closed",
      "Content-Type: text/html",
      "",
      "<blockquote><p>2</p>",
      "",
    ].join("\r\n");
    await attack("a broken multipart", { from: "ulla@example.com", to: g.replyTo, body: "", raw: broken });
    await attack("two From headers", { from: "ulla@example.com", to: g.replyTo, body: "", raw: rawReply({ from: "ulla@example.com", to: g.replyTo, body: "2", extraHeaders: ["From: mallory@evil.example"] }) });
  });

  it("a flood: past 20 replies an hour for a seat's address, replies bounce unread and write no answer", async () => {
    const game = await owedGame("attacks-flood", "flo@example.net");
    for (let i = 0; i < 20; i++) await sendReply({ from: "mallory@evil.example", to: game.replyTo, body: "2" });
    const answers = (await mailsTo(game.id, "flo@example.net")).length;
    const state = await sendReply({ from: "flo@example.net", to: game.replyTo, body: "2" });
    expect(state.rejected).toMatch(/Too many replies/);
    expect(await gameSeq(game.id)).toBe(game.seq);
    expect((await mailsTo(game.id, "flo@example.net")).length).toBe(answers);
  });

  it("applied none of the attacks", () => {
    expect(applied).toEqual([]);
  });
});
