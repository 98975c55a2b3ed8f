import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { runCron } from "../../../worker/cron";
import { backoff } from "../../../worker/mail/drain";
import { MAX_CHANNEL_FAILURES } from "../../../worker/notify/delivery";
import { browserSubscription, decryptPush } from "../push-keys";
import { createDuel, endTurn, fake, outboxRows } from "../mail/helpers";
import { addChannel, base64Bytes, channelRow, deliveryWorld, MINUTE, olgaToken, received, SINK, uniqueName } from "./world";

const channelRowsOf = async (id: string, channelId: string) => (await outboxRows(id)).filter((r) => r.channel_id === channelId);

async function hmacHex(secret: string, text: string) {
  const key = await crypto.subtle.importKey("raw", new TextEncoder().encode(secret), { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
  const mac = new Uint8Array(await crypto.subtle.sign("HMAC", key, new TextEncoder().encode(text)));
  return [...mac].map((b) => b.toString(16).padStart(2, "0")).join("");
}

describe("push and webhook channels", () => {
  it("a hand-over's push reaches the push service at once, decrypts with the subscription's key and holds the game's link", async () => {
    const w = deliveryWorld();
    const { id, hans } = await createDuel(w.world, { hold: 15 });
    const olga = await olgaToken(id);
    const name = uniqueName("dpush");
    const browser = await browserSubscription(`${SINK}/push/${name}`);
    const { channel } = await addChannel(w, id, olga, { kind: "push", subscription: browser.json });
    expect(channel.kind).toBe("push");

    await endTurn(w.client, id, hans);
    const [got, ...more] = await received(name);
    expect(more).toEqual([]);
    expect(got).toBeDefined();
    const notice = JSON.parse(await decryptPush(base64Bytes(got!.body!), browser.keys, got!.headers));
    expect(notice.kind).toBe("your_turn");
    expect(notice.gameId).toBe(id);
    expect(notice.url).toBe(`https://hexpost.test/g/${id}#t=${olga}`);
    expect(notice.title).toContain("DiceWars");
    // the notice reached her: its row is deleted (drain.ts), not kept as sent until the sweep, and
    // her held mail, its fallback, is never even written (mail/fallback.ts)
    expect(await channelRowsOf(id, channel.id)).toEqual([]);
    const mail = (await outboxRows(id)).filter((r) => r.seat === "p2" && r.kind === "your_turn" && r.channel_id === null);
    expect(mail).toEqual([]);
  });

  it("a notice whose channel fails has its held mail written then, due when the hold ends; a later try that reaches the seat drops it", async () => {
    const w = deliveryWorld();
    const { id, hans } = await createDuel(w.world, { hold: 15 });
    const olga = await olgaToken(id);
    const { channel } = await addChannel(w, id, olga, { kind: "json", url: `${SINK}/sink-fail/${uniqueName("flaky")}` });
    const handedOver = w.clock.now();
    await endTurn(w.client, id, hans);
    const turnMail = async () => (await outboxRows(id)).filter((r) => r.seat === "p2" && r.kind === "your_turn" && r.channel_id === null);
    const [fallback, ...more] = await turnMail();
    expect(more).toEqual([]);
    expect([fallback!.held, fallback!.status, fallback!.next_attempt_at]).toEqual([1, "pending", handedOver + 15 * MINUTE]);
    expect((fallback!.payload as Record<string, unknown>).fallbackMailAt).toBeUndefined();
    // the channel's retry (its row no longer carries the fallback: a second failure writes no second mail) reaches her
    expect(((await channelRowsOf(id, channel.id))[0]!.payload as Record<string, unknown>).fallbackMailAt).toBeUndefined();
    const mended = uniqueName("mended");
    await env.DB.prepare("UPDATE channels SET endpoint = ? WHERE id = ?").bind(`${SINK}/sink/${mended}`, channel.id).run();
    w.clock.advance(backoff(1));
    await runCron(w.deps);
    await w.drain(id);
    expect(await channelRowsOf(id, channel.id)).toEqual([]);
    expect(await received(mended)).toHaveLength(1);
    const [dropped] = await turnMail();
    expect([dropped!.status, dropped!.provider_id]).toEqual(["sent", null]);
    expect(dropped!.last_error).toMatch(/dropped: the notice reached the seat/);
    w.clock.advance(20 * MINUTE);
    await runCron(w.deps);
    expect((await fake.sent(w.key)).filter((m) => m.body.to.includes(w.olga) && m.body.subject.includes("Your move"))).toEqual([]);
  });

  it("a notice that reaches the seat on one channel and fails on another writes no mail", async () => {
    const w = deliveryWorld();
    const { id, hans } = await createDuel(w.world, { hold: 15 });
    const olga = await olgaToken(id);
    await addChannel(w, id, olga, { kind: "json", url: `${SINK}/sink/${uniqueName("ok")}` });
    await addChannel(w, id, olga, { kind: "discord", url: `${SINK}/sink-fail/${uniqueName("down")}` });
    await endTurn(w.client, id, hans);
    // the webhook that reached her leaves no row; the failed one waits for its retry; no mail
    const rows = (await outboxRows(id)).filter((r) => r.seat === "p2" && r.kind === "your_turn");
    expect(rows.map((r) => [r.channel_id === null ? "mail" : "channel", r.status])).toEqual([["channel", "pending"]]);
  });

  it("a 410 from the push service drops the subscription and fails the row with the reason", async () => {
    const w = deliveryWorld();
    const { id, hans } = await createDuel(w.world, { hold: 15 });
    const olga = await olgaToken(id);
    const browser = await browserSubscription(`${SINK}/push-gone/${uniqueName("gone")}`);
    const { channel } = await addChannel(w, id, olga, { kind: "push", subscription: browser.json });
    expect(await channelRow(channel.id)).not.toBeNull();

    await endTurn(w.client, id, hans);
    expect(await channelRow(channel.id)).toBeNull();
    const [row] = await channelRowsOf(id, channel.id);
    expect(row!.status).toBe("failed");
    expect(row!.last_error).toMatch(/gone.*410|410.*gone/s);
    expect(row!.last_error).toContain("channel removed");
    const list = await w.client.get(`/api/games/${id}/channels`, olga);
    expect(list.body.channels).toEqual([]);
  });

  it("a Discord-shaped and a signed json webhook reach the sink with the right body and signature", async () => {
    const w = deliveryWorld();
    const { id, hans } = await createDuel(w.world, { hold: 15 });
    const olga = await olgaToken(id);
    const discordName = uniqueName("discord");
    const jsonName = uniqueName("json");
    const discord = await addChannel(w, id, olga, { kind: "discord", url: `${SINK}/sink/${discordName}` });
    const json = await addChannel(w, id, olga, { kind: "json", url: `${SINK}/sink/${jsonName}` });
    expect(discord.secret).toBeUndefined();
    expect(json.secret).toMatch(/^whk_/);

    await endTurn(w.client, id, hans);
    const [d, ...dMore] = await received(discordName);
    expect(dMore).toEqual([]);
    expect(d!.headers["content-type"]).toBe("application/json");
    const dBody = JSON.parse(d!.text!);
    expect(Object.keys(dBody).sort()).toEqual(["allowed_mentions", "content"]);
    expect(dBody.allowed_mentions).toEqual({ parse: [] });
    expect(dBody.content).toContain(`https://hexpost.test/g/${id}#t=${olga}`);
    expect(dBody.content.length).toBeLessThanOrEqual(2000);

    const [j, ...jMore] = await received(jsonName);
    expect(jMore).toEqual([]);
    const timestamp = j!.headers["x-hexpost-timestamp"]!;
    expect(timestamp).toMatch(/^\d+$/);
    expect(Math.abs(Number(timestamp) - Date.now() / 1000)).toBeLessThan(300);
    expect(j!.headers["x-hexpost-signature"]).toBe(`sha256=${await hmacHex(json.secret!, `${timestamp}.${j!.text}`)}`);
    // a wrong secret does not verify (the check above can fail)
    expect(j!.headers["x-hexpost-signature"]).not.toBe(`sha256=${await hmacHex(`${json.secret}x`, `${timestamp}.${j!.text}`)}`);
    const jBody = JSON.parse(j!.text!);
    expect(jBody.notice).toMatchObject({ gameId: id, kind: "your_turn", url: `https://hexpost.test/g/${id}#t=${olga}` });
    // the delivery's id, in the body and a header, the same on every try: a repeat can be dropped
    expect(jBody.notice.id).toMatch(/\S/);
    expect(j!.headers["x-hexpost-delivery"]).toBe(jBody.notice.id);
    expect(typeof jBody.notice.title).toBe("string");
    expect(typeof jBody.notice.line).toBe("string");
    expect(typeof jBody.type).toBe("string");
    // the secret is never shown again
    const list = await w.client.get(`/api/games/${id}/channels`, olga);
    expect(JSON.stringify(list.body)).not.toContain(json.secret!);
  });

  it(`a channel failing ${MAX_CHANNEL_FAILURES} times in a row is switched off and the page shows it; with every channel failing the mail still goes (held, then sent)`, async () => {
    const w = deliveryWorld();
    const { id, hans } = await createDuel(w.world, { hold: 15 });
    const olga = await olgaToken(id);
    const a = await addChannel(w, id, olga, { kind: "json", url: `${SINK}/sink-fail/${uniqueName("fail")}` });
    const b = await addChannel(w, id, olga, { kind: "discord", url: `${SINK}/sink-fail/${uniqueName("fail")}` });

    const start = w.clock.now();
    await endTurn(w.client, id, hans);
    for (const c of [a, b]) expect((await channelRow(c.channel.id))!.failures).toBe(1);
    // the retries, driven by the clock and the cron: 1, 2, 4, 8 minutes
    for (let attempt = 1; attempt < MAX_CHANNEL_FAILURES; attempt++) {
      w.clock.advance(backoff(attempt));
      await runCron(w.deps);
      await w.drain(id);
      for (const c of [a, b]) expect((await channelRow(c.channel.id))!.failures).toBe(attempt + 1);
    }
    for (const c of [a, b]) {
      const row = await channelRow(c.channel.id);
      expect(row!.disabled_at).not.toBeNull();
      expect(row!.last_error).toContain("500");
    }
    // the next try finds the channel switched off
    w.clock.advance(backoff(MAX_CHANNEL_FAILURES));
    await runCron(w.deps);
    await w.drain(id);
    for (const c of [a, b]) {
      const [row] = await channelRowsOf(id, c.channel.id);
      expect([row!.status, row!.last_error]).toEqual(["sent", "skipped: the channel is switched off"]);
    }
    // the mail, held 15 minutes, went when due
    expect(w.clock.now() - start).toBeGreaterThanOrEqual(15 * MINUTE);
    const mail = (await outboxRows(id)).filter((r) => r.seat === "p2" && r.kind === "your_turn" && r.channel_id === null);
    expect(mail.map((r) => [r.held, r.status, r.last_error])).toEqual([[1, "sent", null]]);
    const sent = (await fake.sent(w.key)).filter((m) => m.body.to.includes(w.olga) && m.body.subject.includes("Your move"));
    expect(sent).toHaveLength(1);

    const game = await w.client.get(`/api/games/${id}`, olga);
    const shown = game.body.you.channels as { id: string; disabled: boolean; failures: number }[];
    expect(shown.map((c) => [c.id, c.disabled, c.failures]).sort()).toEqual(
      [
        [a.channel.id, true, MAX_CHANNEL_FAILURES],
        [b.channel.id, true, MAX_CHANNEL_FAILURES],
      ].sort(),
    );
    // a switched-off channel gets nothing more
    await env.DB.prepare("SELECT 1").run();
  });
});
