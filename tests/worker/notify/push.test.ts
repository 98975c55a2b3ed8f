import { describe, expect, it } from "vitest";
import { fromBase64Url } from "../../../worker/notify/base64url";
import { pushTopic, sendPush } from "../../../worker/notify/push";
import { vapidFor } from "../../../worker/notify/vapid";
import { browserSubscription, decryptPush } from "../push-keys";
import { SINK, base64Bytes, notice, received, uniqueName } from "./sink";

const vapid = vapidFor({ DEV_MODE: "true", MAIL_FROM: "hexpost <games@hexpost.test>" })!;

/** A push service at an https address, reached at the local one: the library builds only for https. */
const viaLocal =
  (from: string): typeof fetch =>
  (input, init) =>
    fetch(String(input instanceof Request ? input.url : input).replace(from, SINK), init);

function jwtParts(authorization: string | undefined) {
  const m = /^vapid t=([\w-]+)\.([\w-]+)\.([\w-]+), k=([\w-]+)$/.exec(authorization ?? "");
  if (!m) throw new Error(`not a vapid Authorization header: ${authorization}`);
  const [, head, claims, sig, key] = m as unknown as [string, string, string, string, string];
  return { head, claims, sig, key, payload: JSON.parse(new TextDecoder().decode(fromBase64Url(claims)!)) as { aud: string; exp: number; sub: string } };
}

async function verifies(parts: ReturnType<typeof jwtParts>, publicKey: string): Promise<boolean> {
  const key = await crypto.subtle.importKey("raw", fromBase64Url(publicKey)!, { name: "ECDSA", namedCurve: "P-256" }, false, ["verify"]);
  return crypto.subtle.verify({ name: "ECDSA", hash: "SHA-256" }, key, fromBase64Url(parts.sig)!, new TextEncoder().encode(`${parts.head}.${parts.claims}`));
}

