import { describe, expect, it } from "vitest";
import { checkEndpointUrl, checkWebhook, parsePushSubscription } from "../../../worker/notify/endpoint";
import { browserSubscription } from "../push-keys";
import { SINK } from "./sink";

const prod = { production: true };
const dev = { production: false };

describe("checkEndpointUrl in production", () => {
  const refused: [string, unknown, RegExp][] = [
    ["not a string", 42, /string/],
    ["null", null, /string/],
    ["too long", `https://example.org/${"a".repeat(2040)}`, /2048/],
    ["not a URL", "not a url", /not a URL/],
    ["http", "http://example.org/hook", /https/],
    ["ftp", "ftp://example.org/hook", /https/],
    ["javascript:", "javascript:alert(1)", /https/],
    ["user info", "https://user:pw@example.org/hook", /user name or password/],
    ["user name only", "https://user@example.org/hook", /user name or password/],
    ["loopback", "https://127.0.0.1/hook", /loopback/],
    ["loopback, far end", "https://127.255.255.254/hook", /loopback/],
    ["decimal loopback", "https://2130706433/hook", /loopback/],
    ["hex loopback", "https://0x7f000001/hook", /loopback/],
    ["dotted hex loopback", "https://0x7f.0.0.1/hook", /loopback/],
    ["octal loopback", "https://0177.0.0.1/hook", /loopback/],
    ["short loopback", "https://127.1/hook", /loopback/],
    ["10/8", "https://10.1.2.3/hook", /private/],
    ["172.16/12", "https://172.31.255.255/hook", /private/],
    ["192.168/16", "https://192.168.1.1/hook", /private/],
    ["link-local (cloud metadata)", "https://169.254.169.254/latest/meta-data", /link-local/],
    ["CGNAT", "https://100.64.0.1/hook", /carrier-grade NAT/],
    ["multicast", "https://224.0.0.251/hook", /multicast/],
    ["broadcast", "https://255.255.255.255/hook", /reserved/],
    ["unspecified", "https://0.0.0.0/hook", /unspecified/],
    ["unspecified, short", "https://0/hook", /unspecified/],
    ["IPv6 loopback", "https://[::1]/hook", /loopback/],
    ["IPv6 unspecified", "https://[::]/hook", /unspecified/],
    ["IPv6 unique-local", "https://[fd12:3456::1]/hook", /unique-local/],
    ["IPv6 unique-local fc", "https://[fc00::1]/hook", /unique-local/],
    ["IPv6 link-local", "https://[fe80::1]/hook", /link-local/],
    ["IPv6 multicast", "https://[ff02::1]/hook", /multicast/],
    ["IPv4-mapped loopback", "https://[::ffff:127.0.0.1]/hook", /maps an IPv4 address that is loopback/],
    ["IPv4-mapped private, hex", "https://[::ffff:a00:1]/hook", /maps an IPv4 address that is private/],
    ["IPv4-mapped metadata", "https://[::ffff:169.254.169.254]/hook", /link-local/],
    ["NAT64 of loopback", "https://[64:ff9b::7f00:1]/hook", /NAT64/],
    ["localhost", "https://localhost/hook", /localhost/],
    ["localhost with a dot", "https://localhost./hook", /localhost/],
    ["LOCALHOST", "https://LOCALHOST:8443/hook", /localhost/],
    ["*.localhost", "https://api.localhost/hook", /localhost/],
    ["*.local", "https://printer.local/hook", /\.local/],
    ["*.internal", "https://metadata.google.internal/computeMetadata", /\.internal/],
    ["bare host name", "https://intranet/hook", /no dot/],
  ];
  it.each(refused)("refuses %s", (_, raw, message) => {
    const r = checkEndpointUrl(raw, "url", prod);
    expect(r).toMatchObject({ ok: false, field: "url" });
    if (!r.ok) expect(r.message).toMatch(message);
  });

  const allowed: [string, string][] = [
    ["a public host", "https://hooks.example.org/notify"],
    ["a public host with a port", "https://ntfy.example.org:8443/games"],
    ["a public IPv4", "https://93.184.215.14/hook"],
    ["a public IPv6", "https://[2606:4700:4700::1111]/hook"],
    ["172.32 (outside 172.16/12)", "https://172.32.0.1/hook"],
    ["100.128 (outside CGNAT)", "https://100.128.0.1/hook"],
    ["a name ending in local but not .local", "https://notlocal.example/hook"],
    ["FCM", "https://fcm.googleapis.com/fcm/send/abc:def"],
    ["Mozilla autopush", "https://updates.push.services.mozilla.com/wpush/v2/gAAAAA"],
    ["Apple", "https://web.push.apple.com/QGx0b2tlbg"],
  ];
  it.each(allowed)("allows %s", (_, raw) => {
    const r = checkEndpointUrl(raw, "url", prod);
    expect(r).toMatchObject({ ok: true });
    if (r.ok) expect(new URL(r.url).href).toBe(r.url);
  });

  it("names the field it was given", () => {
    expect(checkEndpointUrl("http://x", "subscription.endpoint", prod)).toMatchObject({ ok: false, field: "subscription.endpoint" });
  });
});

