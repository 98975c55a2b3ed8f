/**
 * Lines between hexes, the way the rules references draw them (musket.md 7.1, skirmish.md
 * 9.1): the straight line between the two centres is sampled at t = i/n in cube space and
 * each sample rounded to a hex. A sample that falls exactly on a hexside (or a vertex) is
 * traced twice, with the end points nudged by (+1e-6, +2e-6) in (q, r) and by the opposite
 * nudge; where the two roundings differ the sample has two candidate hexes, and each ruleset
 * says what a two-candidate sample means (sight.ts: blocked if either candidate blocks).
 */
import { distance, type Hex } from "../hex";

const NUDGE_Q = 1e-6;
const NUDGE_R = 2e-6;

/** The hex holding a fractional axial point (standard cube rounding). */
export function cubeRound(q: number, r: number): Hex {
  const s = -q - r;
  let rq = Math.round(q);
  let rr = Math.round(r);
  const rs = Math.round(s);
  const dq = Math.abs(rq - q);
  const dr = Math.abs(rr - r);
  const ds = Math.abs(rs - s);
  if (dq > dr && dq > ds) rq = -rr - rs;
  else if (dr > ds) rr = -rq - rs;
  // +0 for -0, so a hex prints and compares as plain integers
  return [rq + 0, rr + 0];
}

function pointAt(a: Hex, b: Hex, t: number, sign: 1 | -1): Hex {
  const aq = a[0] + sign * NUDGE_Q;
  const ar = a[1] + sign * NUDGE_R;
  const bq = b[0] + sign * NUDGE_Q;
  const br = b[1] + sign * NUDGE_R;
  return cubeRound(aq + (bq - aq) * t, ar + (br - ar) * t);
}

/**
 * The samples strictly between `a` and `b` (i = 1 .. n-1), each as its one or two candidate
 * hexes. Adjacent or identical hexes have none.
 */
export function lineSamples(a: Hex, b: Hex): Hex[][] {
  const n = distance(a, b);
  const samples: Hex[][] = [];
  for (let i = 1; i < n; i++) {
    const up = pointAt(a, b, i / n, 1);
    const down = pointAt(a, b, i / n, -1);
    samples.push(up[0] === down[0] && up[1] === down[1] ? [up] : [up, down]);
  }
  return samples;
}

/** The hexes of the line from `a` to `b`, both ends included, traced with one nudge (+1 or -1). */
export function hexLine(a: Hex, b: Hex, nudge: 1 | -1 = 1): Hex[] {
  const n = distance(a, b);
  if (n === 0) return [[a[0], a[1]]];
  const line: Hex[] = [];
  for (let i = 0; i <= n; i++) line.push(pointAt(a, b, i / n, nudge));
  return line;
}
