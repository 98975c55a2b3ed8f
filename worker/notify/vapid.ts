import { fromBase64Url, toBase64Url } from "./base64url";

/**
 * The server's VAPID identity (RFC 8292): the key pair push services know us by. The page
 * subscribes with `publicKey`; every push is signed with `privateJWK`.
 */
export interface Vapid {
  /** base64url of the uncompressed P-256 point: what the page passes as applicationServerKey */
  publicKey: string;
  privateJWK: JsonWebKey;
  /** a mailto: or https: contact, sent to push services in the JWT's `sub` */
  subject: string;
}

export interface VapidEnv {
  DEV_MODE?: string;
  VAPID_PUBLIC_KEY?: string;
  VAPID_PRIVATE_JWK?: string;
  VAPID_SUBJECT?: string;
  MAIL_FROM: string;
}

/**
 * PUBLIC dev keys, committed on purpose so that `npm start` and the tests need no setup. They
 * protect nothing: never use them in production (vapidFor ignores them unless DEV_MODE is "true").
 */
const DEV_PRIVATE_JWK: JsonWebKey = {
  kty: "EC",
  crv: "P-256",
  x: "hUuYdXQkNzlKWCxEmo2bvq3W_rsBdA9TesfPuyErdns",
  y: "lGpIdQx215LnPLrC4zLVV0EVfBLqK6-VNAAxyUn4_Gc",
  d: "WTFm6LpQeXIzJDB3ZDAks2MI1UplYnRr1VQ3XN_mrQ0",
};

/** The keys in use, or null when production has none (push channels are then refused). */
export function vapidFor(env: VapidEnv): Vapid | null {
  const r = vapidFrom(env);
  return r.ok ? r.vapid : null;
}

/** Like vapidFor, with the reason when there is no usable key (for a log line or a 503's message). */
export function vapidFrom(env: VapidEnv): { ok: true; vapid: Vapid } | { ok: false; reason: string } {
  const subject = env.VAPID_SUBJECT?.trim() || mailtoOf(env.MAIL_FROM);
  if (!subject) return { ok: false, reason: "no VAPID_SUBJECT and no address in MAIL_FROM" };
  if (env.DEV_MODE === "true" && !env.VAPID_PRIVATE_JWK) {
    return { ok: true, vapid: { publicKey: publicKeyOf(DEV_PRIVATE_JWK)!, privateJWK: DEV_PRIVATE_JWK, subject } };
  }
  if (!env.VAPID_PRIVATE_JWK) return { ok: false, reason: "push is not configured: the VAPID_PRIVATE_JWK secret is not set" };
  let jwk: unknown;
  try {
    jwk = JSON.parse(env.VAPID_PRIVATE_JWK);
  } catch {
    return { ok: false, reason: "VAPID_PRIVATE_JWK is not JSON" };
  }
  if (!isPrivateP256(jwk)) return { ok: false, reason: "VAPID_PRIVATE_JWK is not a P-256 private key (kty EC, crv P-256, x, y, d)" };
  const publicKey = publicKeyOf(jwk);
  if (!publicKey) return { ok: false, reason: "VAPID_PRIVATE_JWK's x or y is not 32 bytes of base64url" };
  // The page subscribes with the public key, the pushes are signed with the private one: if they
  // disagree every push is refused, so a mismatch is a configuration error, not a choice.
  if (env.VAPID_PUBLIC_KEY && env.VAPID_PUBLIC_KEY.trim() !== publicKey) {
    return { ok: false, reason: "VAPID_PUBLIC_KEY does not match VAPID_PRIVATE_JWK (leave it unset: it is derived)" };
  }
  return { ok: true, vapid: { publicKey, privateJWK: { kty: "EC", crv: "P-256", x: jwk.x, y: jwk.y, d: jwk.d }, subject } };
}

function isPrivateP256(j: unknown): j is { kty: "EC"; crv: "P-256"; x: string; y: string; d: string } {
  if (typeof j !== "object" || j === null) return false;
  const k = j as Record<string, unknown>;
  return k.kty === "EC" && k.crv === "P-256" && typeof k.x === "string" && typeof k.y === "string" && typeof k.d === "string";
}

/** 0x04 || x || y in base64url, or null when a coordinate is not 32 bytes. */
function publicKeyOf(jwk: JsonWebKey): string | null {
  const x = fromBase64Url(jwk.x ?? "");
  const y = fromBase64Url(jwk.y ?? "");
  if (x?.length !== 32 || y?.length !== 32) return null;
  const point = new Uint8Array(65);
  point[0] = 4;
  point.set(x, 1);
  point.set(y, 33);
  return toBase64Url(point);
}

/** "hexpost <games@example.org>" -> "mailto:games@example.org" */
function mailtoOf(from: string): string | null {
  const address = /<([^<>\s]+@[^<>\s]+)>/.exec(from)?.[1] ?? /^\s*([^<>\s]+@[^<>\s]+)\s*$/.exec(from)?.[1];
  return address ? `mailto:${address}` : null;
}
