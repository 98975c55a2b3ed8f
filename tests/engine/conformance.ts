import { describe, expect, it } from "vitest";
import { rngFromSeed } from "../../worker/engine/rng";
import { isRuleError, type Options, type Ruleset } from "../../worker/engine/ruleset";
import { replay, selfPlay, setupOrThrow } from "./selfplay";

export interface ConformanceCase {
  scenario: string;
  options?: Options;
  /** Bot games to play per scenario; each must end within `maxActions`. */
  games: number;
  maxActions: number;
}

const garbage: unknown[] = [
  null,
  42,
  "end_phase",
  [],
  {},
  { type: "no_such_action" },
  { type: 7 },
  { type: "move", unit_id: { nested: true }, to: "nowhere" },
];

/** The behaviour every ruleset shares, whatever its game. */
export function conformance<S>(ruleset: Ruleset<S>, cases: readonly ConformanceCase[]) {
  describe(`${ruleset.id}: ruleset conformance`, () => {
    it("lists its scenarios and options, and every seat list is non-empty", () => {
      expect(ruleset.scenarios.length).toBeGreaterThan(0);
      for (const s of ruleset.scenarios) {
        const seats = ruleset.seats(s.id, {});
        expect(isRuleError(seats)).toBe(false);
        expect((seats as string[]).length).toBeGreaterThan(0);
      }
      expect(isRuleError(ruleset.seats("no-such-scenario", {}))).toBe(true);
    });

    for (const c of cases) {
      const options = c.options ?? {};
      describe(`scenario ${c.scenario}`, () => {
        it("setup is deterministic for a seed and plain JSON", () => {
          const a = setupOrThrow(ruleset, c.scenario, options, "same");
          const b = setupOrThrow(ruleset, c.scenario, options, "same");
          expect(JSON.stringify(a)).toBe(JSON.stringify(b));
          expect(JSON.parse(JSON.stringify(a))).toEqual(a);
        });

        it("a rejected action changes nothing and draws no random number", () => {
          const state = setupOrThrow(ruleset, c.scenario, options, "reject");
          const before = JSON.stringify(state);
          const seats = ruleset.seats(c.scenario, options) as string[];
          for (const seat of [...seats, "nobody"]) {
            for (const action of garbage) {
              const rng = rngFromSeed("untouched");
              const result = ruleset.apply(state, seat, action, rng);
              expect(isRuleError(result), `${seat} ${JSON.stringify(action)}`).toBe(true);
              if (isRuleError(result)) {
                expect(typeof result.code).toBe("string");
                expect(result.message.length).toBeGreaterThan(0);
              }
              expect(rng.draws).toBe(0);
              expect(JSON.stringify(state)).toBe(before);
            }
          }
        });

        it(`the bot finishes ${c.games} games, deterministically, and each replays byte-identically from its log`, () => {
          for (let g = 0; g < c.games; g++) {
            const seed = `conformance-${g}`;
            const game = selfPlay(ruleset, c.scenario, options, seed, c.maxActions);
            expect(ruleset.toAct(game.final), `game ${g} still running after ${game.log.length} actions`).toEqual([]);
            const outcome = ruleset.outcome(game.final);
            expect(outcome).not.toBeNull();
            expect(outcome!.winners.length).toBeGreaterThan(0);
            const again = replay(ruleset, c.scenario, options, seed, game.log);
            expect(JSON.stringify(again)).toBe(JSON.stringify(game.final));
            if (g === 0) {
              const twice = selfPlay(ruleset, c.scenario, options, seed, c.maxActions);
              expect(JSON.stringify(twice.final)).toBe(JSON.stringify(game.final));
              const s = ruleset.summary(game.final);
              expect(typeof s.line).toBe("string");
            }
          }
        });
      });
    }
  });
}
