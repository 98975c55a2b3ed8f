import { describe, expect, it } from "vitest";
import { moscow, type MoscowState } from "../../../worker/engine/moscow";
import type { Options } from "../../../worker/engine/ruleset";
import { conformance } from "../conformance";
import { replay, selfPlay } from "../selfplay";

conformance(moscow, [
  { scenario: "standard", games: 3, maxActions: 5000 },
  { scenario: "quickstart", games: 3, maxActions: 5000 },
  { scenario: "standard", options: { sovietReplacements: 3, germanReplacementTurns: "even", rules: "seed-spec" }, games: 2, maxActions: 5000 },
]);

describe("§Self-play: 200 seeded bot-vs-bot games", () => {
  it("§Self-play: every game reaches the end of turn 7 with a winner and replays byte-identically from its log", () => {
    const winners: Record<string, number> = { german: 0, soviet: 0 };
    for (let g = 0; g < 200; g++) {
      const scenario = g % 4 === 3 ? "quickstart" : "standard";
      const options: Options = g % 5 === 4 ? { sovietReplacements: 3 } : {};
      const seed = `moscow-selfplay-${g}`;
      const game = selfPlay(moscow, scenario, options, seed, 5000);
      const final = game.final as MoscowState;
      expect(final.phase, seed).toBe("game_over");
      expect(final.turn).toBe(7);
      const outcome = moscow.outcome(final)!;
      expect(outcome.reason).toBe("moscow");
      expect(outcome.winners).toEqual([final.city_control.Moscow]);
      winners[outcome.winners[0]!]!++;
      expect(JSON.stringify(replay(moscow, scenario, options, seed, game.log))).toBe(JSON.stringify(final));
    }
    expect(winners.german! + winners.soviet!).toBe(200);
  });
});
