/** Rings and ranges around a hex. */
import { DIRECTIONS, type Hex } from "../hex";

/** The hexes at exactly `radius` from `center` (6 * radius of them; the center alone for 0), walked counter-clockwise from the east-south-east corner. */
export function ring(center: Hex, radius: number): Hex[] {
  if (radius === 0) return [[center[0], center[1]]];
  const out: Hex[] = [];
  // start `radius` steps along direction 4, then walk each of the six sides
  let q = center[0] + DIRECTIONS[4]![0] * radius;
  let r = center[1] + DIRECTIONS[4]![1] * radius;
  for (let side = 0; side < 6; side++) {
    for (let step = 0; step < radius; step++) {
      out.push([q, r]);
      q += DIRECTIONS[side]![0];
      r += DIRECTIONS[side]![1];
    }
  }
  return out;
}

/** Every hex within `radius` of `center` (1 + 3r(r+1) of them), nearest rings first. */
export function hexesWithin(center: Hex, radius: number): Hex[] {
  const out: Hex[] = [];
  for (let k = 0; k <= radius; k++) out.push(...ring(center, k));
  return out;
}
