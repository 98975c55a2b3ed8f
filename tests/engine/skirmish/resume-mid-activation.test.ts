/**
 * A skirmish game is stored as JSON and loaded again between any two actions (ruleset.ts:
 * "States are plain JSON"). A position loaded in the middle of an activation with the variant
 * "activations in a row" on (worker/engine/skirmish/VARIANTS.md, amending skirmish.md 6.3: the
 * row's count is part of the state) must play on exactly as the object it was saved from.
 */
import { describe, expect, it } from "vitest";
import { isRuleError } from "../../../worker/engine/ruleset";
import { botPlay, playOut, seededRngs } from "../../../worker/engine/bot-play";
import { skirmish, type SkirmishState } from "../../../worker/engine/skirmish";
import { rngFromSeed } from "../../../worker/engine/rng";
import { setupOrThrow } from "../selfplay";
import { play, positionState } from "./helpers";

const cases: { scenario: string; seed: string }[] = [
  { scenario: "small-clash", seed: "resume-row-2-a" },
  { scenario: "small-elimination", seed: "resume-row-2-b" },
  { scenario: "small-clash", seed: "resume-row-2-c" },
];

/** The positions of a seeded self-play game with N = 2, each with the index of the action played from it. */
function positions(scenario: string, seed: string): { index: number; state: SkirmishState }[] {
  const seen: { index: number; state: SkirmishState }[] = [];
  const start = setupOrThrow<SkirmishState>(skirmish, scenario, { activationsInARow: 2 }, seed);
  playOut(botPlay<SkirmishState>(skirmish, start, seededRngs(seed), { maxActions: 5000 }), (step) => seen.push({ index: step.index, state: step.before }));
  return seen;
}

describe("§6.3 variant (VARIANTS.md, activationsInARow 2): a position saved mid-activation and loaded from JSON", () => {
  for (const { scenario, seed } of cases) {
    it(`${scenario} ${seed}: the loaded copy gives the same legal lists, bot choices and states as the original to the end`, () => {
      const all = positions(scenario, seed);
      // the second activation of a row, some way into it: the row's count and the activation both matter
      const saved = all.find((p) => p.state.phase === "turn" && p.state.activation !== null && p.state.activationsThisRow === 2 && p.state.activation.lastAction !== null && p.index > 20);
      expect(saved, "a position in the middle of a row's second activation").toBeDefined();
      let original = saved!.state;
      let loaded = JSON.parse(JSON.stringify(original)) as SkirmishState;
      expect(loaded).not.toBe(original);
      expect(loaded.activationsInARow).toBe(2);
      const rngs = seededRngs(seed);
      let index = saved!.index;
      for (; original.phase !== "game_over"; index++) {
        const where = `${seed} action ${index}`;
        const seat = skirmish.toAct(original)[0]!;
        expect(skirmish.toAct(loaded), where).toEqual([seat]);
        expect(skirmish.legal(loaded, seat), where).toEqual(skirmish.legal(original, seat));
        const acting = original.activation?.model;
        if (acting !== undefined) expect(skirmish.legal(loaded, seat, { model: acting }), where).toEqual(skirmish.legal(original, seat, { model: acting }));
        const action = skirmish.bot(original, seat, rngs.bot(index));
        expect(skirmish.bot(loaded, seat, rngs.bot(index)), where).toEqual(action);
        const fromOriginal = skirmish.apply(original, seat, action, rngs.dice(index));
        const fromLoaded = skirmish.apply(loaded, seat, action, rngs.dice(index));
        if (isRuleError(fromOriginal) || isRuleError(fromLoaded)) throw new Error(`${where}: ${JSON.stringify([fromOriginal, fromLoaded])}`);
        expect(fromLoaded.events, where).toEqual(fromOriginal.events);
        expect(JSON.stringify(fromLoaded.state), where).toBe(JSON.stringify(fromOriginal.state));
        original = fromOriginal.state;
        loaded = fromLoaded.state;
      }
      // and it is the very game the uninterrupted play reached
      expect(index).toBe(all.length);
      expect(skirmish.outcome(loaded)).toEqual(skirmish.outcome(original));
      expect(skirmish.outcome(loaded)).not.toBeNull();
    });
  }
});

describe('VARIANTS.md "Activations in a row": a custom scenario\'s position with a model acting counts that activation as the first of its side\'s row', () => {
  // who is to act after a1's loaded activation ends, then after each of the attacker's next ones (activate, end at once)
  it.each([
    [1, ["defender"]],
    [2, ["attacker", "defender"]],
    [3, ["attacker", "attacker", "defender"]],
  ] as const)("activationsInARow %s: the side to act after each of the attacker's activations is %j", (activationsInARow, expected) => {
    const position = positionState({ models: {}, activation: { model: "a1", ap: 1 } }, { activationsInARow });
    expect(position.activationsThisRow).toBe(1);
    // the same whether the position is the object set up or one loaded from JSON
    for (const start of [position, JSON.parse(JSON.stringify(position)) as SkirmishState]) {
      const seen: string[] = [];
      let state = start;
      for (const next of ["a2", "a3", null]) {
        const ended = skirmish.apply(state, "attacker", { type: "end_activation" }, rngFromSeed("row-position"));
        if (isRuleError(ended)) throw new Error(ended.message);
        state = ended.state;
        seen.push(skirmish.toAct(state).join());
        if (seen.length === expected.length) break;
        state = play(state, "attacker", { type: "activate", model: next! }).state;
      }
      expect(seen).toEqual(expected);
    }
  });
});
