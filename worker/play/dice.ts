import { rngFromBytes, type Rng } from "../engine/rng";

/**
 * Every random stream of a game is HMAC-SHA256(seed, label): "setup", "<seq>:<index>" for the
 * index-th action of a batch submitted against seq, "bot:<seq>" for a bot's choices. Anyone
 * holding the revealed seed can recompute them (scripts/verify.ts).
 */
const encoder = new TextEncoder();

export interface Streams {
  setup(): Promise<Rng>;
  action(seq: number, index: number): Promise<Rng>;
  bot(seq: number): Promise<Rng>;
}

/** Keys of the games this isolate played lately: a player's next request imports nothing. */
const seedKeys = new Map<string, Promise<CryptoKey>>();
const SEED_KEYS_HELD = 256;

function seedKey(seed: string): Promise<CryptoKey> {
  let key = seedKeys.get(seed);
  if (!key) {
    key = crypto.subtle.importKey("raw", encoder.encode(seed), { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
    seedKeys.set(seed, key);
    if (seedKeys.size > SEED_KEYS_HELD) seedKeys.delete(seedKeys.keys().next().value!);
  }
  return key;
}

export async function seedStreams(seed: string): Promise<Streams> {
  const key = await seedKey(seed);
  const stream = async (label: string) =>
    rngFromBytes(new Uint8Array(await crypto.subtle.sign("HMAC", key, encoder.encode(label))));
  return {
    setup: () => stream("setup"),
    action: (seq, index) => stream(`${seq}:${index}`),
    bot: (seq) => stream(`bot:${seq}`),
  };
}

export async function sha256Hex(text: string): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", encoder.encode(text)));
  return [...digest].map((b) => b.toString(16).padStart(2, "0")).join("");
}

export function newSeed(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(32));
  return [...bytes].map((b) => b.toString(16).padStart(2, "0")).join("");
}
