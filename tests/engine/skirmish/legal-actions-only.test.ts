/**
 * The computer asks the skirmish's legal() for actions only (`detail: "actions"`,
 * worker/engine/skirmish/legal.ts: no odds, no labels). skirmish.md 16 (legal answers) and 19
 * (the computer takes every choice from `legal`): that list must be the full list's actions,
 * in the same order, on every step. The skirmish is the only ruleset whose legal() has the
 * option (no other ruleset under worker/engine takes a detail).
 */
import { describe, expect, it } from "vitest";
import { botPlay, playOut, seededRngs } from "../../../worker/engine/bot-play";
import { skirmish, type SkirmishState } from "../../../worker/engine/skirmish";
import { legalChoices } from "../../../worker/engine/skirmish/legal";
import { setupOrThrow } from "../selfplay";

/** `compulsory`: these games reach compulsory actions (12.3), whose disengages and rallies carry odds too (the computer's small-elimination games seldom do). */
const cases: { scenario: string; options: Record<string, unknown>; games: number; compulsory: boolean }[] = [
  { scenario: "small-elimination", options: {}, games: 3, compulsory: false },
  { scenario: "small-clash", options: {}, games: 3, compulsory: true },
  { scenario: "small-clash", options: { activationsInARow: 2 }, games: 6, compulsory: true },
];

const actionsOf = (state: SkirmishState, seat: string, query: Record<string, string>, detail: "full" | "actions") => legalChoices(state, seat, query, detail).choices.map((c) => c.action);

describe("skirmish.md 16 and 19: legal() for actions only lists the full list's actions in its order", () => {
  for (const { scenario, options, games, compulsory: reachesCompulsory } of cases) {
    it(`${scenario} ${JSON.stringify(options)}: ${games} seeded self-play games, every step, both seats`, () => {
      let compared = 0;
      let withOdds = 0;
      let compulsory = 0;
      for (let g = 0; g < games; g++) {
        const seed = `actions-only-${scenario}-${options.activationsInARow ?? 1}-${g}`;
        const start = setupOrThrow<SkirmishState>(skirmish, scenario, options, seed);
        const check = (state: SkirmishState, where: string) => {
          for (const seat of ["attacker", "defender"]) {
            const full = legalChoices(state, seat);
            expect(skirmish.legal(state, seat), where).toEqual(full);
            expect(actionsOf(state, seat, {}, "actions"), `${where} ${seat}`).toEqual(full.choices.map((c) => c.action));
            // the query the page sends for one model narrows both lists alike
            const model = state.activation?.model ?? state.models.find((m) => m.side === (seat === "attacker" ? 0 : 1))!.id;
            expect(actionsOf(state, seat, { model }, "actions"), `${where} ${seat} ?model=${model}`).toEqual(actionsOf(state, seat, { model }, "full"));
            if (full.choices.some((c) => c.odds !== undefined)) withOdds++;
            compared += full.choices.length;
          }
          if ((state.activation?.compulsoryApLeft ?? 0) > 0) compulsory++;
        };
        check(start, `${seed} start`);
        const end = playOut(botPlay<SkirmishState>(skirmish, start, seededRngs(seed), { maxActions: 5000 }), (step) => check(step.state, `${seed} after action ${step.index}`));
        expect(end.state.phase).toBe("game_over");
      }
      // the lists compared were not all empty, and some carried odds the short list leaves out
      expect(compared).toBeGreaterThan(1000);
      expect(withOdds).toBeGreaterThan(0);
      if (reachesCompulsory) expect(compulsory).toBeGreaterThan(0);
    });
  }
});
