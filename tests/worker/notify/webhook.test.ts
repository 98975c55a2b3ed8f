import { describe, expect, it } from "vitest";
import { hmacHex, sendWebhook, webhookRequest } from "../../../worker/notify/webhook";
import { SINK, notice, received, uniqueName } from "./sink";

describe("sendWebhook", () => {
  it("Discord: {content} with the title, the line and the link, no mentions", async () => {
    const name = uniqueName("discord");
    const n = notice({ line: "@everyone Olga moved 3 units; your move (Germany)" });
    expect(await sendWebhook("discord", `${SINK}/sink/${name}`, n)).toEqual({ ok: true, status: 204 });
    const [got, ...more] = await received(name);
    expect(more).toHaveLength(0);
    expect(got!.headers["content-type"]).toBe("application/json");
    const body = JSON.parse(got!.text!);
    expect(body.content).toBe(`**${n.title}**\n${n.line}\n<${n.url}>`);
    expect(body.allowed_mentions).toEqual({ parse: [] });
  });

  it("Discord: a long line is cut to 2000 characters and the link survives", async () => {
    const name = uniqueName("discord");
    const n = notice({ line: "y".repeat(5000) });
    await sendWebhook("discord", `${SINK}/sink/${name}`, n);
    const content = JSON.parse((await received(name))[0]!.text!).content as string;
    expect(content.length).toBe(2000);
    expect(content.endsWith(`…\n<${n.url}>`)).toBe(true);
  });

  it("Slack: {text} in mrkdwn, escaped, the link as <url|Open the game>", async () => {
    const name = uniqueName("slack");
    const n = notice({ line: "Olga <olga@x> & Ivan moved" });
    expect(await sendWebhook("slack", `${SINK}/sink/${name}`, n)).toMatchObject({ ok: true });
    const body = JSON.parse((await received(name))[0]!.text!);
    expect(body.text).toBe(`*${n.title}*\nOlga &lt;olga@x&gt; &amp; Ivan moved\n<${n.url}|Open the game>`);
  });

  it("ntfy: the line as text/plain, Title, Click and Tags headers, non-ASCII titles RFC 2047-encoded", async () => {
    const name = uniqueName("ntfy");
    const n = notice();
    expect(await sendWebhook("ntfy", `${SINK}/sink/${name}`, n)).toMatchObject({ ok: true });
    const [got] = await received(name);
    expect(got!.text).toBe(n.line);
    expect(got!.headers["content-type"]).toMatch(/^text\/plain/);
    expect(got!.headers.title).toBe(n.title);
    expect(got!.headers.click).toBe(n.url);
    expect(got!.headers.tags).toBe("crossed_swords,your_turn");

    const name2 = uniqueName("ntfy");
    await sendWebhook("ntfy", `${SINK}/sink/${name2}`, notice({ title: "Ольга: ход\r\nX-Evil: 1", line: "Ольга сделала ход" }));
    const [got2] = await received(name2);
    const m = /^=\?UTF-8\?B\?([A-Za-z0-9+/=]+)\?=$/.exec(got2!.headers.title ?? "");
    expect(m).not.toBeNull();
    expect(new TextDecoder().decode(Uint8Array.from(atob(m![1]!), (c) => c.charCodeAt(0)))).toBe("Ольга: ход X-Evil: 1");
    expect(got2!.headers["x-evil"]).toBeUndefined();
    expect(got2!.text).toBe("Ольга сделала ход");
  });

  it("generic json: the documented envelope, signed over `${timestamp}.${body}`", async () => {
    const name = uniqueName("json");
    const n = notice();
    const secret = "whsec-test-secret";
    expect(await sendWebhook("json", `${SINK}/sink/${name}`, n, secret)).toMatchObject({ ok: true });
    const [got] = await received(name);
    expect(JSON.parse(got!.text!)).toEqual({ type: "hexpost.notice", version: 1, notice: { gameId: n.gameId, kind: n.kind, title: n.title, line: n.line, url: n.url, at: n.at } });
    const timestamp = got!.headers["x-hexpost-timestamp"]!;
    expect(timestamp).toMatch(/^\d{10}$/);
    expect(Math.abs(Number(timestamp) - Date.now() / 1000)).toBeLessThan(600);
    const signature = got!.headers["x-hexpost-signature"]!;
    expect(signature).toMatch(/^sha256=[0-9a-f]{64}$/);
    expect(await verify(secret, timestamp, got!.text!, signature)).toBe(true);
    expect(await verify("another-secret", timestamp, got!.text!, signature)).toBe(false);
    expect(await verify(secret, String(Number(timestamp) + 1), got!.text!, signature)).toBe(false);
    expect(await verify(secret, timestamp, got!.text!.replace("Olga", "Ivan"), signature)).toBe(false);
  });

  it("generic json without a secret carries no signature", async () => {
    const request = await webhookRequest("json", `${SINK}/sink/x`, notice());
    expect(request.headers.get("x-hexpost-signature")).toBeNull();
    expect(request.headers.get("x-hexpost-timestamp")).toBeNull();
  });

  it("a 500 is retried; a 404 is a failure, never gone and not retried", async () => {
    expect(await sendWebhook("json", `${SINK}/sink-fail/${uniqueName("w")}`, notice())).toMatchObject({ ok: false, retry: true, gone: false, status: 500 });
    expect(await sendWebhook("discord", `${SINK}/nowhere/${uniqueName("w")}`, notice())).toMatchObject({ ok: false, retry: false, gone: false, status: 404 });
    const gone: typeof fetch = async () => new Response(null, { status: 410 });
    expect(await sendWebhook("slack", `${SINK}/sink/x`, notice(), undefined, gone)).toMatchObject({ ok: false, retry: false, gone: false, status: 410 });
  });

  it("a failure's reason quotes the start of the answer, and an endless answer is not read to its end", async () => {
    const r = await sendWebhook("json", `${SINK}/sink-fail/${uniqueName("w")}`, notice());
    expect(r).toMatchObject({ ok: false, reason: "HTTP 500: sink is down" });
    let pulled = 0;
    const endless: typeof fetch = async () =>
      new Response(
        new ReadableStream({
          pull(controller) {
            pulled++;
            controller.enqueue(new TextEncoder().encode("x".repeat(256)));
          },
        }),
        { status: 503 },
      );
    const r2 = await sendWebhook("json", "https://hooks.example.org/x", notice(), undefined, endless);
    expect(r2).toMatchObject({ ok: false, retry: true, status: 503 });
    if (!r2.ok) expect(r2.reason.length).toBeLessThan(220);
    expect(pulled).toBeLessThan(10);
  });

  it("a redirect is not followed", async () => {
    let calls = 0;
    const redirecting: typeof fetch = async (input) => {
      calls++;
      expect((input as Request).redirect).toBe("manual");
      return new Response(null, { status: 302, headers: { location: "http://169.254.169.254/" } });
    };
    expect(await sendWebhook("json", "https://hooks.example.org/x", notice(), undefined, redirecting)).toMatchObject({ ok: false, retry: false, status: 302 });
    expect(calls).toBe(1);
  });

  it("a 429 with an HTTP-date Retry-After is retried after about that long", async () => {
    const later = new Date(Date.now() + 120_000).toUTCString();
    const busy: typeof fetch = async () => new Response("slow down", { status: 429, headers: { "retry-after": later } });
    const r = await sendWebhook("ntfy", "https://ntfy.sh/topic", notice(), undefined, busy);
    expect(r).toMatchObject({ ok: false, retry: true, status: 429 });
    expect(r.ok ? 0 : r.retryAfterMs).toBeGreaterThan(100_000);
  });
});

/** What a receiver does (the README's recipe): recompute and compare. */
async function verify(secret: string, timestamp: string, body: string, header: string): Promise<boolean> {
  return `sha256=${await hmacHex(secret, `${timestamp}.${body}`)}` === header;
}
