/**
 * sfc32: small, fast, 32-bit integer arithmetic only, so every JS engine gives the same
 * sequence. Its whole state is four uint32 numbers, which makes it plain JSON.
 */
export interface Rng {
  /** Uniform in [0, 1). */
  float(): number;
  /** Uniform integer in [0, n). */
  int(n: number): number;
  /** 1..6 */
  d6(): number;
  /** How many numbers this Rng has produced (for the service's "no peeking" check). */
  readonly draws: number;
  snapshot(): RngState;
}

export type RngState = [number, number, number, number];

export function rngFromState(state: RngState): Rng {
  let [a, b, c, d] = state.map((x) => x >>> 0) as RngState;
  let draws = 0;
  const next = (): number => {
    draws++;
    const t = (((a + b) | 0) + d) | 0;
    d = (d + 1) | 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) | 0;
    c = (c << 21) | (c >>> 11);
    c = (c + t) | 0;
    return t >>> 0;
  };
  const float = () => next() / 4294967296;
  return {
    float,
    int(n: number) {
      if (!Number.isSafeInteger(n) || n <= 0) throw new RangeError(`int(${n}): n must be a positive integer`);
      return Math.floor(float() * n);
    },
    d6: () => Math.floor(float() * 6) + 1,
    get draws() {
      return draws;
    },
    snapshot: () => [a >>> 0, b >>> 0, c >>> 0, d >>> 0],
  };
}

/** Seeds from 16 bytes (e.g. the first half of an HMAC), then warms up as sfc32 asks. */
export function rngFromBytes(bytes: Uint8Array): Rng {
  if (bytes.length < 16) throw new RangeError("rngFromBytes needs 16 bytes");
  const view = new DataView(bytes.buffer, bytes.byteOffset, 16);
  const rng = rngFromState([view.getUint32(0), view.getUint32(4), view.getUint32(8), view.getUint32(12)]);
  for (let i = 0; i < 12; i++) rng.float();
  return rngFromState(rng.snapshot());
}

/** Seeds from any string or number (tests, benchmarks, the page's previews). */
export function rngFromSeed(seed: string | number): Rng {
  const text = String(seed);
  // cyrb128: spreads a short string over 128 bits
  let h1 = 1779033703, h2 = 3144134277, h3 = 1013904242, h4 = 2773480762;
  for (let i = 0; i < text.length; i++) {
    const k = text.charCodeAt(i);
    h1 = h2 ^ Math.imul(h1 ^ k, 597399067);
    h2 = h3 ^ Math.imul(h2 ^ k, 2869860233);
    h3 = h4 ^ Math.imul(h3 ^ k, 951274213);
    h4 = h1 ^ Math.imul(h4 ^ k, 2716044179);
  }
  h1 = Math.imul(h3 ^ (h1 >>> 18), 597399067);
  h2 = Math.imul(h4 ^ (h2 >>> 22), 2869860233);
  h3 = Math.imul(h1 ^ (h3 >>> 17), 951274213);
  h4 = Math.imul(h2 ^ (h4 >>> 19), 2716044179);
  const bytes = new Uint8Array(16);
  const view = new DataView(bytes.buffer);
  [h1 ^ h2 ^ h3 ^ h4, h2 ^ h1, h3 ^ h1, h4 ^ h1].forEach((h, i) => view.setUint32(i * 4, h >>> 0));
  return rngFromBytes(bytes);
}
