/**
 * Exact chances of a test by enumeration (skirmish.md 4): the successes of a pool are
 * convolved die by die as whole counts out of 6^n, so every chance is an exact fraction.
 */
import { DIE_KINDS, FACES, faceSuccesses } from "./dice";
import { poolSize, type Pool } from "./pool";
import { judge } from "./roll";

/** counts[s] = how many of the 6^n face combinations give s successes. */
export interface SuccessCounts {
  counts: bigint[];
  total: bigint;
}

function convolve(a: readonly bigint[], b: readonly bigint[]): bigint[] {
  const out: bigint[] = new Array<bigint>(a.length + b.length - 1).fill(0n);
  a.forEach((x, i) => b.forEach((y, j) => (out[i + j] = out[i + j]! + x * y)));
  return out;
}

const dieCounts = DIE_KINDS.map((kind) => {
  const counts: bigint[] = [0n, 0n, 0n, 0n];
  for (const face of FACES) counts[faceSuccesses(kind, face)]! += 1n;
  return { kind, counts };
});

/**
 * Every pool's counts and every test's chance are kept once worked out: a request's legal list
 * asks the same few pools again and again, and the isolate's warm-up (worker/warm-up.ts) leaves
 * the usual ones here, so a fresh isolate's first activation does no BigInt convolving for them.
 * Bounded: past MEMO_LIMIT entries a table starts over. The values are never mutated by callers.
 */
const MEMO_LIMIT = 4096;
const countsMemo = new Map<string, SuccessCounts>();
const chanceMemo = new Map<string, number>();

function remember<V>(memo: Map<string, V>, key: string, value: V): V {
  if (memo.size >= MEMO_LIMIT) memo.clear();
  memo.set(key, value);
  return value;
}

const poolKey = (pool: Pool) => `${pool.b},${pool.m},${pool.w}`;

export function successCounts(pool: Pool): SuccessCounts {
  const key = poolKey(pool);
  return countsMemo.get(key) ?? remember(countsMemo, key, countSuccesses(pool));
}

function countSuccesses(pool: Pool): SuccessCounts {
  let counts: bigint[] = [1n];
  for (const { kind, counts: die } of dieCounts) for (let i = 0; i < pool[kind]; i++) counts = convolve(counts, die);
  while (counts.length > 1 && counts[counts.length - 1] === 0n) counts.pop();
  return { counts, total: 6n ** BigInt(poolSize(pool)) };
}

export interface Fraction {
  num: bigint;
  den: bigint;
}

function gcd(a: bigint, b: bigint): bigint {
  while (b !== 0n) [a, b] = [b, a % b];
  return a < 0n ? -a : a;
}

export function reduce(f: Fraction): Fraction {
  const g = gcd(f.num, f.den);
  return g === 0n ? f : { num: f.num / g, den: f.den / g };
}

export const fractionText = (f: Fraction): string => `${f.num}/${f.den}`;
export const fractionValue = (f: Fraction): number => Number(f.num) / Number(f.den);

export interface TestOdds {
  pass: Fraction;
  /** cascades[c]: the chance of passing with exactly c cascades. */
  cascades: Fraction[];
  /** misses[m]: the chance of failing by exactly m (index 0 unused). */
  misses: Fraction[];
}

export interface OddsSide {
  value: number;
  pool: Pool;
}

/** The exact chances of a test whose pools are already flattened; `dr` goes to the passive side. */
export function testOdds(active: OddsSide, passive: OddsSide, dr = 0): TestOdds {
  const a = successCounts(active.pool);
  const p = successCounts(passive.pool);
  const den = a.total * p.total;
  let pass = 0n;
  const cascades: bigint[] = [];
  const misses: bigint[] = [0n];
  a.counts.forEach((ca, sa) => {
    p.counts.forEach((cp, sp) => {
      const weight = ca * cp;
      if (weight === 0n) return;
      const verdict = judge(active.value + sa, passive.value + sp + dr);
      if (verdict.pass) {
        pass += weight;
        while (cascades.length <= verdict.cascades) cascades.push(0n);
        cascades[verdict.cascades] = cascades[verdict.cascades]! + weight;
      } else {
        while (misses.length <= verdict.misses) misses.push(0n);
        misses[verdict.misses] = misses[verdict.misses]! + weight;
      }
    });
  });
  const frac = (num: bigint) => reduce({ num, den });
  return { pass: frac(pass), cascades: cascades.map(frac), misses: misses.map(frac) };
}

/** The chance of a pass as a number rounded to 4 places (for legal() answers). */
export function passChance(active: OddsSide, passive: OddsSide, dr = 0): number {
  // a test's verdict depends on the scores' difference only (judge), so the chance does too
  const key = `${active.value - passive.value - dr}:${poolKey(active.pool)}/${poolKey(passive.pool)}`;
  const known = chanceMemo.get(key);
  if (known !== undefined) return known;
  return remember(chanceMemo, key, Math.round(fractionValue(testOdds(active, passive, dr).pass) * 10_000) / 10_000);
}

export function addFractions(a: Fraction, b: Fraction): Fraction {
  return reduce({ num: a.num * b.den + b.num * a.den, den: a.den * b.den });
}

/** The chance of passing with at least `n` cascades. */
export function atLeastCascades(odds: TestOdds, n: number): Fraction {
  return odds.cascades.slice(n).reduce(addFractions, { num: 0n, den: 1n });
}
