import { describe, expect, it } from "vitest";
import { vapidFor, vapidFrom } from "../../../worker/notify/vapid";

async function keyPair() {
  const pair = (await crypto.subtle.generateKey({ name: "ECDSA", namedCurve: "P-256" }, true, ["sign", "verify"])) as CryptoKeyPair;
  const jwk = await crypto.subtle.exportKey("jwk", pair.privateKey);
  const raw = new Uint8Array((await crypto.subtle.exportKey("raw", pair.publicKey)) as ArrayBuffer);
  const publicKey = btoa(String.fromCharCode(...raw)).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
  return { jwk: JSON.stringify({ kty: jwk.kty, crv: jwk.crv, x: jwk.x, y: jwk.y, d: jwk.d }), publicKey };
}

describe("vapidFor", () => {
  it("dev mode has fixed keys whose public half matches the private one", async () => {
    const v = vapidFor({ DEV_MODE: "true", MAIL_FROM: "hexpost <games@hexpost.test>" })!;
    expect(v.subject).toBe("mailto:games@hexpost.test");
    expect(v).toEqual(vapidFor({ DEV_MODE: "true", MAIL_FROM: "games@hexpost.test" }));
    // sign with the private JWK, verify with the public point the page subscribes with
    const priv = await crypto.subtle.importKey("jwk", v.privateJWK, { name: "ECDSA", namedCurve: "P-256" }, false, ["sign"]);
    const pub = await crypto.subtle.importKey("raw", Uint8Array.from(atob(v.publicKey.replace(/-/g, "+").replace(/_/g, "/") + "="), (c) => c.charCodeAt(0)), { name: "ECDSA", namedCurve: "P-256" }, false, ["verify"]);
    const data = new TextEncoder().encode("hexpost");
    const sig = await crypto.subtle.sign({ name: "ECDSA", hash: "SHA-256" }, priv, data);
    expect(await crypto.subtle.verify({ name: "ECDSA", hash: "SHA-256" }, pub, sig, data)).toBe(true);
  });

  it("production without keys has none, and says why", () => {
    expect(vapidFor({ DEV_MODE: "false", MAIL_FROM: "hexpost <games@hexpost.test>" })).toBeNull();
    expect(vapidFor({ MAIL_FROM: "hexpost <games@hexpost.test>" })).toBeNull();
    expect(vapidFrom({ MAIL_FROM: "hexpost <games@hexpost.test>" })).toMatchObject({ ok: false, reason: expect.stringMatching(/VAPID_PRIVATE_JWK/) });
  });

  it("production reads the secrets, derives the public key, and takes VAPID_SUBJECT over MAIL_FROM", async () => {
    const { jwk, publicKey } = await keyPair();
    const v = vapidFor({ VAPID_PRIVATE_JWK: jwk, MAIL_FROM: "hexpost <games@hexpost.test>" })!;
    expect(v.publicKey).toBe(publicKey);
    expect(v.privateJWK.d).toBe(JSON.parse(jwk).d);
    expect(v.subject).toBe("mailto:games@hexpost.test");
    expect(vapidFor({ VAPID_PRIVATE_JWK: jwk, VAPID_PUBLIC_KEY: publicKey, VAPID_SUBJECT: "https://hexpost.example/contact", MAIL_FROM: "x" })).toMatchObject({
      publicKey,
      subject: "https://hexpost.example/contact",
    });
    // configured keys win over the dev keys in dev mode too
    expect(vapidFor({ DEV_MODE: "true", VAPID_PRIVATE_JWK: jwk, MAIL_FROM: "games@hexpost.test" })?.publicKey).toBe(publicKey);
  });

  it("refuses a broken or mismatched configuration", async () => {
    const { jwk } = await keyPair();
    const other = await keyPair();
    const env = { MAIL_FROM: "games@hexpost.test" };
    expect(vapidFrom({ ...env, VAPID_PRIVATE_JWK: "{not json" })).toMatchObject({ ok: false, reason: expect.stringMatching(/not JSON/) });
    expect(vapidFrom({ ...env, VAPID_PRIVATE_JWK: JSON.stringify({ kty: "EC", crv: "P-384", x: "a", y: "b", d: "c" }) })).toMatchObject({ ok: false });
    expect(vapidFrom({ ...env, VAPID_PRIVATE_JWK: JSON.stringify({ ...JSON.parse(jwk), x: "AAAA" }) })).toMatchObject({ ok: false, reason: expect.stringMatching(/32 bytes/) });
    expect(vapidFrom({ ...env, VAPID_PRIVATE_JWK: jwk, VAPID_PUBLIC_KEY: other.publicKey })).toMatchObject({ ok: false, reason: expect.stringMatching(/does not match/) });
    expect(vapidFrom({ VAPID_PRIVATE_JWK: jwk, MAIL_FROM: "hexpost" })).toMatchObject({ ok: false, reason: expect.stringMatching(/VAPID_SUBJECT/) });
  });
});
