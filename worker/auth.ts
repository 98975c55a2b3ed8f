/**
 * Seat tokens are derived, never stored: HMAC-SHA256(TOKEN_SECRET, "game:seat:epoch"),
 * base64url. Bumping a seat's epoch revokes its old links.
 */
const encoder = new TextEncoder();

/** The key of the one secret a Worker has, imported once per isolate rather than per request. */
let imported: { secret: string; key: Promise<CryptoKey> } | null = null;

function hmacKey(secret: string): Promise<CryptoKey> {
  if (imported?.secret !== secret) {
    imported = { secret, key: crypto.subtle.importKey("raw", encoder.encode(secret), { name: "HMAC", hash: "SHA-256" }, false, ["sign"]) };
  }
  return imported.key;
}

async function sign(key: CryptoKey, message: string): Promise<Uint8Array> {
  return new Uint8Array(await crypto.subtle.sign("HMAC", key, encoder.encode(message)));
}

async function hmac(secret: string, message: string): Promise<Uint8Array> {
  return sign(await hmacKey(secret), message);
}

export function base64url(bytes: Uint8Array): string {
  let binary = "";
  for (const b of bytes) binary += String.fromCharCode(b);
  return btoa(binary).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

const seatMessage = (gameId: string, seat: string, epoch: number) => `${gameId}:${seat}:${epoch}`;

export async function seatToken(secret: string, gameId: string, seat: string, epoch: number): Promise<string> {
  return base64url(await hmac(secret, seatMessage(gameId, seat, epoch)));
}

/** Signs any other link (unsubscribe, "don't invite me again") under its own purpose. */
export async function signLink(secret: string, purpose: string, ...parts: string[]): Promise<string> {
  return base64url(await hmac(secret, `${purpose}:${parts.join(":")}`));
}

/**
 * Proof that whoever holds a seat's link got it by mail at the seat's address: mailed links
 * carry it (`&a=`), the link a create answers does not (its creator typed the address, which
 * proves nothing). It lets a seat add channels for every game of its address.
 */
export function addressProof(secret: string, gameId: string, seat: string, email: string): Promise<string> {
  return signLink(secret, "address", gameId, seat, email.toLowerCase());
}

/** Compares without an early exit, so timing says nothing about how much matched. */
export function constantTimeEqual(a: string, b: string): boolean {
  const ab = encoder.encode(a);
  const bb = encoder.encode(b);
  let diff = ab.length ^ bb.length;
  for (let i = 0; i < Math.max(ab.length, bb.length); i++) diff |= (ab[i] ?? 0) ^ (bb[i] ?? 0);
  return diff === 0;
}

/** Which seat of the game, if any, this token acts for. */
export async function seatForToken(
  secret: string,
  gameId: string,
  seats: readonly { seat: string; epoch: number }[],
  token: string,
): Promise<string | null> {
  const key = await hmacKey(secret);
  let found: string | null = null;
  for (const s of seats) {
    if (constantTimeEqual(base64url(await sign(key, seatMessage(gameId, s.seat, s.epoch))), token)) found = s.seat;
  }
  return found;
}
