/**
 * DiceWars' own property over reachable states (rules 5-6): legal() lists exactly the moves
 * apply accepts. The shared properties (rejections, no mutation, bot, replay) are in the
 * conformance suite.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { dicewars, type DiceWarsState } from "../../../worker/engine/dicewars";
import { rngFromSeed } from "../../../worker/engine/rng";
import { isRuleError } from "../../../worker/engine/ruleset";

/**
 * A state reached by play: setup from `seed`, then `steps` actions, each a legal move or
 * end_turn of the player to act, picked by the next number in `picks`.
 */
function reach(scenario: string, players: number, seed: number, picks: readonly number[]): DiceWarsState {
  const setup = dicewars.setup(scenario, dicewars.parseOptions({ players }) as never, rngFromSeed(`p:${seed}`));
  if (isRuleError(setup)) throw new Error(setup.message);
  let state = setup;
  picks.forEach((pick, i) => {
    if (state.phase !== "play") return;
    const seat = dicewars.toAct(state)[0]!;
    const moves = dicewars.legal(state, seat).choices.filter((c) => c.action.type !== "end_turn");
    // ends the turn one time in eight, so that turns pass and supply builds up
    const move = moves[pick % Math.max(1, moves.length)];
    const action = pick % 8 === 0 || !move ? { type: "end_turn" } : move.action;
    const applied = dicewars.apply(state, seat, action, rngFromSeed(`d:${seed}:${i}`));
    if (isRuleError(applied)) throw new Error(`a listed move was refused: ${applied.message}`);
    state = applied.state;
  });
  return state;
}

const state = fc
  .record({
    scenario: fc.constantFrom("10x10", "15x15"),
    players: fc.constantFrom(2, 3, 4),
    seed: fc.integer({ min: 0, max: 1_000_000 }),
    picks: fc.array(fc.nat(), { maxLength: 300 }),
  })
  .map(({ scenario, players, seed, picks }) => reach(scenario, players, seed, picks));

describe("dicewars properties over reachable states", () => {
  it("rules 5-6: legal() with from=q,r lists exactly the expands and attacks apply accepts from that cell", () => {
    fc.assert(
      fc.property(state, (s) => {
        const seat = dicewars.toAct(s)[0];
        if (seat === undefined) return;
        const sources = dicewars.legal(s, seat).choices.flatMap((c) => (c.from ? [c.from] : []));
        for (const from of sources.slice(0, 3)) {
          const listed = new Set(dicewars.legal(s, seat, { from: `${from[0]},${from[1]}` }).choices.map((c) => JSON.stringify(c.action)));
          for (let dq = -1; dq <= 1; dq++) {
            for (let dr = -1; dr <= 1; dr++) {
              for (const type of ["expand", "attack"] as const) {
                const action = { type, from: [from[0], from[1]], to: [from[0] + dq, from[1] + dr] };
                const accepted = !isRuleError(dicewars.apply(s, seat, action, rngFromSeed("dice")));
                expect(accepted, JSON.stringify(action)).toBe(listed.has(JSON.stringify(action)));
              }
            }
          }
        }
      }),
      { numRuns: 150 },
    );
  });
});
