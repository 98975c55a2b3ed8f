import { describe, expect, it } from "vitest";
import { replay } from "../../../worker/engine/replay";
import { victoryPoints, warshard, type WarshardState } from "../../../worker/engine/warshard";
import { replaySeeded, selfPlay } from "../selfplay";
import { withInlineScenarios } from "./helpers";

/** 20 games in npm test; WARSHARD_SELFPLAY=200 plays the full count. */
const GAMES = Number(process.env.WARSHARD_SELFPLAY ?? 200);
const ruleset = withInlineScenarios(warshard);

describe(`§10 §11 §16 self-play: ${GAMES} seeded bot-vs-bot games`, () => {
  it("§10 every game ends by the reference's victory rule and replays byte for byte from its recorded draws", () => {
    const reasons: Record<string, number> = {};
    for (let g = 0; g < GAMES; g++) {
      const scenario = g % 2 === 0 ? "boot_camp" : "test:combined_arms";
      const seed = `warshard-selfplay-${g}`;
      const game = selfPlay<WarshardState>(ruleset, scenario, {}, seed, 5000);
      const final = game.final;
      expect(final.phase, seed).toBe("game_over");
      const outcome = warshard.outcome(final)!;
      reasons[outcome.reason] = (reasons[outcome.reason] ?? 0) + 1;
      const alive = final.sides.filter((side) => final.units.some((u) => u.side === side && (u.status === "map" || u.status === "waiting")));
      if (outcome.reason === "annihilation") {
        expect(alive.length, seed).toBeLessThan(2);
        expect(outcome.winners).toEqual(alive);
      } else {
        expect(outcome.reason).toBe("victory_points");
        expect(final.turn, seed).toBe(final.turnLimit);
        const vp = victoryPoints(final);
        const [a, b] = final.sides;
        const expected = vp[a]! > vp[b]! ? [a] : vp[b]! > vp[a]! ? [b] : [];
        expect(outcome.winners, seed).toEqual(expected);
        expect(outcome.result).toBe(expected.length ? "win" : "draw");
      }
      const again = replay(ruleset, game.initial, game.turns);
      expect(again.failure, seed).toBeNull();
      expect(JSON.stringify(again.state)).toBe(JSON.stringify(final));
      // §11 the same actions with fresh dice from the same seed draw the same numbers in the same order
      expect(JSON.stringify(replaySeeded(ruleset, scenario, {}, seed, game.log))).toBe(JSON.stringify(final));
    }
    expect(Object.values(reasons).reduce((x, y) => x + y, 0)).toBe(GAMES);
  });

});
