/**
 * `legalActions` (ruleset.ts), where a ruleset offers it, lists `legal()`'s actions in its order
 * on every step of seeded random games; and WarShard's reach, kept from state to state
 * (warshard/movement.ts), is what a fresh search on the same position finds (rules 5.1-5.3, 13).
 */
import { describe, expect, it } from "vitest";
import { setupOrThrow } from "../../worker/engine/bot-play";
import { rulesets } from "../../worker/engine/registry";
import { rngFromSeed } from "../../worker/engine/rng";
import { isRuleError } from "../../worker/engine/ruleset";
import { reach, type WarshardState } from "../../worker/engine/warshard";

const cases: [string, string, Record<string, unknown>][] = [
  ["warshard", "boot_camp", {}],
  ["skirmish", "small-clash", {}],
  ["skirmish", "small-elimination", {}],
];

/** Plays `steps` uniformly random legal actions from a seeded start, calling `check` before each. */
function walk(id: string, scenario: string, options: Record<string, unknown>, seed: string, steps: number, check: (state: unknown, seat: string) => void): void {
  const ruleset = rulesets.get(id)!;
  let state: unknown = setupOrThrow(ruleset, scenario, options, seed);
  const pick = rngFromSeed(seed);
  for (let i = 0; i < steps; i++) {
    const seat = ruleset.toAct(state)[0];
    if (seat === undefined) break;
    check(state, seat);
    const choices = ruleset.legal(state, seat).choices;
    const applied = ruleset.apply(state, seat, choices[pick.int(choices.length)]!.action, rngFromSeed(`${seed}:${i}`));
    if (isRuleError(applied)) throw new Error(`${id} refused its own legal action: ${applied.message}`);
    state = applied.state;
  }
}

describe("legalActions is legal()'s actions", () => {
  for (const [id, scenario, options] of cases) {
    it(`${id} ${scenario}: equal on every step of 5 seeded random games`, () => {
      const ruleset = rulesets.get(id)!;
      expect(ruleset.legalActions).toBeDefined();
      let compared = 0;
      for (let game = 0; game < 5; game++) {
        walk(id, scenario, options, `actions-${game}`, 300, (state, seat) => {
          expect(ruleset.legalActions!(state, seat)).toEqual(ruleset.legal(state, seat).choices.map((c) => c.action));
          compared++;
        });
      }
      expect(compared).toBeGreaterThan(300);
    });
  }
});

describe("WarShard's kept reach", () => {
  it("§5.1 §5.2 §5.3 §13 every unit's kept reach equals a fresh search of the same position on every step", () => {
    let compared = 0;
    for (let game = 0; game < 4; game++) {
      walk("warshard", "boot_camp", {}, `reach-${game}`, 400, (raw) => {
        const state = raw as WarshardState;
        // a structured copy has its own map object: nothing is kept for it yet
        const fresh = structuredClone(state);
        for (const [k, unit] of state.units.entries()) {
          expect(reach(state, unit)).toEqual(reach(fresh, fresh.units[k]!));
          compared++;
        }
      });
    }
    expect(compared).toBeGreaterThan(1000);
  });
});