describe("checkEndpointUrl in dev mode", () => {
  it.each(["http://127.0.0.1:4012/sink/a", "http://localhost:8787/x", "https://[::1]/x", "http://intranet/x"])("allows %s", (raw) => {
    expect(checkEndpointUrl(raw, "url", dev)).toMatchObject({ ok: true });
  });
  it.each([
    ["ftp://127.0.0.1/x", /http/],
    ["http://u:p@127.0.0.1/x", /user name/],
    [7, /string/],
  ] as [unknown, RegExp][])("still refuses %s", (raw, message) => {
    const r = checkEndpointUrl(raw, "url", dev);
    expect(r).toMatchObject({ ok: false, field: "url" });
    if (!r.ok) expect(r.message).toMatch(message);
  });
});

describe("checkWebhook", () => {
  const refused: [string, { kind: unknown; url: unknown }, string, RegExp][] = [
    ["an unknown kind", { kind: "teams", url: "https://example.org/x" }, "kind", /discord, slack, ntfy, json/],
    ["no kind", { kind: undefined, url: "https://example.org/x" }, "kind", /one of/],
    ["no url", { kind: "json", url: undefined }, "url", /string/],
    ["discord elsewhere", { kind: "discord", url: "https://example.org/api/webhooks/1/abc" }, "url", /Discord webhook URL/],
    ["discord, not a webhook path", { kind: "discord", url: "https://discord.com/channels/1/2" }, "url", /Discord webhook URL/],
    ["discord, lookalike host", { kind: "discord", url: "https://discord.com.evil.example/api/webhooks/1/abc" }, "url", /Discord/],
    ["slack elsewhere", { kind: "slack", url: "https://example.org/services/T0/B0/x" }, "url", /Slack/],
    ["slack, not a services path", { kind: "slack", url: "https://hooks.slack.com/other" }, "url", /Slack/],
    ["ntfy without a topic", { kind: "ntfy", url: "https://ntfy.sh/" }, "url", /topic/],
    ["json to a private address", { kind: "json", url: "https://10.0.0.5/hook" }, "url", /private/],
    ["discord over http", { kind: "discord", url: "http://discord.com/api/webhooks/1/abc" }, "url", /https/],
  ];
  it.each(refused)("refuses %s", (_, raw, field, message) => {
    const r = checkWebhook(raw, prod);
    expect(r).toMatchObject({ ok: false, field });
    if (!r.ok) expect(r.message).toMatch(message);
  });

  const allowed: [string, { kind: string; url: string }][] = [
    ["discord", { kind: "discord", url: "https://discord.com/api/webhooks/123456789/AbC-d_E" }],
    ["discordapp, versioned", { kind: "discord", url: "https://discordapp.com/api/v10/webhooks/123/tok" }],
    ["slack", { kind: "slack", url: "https://hooks.slack.com/services/T000/B000/XXXX" }],
    ["ntfy.sh", { kind: "ntfy", url: "https://ntfy.sh/hexpost-olga" }],
    ["self-hosted ntfy", { kind: "ntfy", url: "https://push.example.org/games" }],
    ["json", { kind: "json", url: "https://example.org/hexpost" }],
  ];
  it.each(allowed)("allows %s", (_, raw) => {
    expect(checkWebhook(raw, prod)).toEqual({ ok: true, kind: raw.kind, url: raw.url });
  });

  it("dev mode lets every kind post to a local sink, but an ntfy URL still needs a topic", () => {
    for (const kind of ["discord", "slack", "ntfy", "json"]) {
      expect(checkWebhook({ kind, url: "http://127.0.0.1:4012/sink/a" }, dev)).toMatchObject({ ok: true, kind });
    }
    expect(checkWebhook({ kind: "ntfy", url: "http://127.0.0.1:4012" }, dev)).toMatchObject({ ok: false, field: "url" });
  });
});

