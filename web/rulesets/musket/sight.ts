/**
 * The line of sight as the page draws it (musket.md 7): the sampled hexes that block a line,
 * read from the engine's own sample order, so the drawing never disagrees with the rules.
 */
import { blockingIndices, los } from "../../../worker/engine/musket/sight";
import { lineSamples } from "../../../worker/engine/grid/line";
import { distance, terrainDef, unitAt, UNIT_DEFS, type Hex, type MusketState, type Unit } from "./engine";

export interface SightLine {
  from: Hex;
  to: Hex;
  clear: boolean;
  /** The hexes that block (one per blocking sample, both candidates on a hexside). */
  blockers: Hex[];
  inRange: boolean;
  distance: number;
}

export function sightLine(state: MusketState, firer: Unit, target: Unit): SightLine {
  const from = firer.hex;
  const to = target.hex;
  const samples = lineSamples(from, to);
  const low = terrainDef(state.map, from).elevation === 0 && terrainDef(state.map, to).elevation === 0;
  const blocks = (h: Hex) => {
    const t = terrainDef(state.map, h);
    return t.blocksLos || unitAt(state, h) !== undefined || (t.blocksGroundToGround && low);
  };
  const blockers = blockingIndices(state, from, to).flatMap((i) => (samples[i - 1] ?? []).filter(blocks));
  const d = distance(from, to);
  return { from, to, clear: los(state, from, to), blockers, inRange: d >= 1 && d <= UNIT_DEFS[firer.type].fireRange, distance: d };
}

/** 9.2: the chances of a charge's three results, from the fixed parts of the scores and a d6 each. */
export function chargeOdds(attackerBase: number, defenderBase: number): { repulsed: number; oneHit: number; twoHits: number } {
  let repulsed = 0;
  let oneHit = 0;
  let twoHits = 0;
  for (let a = 1; a <= 6; a++)
    for (let d = 1; d <= 6; d++) {
      const delta = a + attackerBase - (d + defenderBase);
      if (delta <= 0) repulsed++;
      else if (delta <= 2) oneHit++;
      else twoHits++;
    }
  return { repulsed: repulsed / 36, oneHit: oneHit / 36, twoHits: twoHits / 36 };
}
