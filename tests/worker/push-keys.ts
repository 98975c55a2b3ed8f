/**
 * The browser's side of Web Push, for tests: a subscription made as a browser makes it (an
 * ECDH P-256 key pair and 16 random auth bytes), and the decryption a browser does on receipt.
 * Test-only code: product code encrypts with @block65/webcrypto-web-push and never hand-rolls this.
 *
 * Only "aes128gcm" is read (RFC 8291 over RFC 8188: salt, record size and the sender's key in a
 * header block at the start of the body): the older draft "aesgcm" coding is refused, so a
 * sender that falls back to it fails the tests.
 */
import { toBase64Url } from "../../worker/notify/base64url";
import type { PushSub } from "../../worker/notify/push";

export interface BrowserKeys {
  privateKey: CryptoKey;
  /** the uncompressed public point, 65 bytes */
  publicRaw: Uint8Array<ArrayBuffer>;
  auth: Uint8Array<ArrayBuffer>;
}

export interface BrowserSubscription {
  /** what `PushSubscription.toJSON()` gives the page */
  json: { endpoint: string; expirationTime: null; keys: { p256dh: string; auth: string } };
  /** the same, in the shape sendPush takes */
  sub: PushSub;
  keys: BrowserKeys;
}

export async function browserSubscription(endpoint: string): Promise<BrowserSubscription> {
  const pair = (await crypto.subtle.generateKey({ name: "ECDH", namedCurve: "P-256" }, true, ["deriveBits"])) as CryptoKeyPair;
  const publicRaw = new Uint8Array((await crypto.subtle.exportKey("raw", pair.publicKey)) as ArrayBuffer);
  const auth = crypto.getRandomValues(new Uint8Array(16));
  const p256dh = toBase64Url(publicRaw);
  const authText = toBase64Url(auth);
  return {
    json: { endpoint, expirationTime: null, keys: { p256dh, auth: authText } },
    sub: { endpoint, p256dh, auth: authText },
    keys: { privateKey: pair.privateKey, publicRaw, auth },
  };
}

type HeaderBag = Record<string, string | string[] | undefined>;

/**
 * The plaintext of a push body, as the subscribed browser would read it. Throws when the body is
 * not aes128gcm (the Content-Encoding header must say so) or does not decrypt.
 */
export async function decryptPush(body: Uint8Array, keys: BrowserKeys, headers: HeaderBag): Promise<string> {
  const coding = header(headers, "content-encoding")?.trim().toLowerCase();
  if (coding !== "aes128gcm") throw new Error(`Content-Encoding is ${coding ?? "missing"}, not aes128gcm`);
  // RFC 8188 §2.1 header: salt(16) | rs(4) | idlen(1) | keyid(idlen) = the sender's public key (RFC 8291 §4)
  if (body.length < 21) throw new Error("shorter than the aes128gcm header");
  const salt = body.slice(0, 16);
  const rs = new DataView(body.buffer, body.byteOffset + 16, 4).getUint32(0);
  const idlen = body[20]!;
  if (idlen !== 65) throw new Error(`the key id is ${idlen} bytes, not the sender's 65-byte public key`);
  if (rs < 18) throw new Error(`record size ${rs} is below RFC 8188's minimum`);
  const senderRaw = body.slice(21, 21 + idlen);
  const ciphertext = body.slice(21 + idlen);
  if (ciphertext.length > rs) throw new Error("more than one record: not what a push carries");
  const ecdh = await sharedSecret(keys, senderRaw);
  // RFC 8291 §3.4: IKM = HKDF(auth, ecdh, "WebPush: info\0" | ua_public | as_public, 32)
  const ikm = await hkdf(keys.auth, ecdh, concat(text("WebPush: info\0"), keys.publicRaw, senderRaw), 32);
  const cek = await hkdf(salt, ikm, text("Content-Encoding: aes128gcm\0"), 16);
  const nonce = await hkdf(salt, ikm, text("Content-Encoding: nonce\0"), 12);
  const plain = await aesGcmDecrypt(cek, nonce, ciphertext);
  // the last record ends with a 0x02 delimiter followed by zero padding
  let end = plain.length - 1;
  while (end >= 0 && plain[end] === 0) end--;
  if (plain[end] !== 2) throw new Error("no last-record delimiter");
  return new TextDecoder().decode(plain.slice(0, end));
}

async function sharedSecret(keys: BrowserKeys, senderRaw: Uint8Array<ArrayBuffer>): Promise<Uint8Array<ArrayBuffer>> {
  const sender = await crypto.subtle.importKey("raw", senderRaw, { name: "ECDH", namedCurve: "P-256" }, false, []);
  return new Uint8Array(await crypto.subtle.deriveBits({ name: "ECDH", public: sender }, keys.privateKey, 256));
}

async function hkdf(salt: Uint8Array<ArrayBuffer>, ikm: Uint8Array<ArrayBuffer>, info: Uint8Array<ArrayBuffer>, bytes: number): Promise<Uint8Array<ArrayBuffer>> {
  const key = await crypto.subtle.importKey("raw", ikm, "HKDF", false, ["deriveBits"]);
  return new Uint8Array(await crypto.subtle.deriveBits({ name: "HKDF", hash: "SHA-256", salt, info }, key, bytes * 8));
}

async function aesGcmDecrypt(cek: Uint8Array<ArrayBuffer>, nonce: Uint8Array<ArrayBuffer>, data: Uint8Array): Promise<Uint8Array> {
  const key = await crypto.subtle.importKey("raw", cek, "AES-GCM", false, ["decrypt"]);
  return new Uint8Array(await crypto.subtle.decrypt({ name: "AES-GCM", iv: nonce }, key, data.slice()));
}

function header(headers: HeaderBag, name: string): string | undefined {
  const v = headers[name] ?? headers[name.toLowerCase()];
  return Array.isArray(v) ? v.join(",") : v;
}

const text = (s: string) => new TextEncoder().encode(s);

function concat(...parts: Uint8Array[]): Uint8Array<ArrayBuffer> {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}
