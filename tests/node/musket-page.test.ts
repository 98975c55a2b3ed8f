/**
 * The musket page's own previews agree with the engine: the charge odds it shows (musket.md
 * 9.2) and the blocking hexes it draws on a line of sight (7.1-7.3).
 */
import { describe, expect, it } from "vitest";
import { chargeChance } from "../../worker/engine/musket/charge";
import { los } from "../../worker/engine/musket/sight";
import { scenarioState } from "../../worker/engine/musket/scenario";
import type { MusketState } from "../../worker/engine/musket/state";
import { chargeOdds, sightLine } from "../../web/rulesets/musket/sight";

describe("the page's charge odds (§9.2)", () => {
  it.each([
    [4, 4],
    [4, 3],
    [5, 3],
    [3, 5],
    [2, 6],
  ])("§9.2 %i + d6 against %i + d6: the three results add up and 'not repulsed' is the engine's chance", (a, d) => {
    const o = chargeOdds(a, d);
    expect(o.repulsed + o.oneHit + o.twoHits).toBeCloseTo(1, 12);
    expect(1 - o.repulsed).toBeCloseTo(chargeChance(a, d), 12);
  });
});

describe("the page's line of sight (§7)", () => {
  for (const id of ["pitched-battle", "the-bridge", "rearguard"]) {
    it(`§7.1 ${id}: between every two units the line is clear exactly when the engine says so, and a blocked line names a blocking hex`, () => {
      const state = scenarioState(id) as MusketState;
      let blocked = 0;
      for (const a of state.units)
        for (const b of state.units) {
          if (a === b) continue;
          const line = sightLine(state, a, b);
          expect(line.clear).toBe(los(state, a.hex, b.hex));
          if (!line.clear) {
            blocked++;
            expect(line.blockers.length).toBeGreaterThan(0);
          }
        }
      expect(blocked).toBeGreaterThan(0);
    });
  }
});
