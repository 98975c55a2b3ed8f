import { describe, expect, it } from "vitest";
import { moscow, type MoscowState } from "../../../worker/engine/moscow";
import { replay } from "../../../worker/engine/replay";
import { conformance } from "../conformance";
import { selfPlay } from "../selfplay";
import { checkInvariants } from "./invariants";

const WALKS = Number(process.env.CONFORMANCE_WALKS ?? 200);

conformance(
  moscow,
  [
    { scenario: "standard", walks: WALKS, walkLength: 150, games: 3, maxActions: 5000 },
    { scenario: "quickstart", walks: WALKS, walkLength: 150, games: 3, maxActions: 5000 },
    {
      scenario: "standard",
      options: { sovietReplacements: 3, germanReplacementTurns: "even", rules: "seed-spec" },
      walks: WALKS / 4,
      walkLength: 150,
      games: 2,
      maxActions: 5000,
    },
  ],
  checkInvariants,
  { units: (state: MoscowState) => state.units.map((u) => u.id) },
);

describe("§Self-play: 200 seeded bot-vs-bot games", () => {
  it("§Self-play: every game reaches the end of turn 7 with a winner and replays byte-identically from its recorded draws", () => {
    const winners: Record<string, number> = { german: 0, soviet: 0 };
    for (let g = 0; g < 200; g++) {
      const scenario = g % 4 === 3 ? "quickstart" : "standard";
      const options = g % 5 === 4 ? { sovietReplacements: 3 } : {};
      const seed = `moscow-selfplay-${g}`;
      const game = selfPlay<MoscowState>(moscow, scenario, options, seed, 5000);
      const final = game.final;
      expect(final.phase, seed).toBe("game_over");
      expect(final.turn).toBe(7);
      const outcome = moscow.outcome(final)!;
      expect(outcome.reason).toBe("moscow");
      expect(outcome.winners).toEqual([final.cityControl.Moscow]);
      winners[outcome.winners[0]!]!++;
      expect(JSON.stringify(replay(moscow, game.initial, game.turns).state)).toBe(JSON.stringify(final));
    }
    expect(winners.german! + winners.soviet!).toBe(200);
  });
});
