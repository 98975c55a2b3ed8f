/**
 * Line of sight over blocking hexes and hexsides. The end hexes never block (what stands on
 * them is the firer and the target); adjacent and identical hexes always see each other. A
 * sample on a hexside blocks if either of its two candidates blocks (skirmish.md 9.1, and
 * musket.md 7.1 counts such a sample once).
 */
import { distance, type Hex } from "../hex";
import { hexLine, lineSamples } from "./line";

export interface SightRules {
  /** The hex blocks sight (terrain, a unit...). Off-map hexes should answer false. */
  blocks(hex: Hex): boolean;
  /** The hexside between two adjacent hexes blocks sight (a wall, a ridge). */
  blocksSide?(a: Hex, b: Hex): boolean;
}

/** The indices (1 .. n-1) of the samples between `from` and `to` that block. */
export function blockingSamples(from: Hex, to: Hex, rules: SightRules): number[] {
  return lineSamples(from, to).flatMap((candidates, k) => (candidates.some((h) => rules.blocks(h)) ? [k + 1] : []));
}

function crossesBlockingSide(from: Hex, to: Hex, blocksSide: (a: Hex, b: Hex) => boolean): boolean {
  for (const nudge of [1, -1] as const) {
    const line = hexLine(from, to, nudge);
    for (let i = 1; i < line.length; i++) if (blocksSide(line[i - 1]!, line[i]!)) return true;
  }
  return false;
}

/** True when `from` sees `to`: no blocking sample and, if the rules have them, no blocking hexside crossed. */
export function lineOfSight(from: Hex, to: Hex, rules: SightRules): boolean {
  if (distance(from, to) <= 1) return true;
  if (blockingSamples(from, to, rules).length > 0) return false;
  return rules.blocksSide ? !crossesBlockingSide(from, to, rules.blocksSide) : true;
}