describe("sendPush", () => {
  it("delivers the notice encrypted for the subscription, with VAPID, TTL, urgency and a per-game topic", async () => {
    const name = uniqueName("push");
    const browser = await browserSubscription(`https://push.example.net/push/${name}`);
    const n = notice();
    const result = await sendPush(browser.sub, n, vapid, viaLocal("https://push.example.net"));
    expect(result).toEqual({ ok: true, status: 201 });

    const [got, ...more] = await received(name);
    expect(more).toHaveLength(0);
    // RFC 8291: aes128gcm, the salt and the sender's key in the body's header block, none of the draft's headers
    expect(got!.headers["content-encoding"]).toBe("aes128gcm");
    expect(got!.headers.encryption).toBeUndefined();
    expect(got!.headers["crypto-key"]).toBeUndefined();
    const bytes = base64Bytes(got!.body!);
    expect(bytes[20]).toBe(65);
    expect(bytes[21]).toBe(4);
    expect(bytes.length).toBeLessThanOrEqual(4096);
    const plain = await decryptPush(base64Bytes(got!.body!), browser.keys, got!.headers);
    expect(JSON.parse(plain)).toEqual({ title: n.title, body: n.line, url: n.url, gameId: n.gameId, kind: n.kind });

    const jwt = jwtParts(got!.headers.authorization);
    expect(jwt.key).toBe(vapid.publicKey);
    expect(jwt.payload.aud).toBe("https://push.example.net");
    expect(jwt.payload.sub).toBe("mailto:games@hexpost.test");
    expect(jwt.payload.exp * 1000 - Date.now()).toBeLessThanOrEqual(24 * 3600_000);
    expect(await verifies(jwt, vapid.publicKey)).toBe(true);

    expect(Number(got!.headers.ttl)).toBeGreaterThan(20 * 3600);
    expect(got!.headers.urgency).toBe("high");
    expect(got!.headers.topic).toBe(await pushTopic(n.gameId));
  });

  it("a JWT signed by another key does not verify with ours (the check above can fail)", async () => {
    const name = uniqueName("push");
    const browser = await browserSubscription(`https://push.example.net/push/${name}`);
    await sendPush(browser.sub, notice(), vapid, viaLocal("https://push.example.net"));
    const jwt = jwtParts((await received(name))[0]!.headers.authorization);
    const other = (await crypto.subtle.generateKey({ name: "ECDSA", namedCurve: "P-256" }, true, ["sign", "verify"])) as CryptoKeyPair;
    const otherRaw = new Uint8Array((await crypto.subtle.exportKey("raw", other.publicKey)) as ArrayBuffer);
    const otherKey = btoa(String.fromCharCode(...otherRaw)).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
    expect(await verifies(jwt, otherKey)).toBe(false);
  });

  it("does not decrypt with another browser's keys", async () => {
    const name = uniqueName("push");
    const browser = await browserSubscription(`${SINK}/push/${name}`);
    const stranger = await browserSubscription(`${SINK}/push/${name}`);
    expect(await sendPush(browser.sub, notice(), vapid)).toMatchObject({ ok: true });
    const [got] = await received(name);
    await expect(decryptPush(base64Bytes(got!.body!), stranger.keys, got!.headers)).rejects.toThrow();
  });

  it("posts to an http endpoint (dev mode's local sinks) and marks notices nobody waits on normal", async () => {
    const name = uniqueName("push");
    const browser = await browserSubscription(`${SINK}/push/${name}`);
    const n = notice({ kind: "game_over", line: "Germany won on turn 7" });
    expect(await sendPush(browser.sub, n, vapid)).toEqual({ ok: true, status: 201 });
    const [got] = await received(name);
    expect(got!.headers.urgency).toBe("normal");
    expect(JSON.parse(await decryptPush(base64Bytes(got!.body!), browser.keys, got!.headers)).body).toBe("Germany won on turn 7");
  });

  it("410 means the subscription is gone; 429 retries after Retry-After; 500 retries", async () => {
    const gone = await browserSubscription(`${SINK}/push-gone/${uniqueName("p")}`);
    expect(await sendPush(gone.sub, notice(), vapid)).toMatchObject({ ok: false, gone: true, retry: false, status: 410 });

    const busy = await browserSubscription(`${SINK}/push-busy/${uniqueName("p")}`);
    expect(await sendPush(busy.sub, notice(), vapid)).toMatchObject({ ok: false, gone: false, retry: true, status: 429, retryAfterMs: 30_000 });

    const down = await browserSubscription(`${SINK}/sink-fail/${uniqueName("p")}`);
    const r = await sendPush(down.sub, notice(), vapid);
    expect(r).toMatchObject({ ok: false, gone: false, retry: true, status: 500 });
    expect(r).not.toHaveProperty("retryAfterMs");
  });

  it("a 404 is gone too, another 4xx is neither gone nor retried", async () => {
    const missing = await browserSubscription(`${SINK}/nowhere/${uniqueName("p")}`);
    expect(await sendPush(missing.sub, notice(), vapid)).toMatchObject({ ok: false, gone: true, retry: false, status: 404 });
    const browser = await browserSubscription(`${SINK}/push/${uniqueName("p")}`);
    const forbidden: typeof fetch = async () => new Response("bad jwt", { status: 403 });
    expect(await sendPush(browser.sub, notice(), vapid, forbidden)).toMatchObject({ ok: false, gone: false, retry: false, status: 403 });
  });

  it("a network failure or a timeout is a retry, and its reason never quotes the endpoint", async () => {
    const browser = await browserSubscription(`${SINK}/push/secret-endpoint-id`);
    const refused: typeof fetch = async () => {
      throw new TypeError(`connect ECONNREFUSED for ${SINK}/push/secret-endpoint-id`);
    };
    const r = await sendPush(browser.sub, notice(), vapid, refused);
    expect(r).toMatchObject({ ok: false, retry: true, gone: false, status: null });
    if (!r.ok) expect(r.reason).not.toContain("secret-endpoint-id");
    const slow: typeof fetch = async () => {
      throw new DOMException("The operation was aborted due to timeout", "TimeoutError");
    };
    expect(await sendPush(browser.sub, notice(), vapid, slow)).toMatchObject({ ok: false, retry: true, reason: "timed out" });
  });

  it("a broken subscription key or VAPID key is refused before sending, not retried", async () => {
    const browser = await browserSubscription(`${SINK}/push/${uniqueName("p")}`);
    expect(await sendPush({ ...browser.sub, auth: "c2hvcnQ" }, notice(), vapid)).toMatchObject({ ok: false, retry: false, gone: false, status: null });
    expect(await sendPush(browser.sub, notice(), { ...vapid, privateJWK: { kty: "EC", crv: "P-256" } })).toMatchObject({ ok: false, retry: false });
  });

  it("one topic per game: 32 base64url characters, the same for the same game, another for another", async () => {
    const a = await pushTopic("g7k2f");
    expect(a).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(await pushTopic("g7k2f")).toBe(a);
    expect(await pushTopic("g7k2g")).not.toBe(a);
  });

  it("each push has its own salt and sender key, and a body labelled with the draft coding is not read", async () => {
    const name = uniqueName("push");
    const browser = await browserSubscription(`${SINK}/push/${name}`);
    await sendPush(browser.sub, notice(), vapid);
    await sendPush(browser.sub, notice(), vapid);
    const [a, b] = await received(name);
    const head = (r: typeof a) => base64Bytes(r!.body!).slice(0, 86).join(",");
    expect(head(a)).not.toBe(head(b));
    expect(JSON.parse(await decryptPush(base64Bytes(b!.body!), browser.keys, b!.headers)).kind).toBe("your_turn");
    await expect(decryptPush(base64Bytes(a!.body!), browser.keys, { ...a!.headers, "content-encoding": "aesgcm" })).rejects.toThrow(/not aes128gcm/);
  });

  it("a line of escaped characters is clipped until the payload fits one 4096-byte record", async () => {
    const name = uniqueName("push");
    const browser = await browserSubscription(`${SINK}/push/${name}`);
    // 1000 characters of \u0001 are 6000 bytes of JSON: past what one record carries
    expect(await sendPush(browser.sub, notice({ line: "\u0001".repeat(2000) }), vapid)).toMatchObject({ ok: true });
    const [got] = await received(name);
    const body = JSON.parse(await decryptPush(base64Bytes(got!.body!), browser.keys, got!.headers)).body as string;
    expect(body.length).toBeGreaterThan(500);
    expect(body.length).toBeLessThan(1000);
    expect(body.endsWith("…")).toBe(true);
  });

  it("a long line is clipped so the payload still fits a push", async () => {
    const name = uniqueName("push");
    const browser = await browserSubscription(`${SINK}/push/${name}`);
    expect(await sendPush(browser.sub, notice({ line: "x".repeat(10_000) }), vapid)).toMatchObject({ ok: true });
    const [got] = await received(name);
    const body = JSON.parse(await decryptPush(base64Bytes(got!.body!), browser.keys, got!.headers)).body as string;
    expect(body.length).toBe(1000);
    expect(body.endsWith("…")).toBe(true);
  });
});
