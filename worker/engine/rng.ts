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
}

type RngState = [number, number, number, number];

/**
 * A class, not closures: making one costs next to nothing, and games make one per action. A
 * stream made by lazyRngFromSeed takes its seed at its first draw: most actions draw no dice.
 */
class Sfc32 implements Rng {
  draws = 0;
  private a = 0;
  private b = 0;
  private c = 0;
  private d = 0;
  /** The seed text still to take (a lazy stream before its first draw), else null. */
  private unseeded: (() => string) | null;

  constructor(state: RngState | null, seed: (() => string) | null = null) {
    this.unseeded = seed;
    if (state) this.start(state);
  }

  /** Sets the state and warms up as sfc32 asks (12 numbers, not counted as draws). */
  private start(state: RngState): void {
    this.a = state[0] >>> 0;
    this.b = state[1] >>> 0;
    this.c = state[2] >>> 0;
    this.d = state[3] >>> 0;
    for (let i = 0; i < 12; i++) this.step();
  }

  private step(): number {
    const t = (((this.a + this.b) | 0) + this.d) | 0;
    this.d = (this.d + 1) | 0;
    this.a = this.b ^ (this.b >>> 9);
    this.b = (this.c + (this.c << 3)) | 0;
    this.c = (this.c << 21) | (this.c >>> 11);
    this.c = (this.c + t) | 0;
    return t >>> 0;
  }

  next(): number {
    if (this.unseeded !== null) this.seedNow(this.unseeded);
    this.draws++;
    return this.step();
  }

  /** A lazy stream's first draw: kept out of next() so that next() stays small enough to inline. */
  private seedNow(seed: () => string): void {
    this.unseeded = null;
    this.start(seedState(seed()));
  }

  float(): number {
    return this.next() / 4294967296;
  }

  int(n: number): number {
    if (!Number.isSafeInteger(n) || n <= 0) throw new RangeError(`int(${n}): n must be a positive integer`);
    return Math.floor(this.float() * n);
  }

  d6(): number {
    return Math.floor(this.float() * 6) + 1;
  }
}

/** Seeds from 16 bytes (e.g. the first half of an HMAC), then warms up as sfc32 asks. */
export function rngFromBytes(bytes: Uint8Array): Rng {
  if (bytes.length < 16) throw new RangeError("rngFromBytes needs 16 bytes");
  const view = new DataView(bytes.buffer, bytes.byteOffset, 16);
  return warmed([view.getUint32(0), view.getUint32(4), view.getUint32(8), view.getUint32(12)]);
}

function warmed(state: RngState): Rng {
  return new Sfc32(state);
}

/** Seeds from any string or number (tests, benchmarks, the page's previews). */
export function rngFromSeed(seed: string | number): Rng {
  return warmed(seedState(String(seed)));
}

/** cyrb128: spreads a short string over the 128 bits of a state. */
function seedState(text: string): RngState {
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
  return [(h1 ^ h2 ^ h3 ^ h4) >>> 0, (h2 ^ h1) >>> 0, (h3 ^ h1) >>> 0, (h4 ^ h1) >>> 0];
}

/**
 * The stream `rngFromSeed(seed())` makes, seeded only when first drawn from: most actions draw
 * no dice, and the computers of several rulesets draw nothing for most of their actions.
 */
export function lazyRngFromSeed(seed: () => string): Rng {
  return new Sfc32(null, seed);
}

/** One number an action drew, as the ruleset asked for it: a float, an int(n) or a d6. */
export type Draw = number;

/** Passes every number through from `source` and keeps it, in order: the turn row records them. */
export class RecordingRng implements Rng {
  readonly recorded: Draw[] = [];
  constructor(private readonly source: Rng) {}

  get draws(): number {
    return this.recorded.length;
  }
  private keep(value: number): number {
    this.recorded.push(value);
    return value;
  }
  float(): number {
    return this.keep(this.source.float());
  }
  int(n: number): number {
    return this.keep(this.source.int(n));
  }
  d6(): number {
    return this.keep(this.source.d6());
  }
}

/**
 * Answers with recorded draws, in order, whatever the dice are: the one way a game is rebuilt
 * forward. A record that does not fit (too few numbers, a value out of range) marks the Rng
 * `broken` and answers a safe value, so the engine never throws; the replay then reports it.
 */
export class RecordedRng implements Rng {
  draws = 0;
  broken: string | null = null;
  constructor(private readonly record: readonly Draw[]) {}

  private next(fits: (v: number) => boolean, what: string, fallback: number): number {
    const value = this.record[this.draws];
    this.draws++;
    if (value === undefined || !fits(value)) {
      this.broken ??= value === undefined ? `the record has no draw ${this.draws} for ${what}` : `draw ${this.draws} (${value}) is not a valid ${what}`;
      return fallback;
    }
    return value;
  }
  float(): number {
    return this.next((v) => v >= 0 && v < 1, "float", 0);
  }
  int(n: number): number {
    return this.next((v) => Number.isInteger(v) && v >= 0 && v < n, `int(${n})`, 0);
  }
  d6(): number {
    return this.next((v) => Number.isInteger(v) && v >= 1 && v <= 6, "d6", 1);
  }
  /** True when every recorded draw was used. */
  get spent(): boolean {
    return this.draws === this.record.length;
  }
}