describe("parsePushSubscription", () => {
  it("takes what PushSubscription.toJSON() gives", async () => {
    const b = await browserSubscription("https://fcm.googleapis.com/fcm/send/abc");
    expect(await parsePushSubscription(b.json, prod)).toEqual({ ok: true, sub: b.sub });
  });

  it("takes base64url with padding too", async () => {
    const b = await browserSubscription("https://fcm.googleapis.com/fcm/send/abc");
    const padded = { ...b.json, keys: { p256dh: `${b.json.keys.p256dh}=`, auth: `${b.json.keys.auth}==` } };
    expect(await parsePushSubscription(padded, prod)).toMatchObject({ ok: true });
  });

  it("refuses, naming the field", async () => {
    const b = await browserSubscription("https://fcm.googleapis.com/fcm/send/abc");
    const { p256dh, auth } = b.json.keys;
    const point = Uint8Array.from(atob(p256dh.replace(/-/g, "+").replace(/_/g, "/") + "="), (c) => c.charCodeAt(0));
    const b64u = (bytes: Uint8Array) => btoa(String.fromCharCode(...bytes)).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
    const offCurve = point.slice();
    offCurve[64] = offCurve[64]! ^ 1; // y no longer matches x
    const compressed = point.slice(0, 33);
    compressed[0] = 2;
    const cases: [string, unknown, string, RegExp][] = [
      ["not an object", "sub", "subscription", /object/],
      ["an array", [], "subscription", /object/],
      ["no endpoint", { keys: { p256dh, auth } }, "subscription.endpoint", /string/],
      ["an http endpoint", { endpoint: "http://fcm.googleapis.com/x", keys: { p256dh, auth } }, "subscription.endpoint", /https/],
      ["a private endpoint", { endpoint: "https://192.168.0.10/push", keys: { p256dh, auth } }, "subscription.endpoint", /private/],
      ["no keys", { endpoint: b.json.endpoint }, "subscription.keys", /object/],
      ["no p256dh", { endpoint: b.json.endpoint, keys: { auth } }, "subscription.keys.p256dh", /base64url/],
      ["p256dh not base64url", { endpoint: b.json.endpoint, keys: { p256dh: "not base64!", auth } }, "subscription.keys.p256dh", /base64url/],
      ["p256dh compressed", { endpoint: b.json.endpoint, keys: { p256dh: b64u(compressed), auth } }, "subscription.keys.p256dh", /65 bytes/],
      ["p256dh without 0x04", { endpoint: b.json.endpoint, keys: { p256dh: b64u(Uint8Array.from([5, ...point.slice(1)])), auth } }, "subscription.keys.p256dh", /65 bytes starting 0x04/],
      ["p256dh off the curve", { endpoint: b.json.endpoint, keys: { p256dh: b64u(offCurve), auth } }, "subscription.keys.p256dh", /curve/],
      ["no auth", { endpoint: b.json.endpoint, keys: { p256dh } }, "subscription.keys.auth", /base64url/],
      ["auth too short", { endpoint: b.json.endpoint, keys: { p256dh, auth: b64u(new Uint8Array(8)) } }, "subscription.keys.auth", /16 bytes/],
      ["auth too long", { endpoint: b.json.endpoint, keys: { p256dh, auth: b64u(new Uint8Array(32)) } }, "subscription.keys.auth", /16 bytes/],
    ];
    for (const [what, raw, field, message] of cases) {
      const r = await parsePushSubscription(raw, prod);
      expect(r, what).toMatchObject({ ok: false, field });
      if (!r.ok) expect(r.message, what).toMatch(message);
    }
  });

  it("dev mode takes a local endpoint", async () => {
    const b = await browserSubscription(`${SINK}/push/dev`);
    expect(await parsePushSubscription(b.json, dev)).toMatchObject({ ok: true });
    expect(await parsePushSubscription(b.json, prod)).toMatchObject({ ok: false, field: "subscription.endpoint" });
  });
});
