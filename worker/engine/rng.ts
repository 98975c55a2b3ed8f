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
 * stream made by lazyRngsFrom takes its seed at its first draw: most actions draw no dice.
 */
class Sfc32 implements Rng {
  draws = 0;
  private a = 0;
  private b = 0;
  private c = 0;
  private d = 0;
  /** A lazy stream before its first draw: the hash of its seed text's beginning, to be followed by `suffix`; else null. */
  private hashed: RngState | null = null;
  private suffix = 0;

  constructor(state: RngState | null) {
    if (state) this.start(state);
  }

  /** A stream seeded at its first draw with the text whose beginning hashed to `hashed`, followed by `suffix`. */
  static lazyAfter(hashed: RngState, suffix: number): Sfc32 {
    const rng = new Sfc32(null);
    rng.hashed = hashed;
    rng.suffix = suffix;
    return rng;
  }

  /** Sets the state and warms up as sfc32 asks (12 numbers, not counted as draws). */
  private start(state: RngState): void {
    // `| 0`, not `>>> 0`: the same bits, but every value a field ever holds is then an int32, which
    // V8 keeps as a small integer in place; one uint32 above 2^31 turns the four fields of every
    // stream into boxed doubles, each draw then reading and writing the boxes.
    this.a = state[0] | 0;
    this.b = state[1] | 0;
    this.c = state[2] | 0;
    this.d = state[3] | 0;
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
    if (this.hashed !== null) this.seedNow(this.hashed);
    this.draws++;
    return this.step();
  }

  /** A lazy stream's first draw: kept out of next() so that next() stays small enough to inline. */
  private seedNow(hashed: RngState): void {
    this.hashed = null;
    this.start(finished(absorbedNumber(hashed, this.suffix)));
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
  return finished(absorbed(CYRB128_START, text));
}

const CYRB128_START: RngState = [1779033703, 3144134277, 1013904242, 2773480762];

/** cyrb128's four words after `text`, from `from` (its start, or the words after a text's beginning). */
function absorbed(from: RngState, text: string): RngState {
  let h1 = from[0], h2 = from[1], h3 = from[2], h4 = from[3];
  for (let i = 0; i < text.length; i++) {
    const k = text.charCodeAt(i);
    h1 = h2 ^ Math.imul(h1 ^ k, 597399067);
    h2 = h3 ^ Math.imul(h2 ^ k, 2869860233);
    h3 = h4 ^ Math.imul(h3 ^ k, 951274213);
    h4 = h1 ^ Math.imul(h4 ^ k, 2716044179);
  }
  return [h1, h2, h3, h4];
}

/** absorbed(from, String(n)), reading a whole number's decimal digits without making the string (a lazy stream's seeding, twice an action). */
function absorbedNumber(from: RngState, n: number): RngState {
  if (!Number.isSafeInteger(n) || n < 0) return absorbed(from, String(n));
  let h1 = from[0], h2 = from[1], h3 = from[2], h4 = from[3];
  let unit = 1; // the place of the leading digit (powers of ten are exact doubles)
  while (unit <= n / 10) unit *= 10;
  for (; unit >= 1; unit /= 10) {
    const k = 48 + (Math.floor(n / unit) % 10);
    h1 = h2 ^ Math.imul(h1 ^ k, 597399067);
    h2 = h3 ^ Math.imul(h2 ^ k, 2869860233);
    h3 = h4 ^ Math.imul(h3 ^ k, 951274213);
    h4 = h1 ^ Math.imul(h4 ^ k, 2716044179);
  }
  return [h1, h2, h3, h4];
}

/** cyrb128's last mixing of the four words, into a state. */
function finished(words: RngState): RngState {
  let h1 = words[0], h2 = words[1], h3 = words[2], h4 = words[3];
  h1 = Math.imul(h3 ^ (h1 >>> 18), 597399067);
  h2 = Math.imul(h4 ^ (h2 >>> 22), 2869860233);
  h3 = Math.imul(h1 ^ (h3 >>> 17), 951274213);
  h4 = Math.imul(h2 ^ (h4 >>> 19), 2716044179);
  return [(h1 ^ h2 ^ h3 ^ h4) >>> 0, (h2 ^ h1) >>> 0, (h3 ^ h1) >>> 0, (h4 ^ h1) >>> 0];
}

/**
 * The streams `rngFromSeed(prefix + i)` for i = 0, 1, ..., each seeded at its first draw, the
 * prefix hashed once (self-play makes two streams an action, most of them never drawn from).
 */
export function lazyRngsFrom(prefix: string): (index: number) => Rng {
  const hashed = absorbed(CYRB128_START, prefix);
  return (index) => Sfc32.lazyAfter(hashed, index);
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
