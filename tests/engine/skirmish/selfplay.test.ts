import { describe, expect, it } from "vitest";
import { replay } from "../../../worker/engine/replay";
import { skirmish, type SkirmishEvent, type SkirmishState } from "../../../worker/engine/skirmish";
import { selfPlay } from "../selfplay";

// a few games in npm test; SKIRMISH_GAMES=200 for the long run
const GAMES = Number(process.env.SKIRMISH_GAMES ?? 200);

describe("§13 self-play: seeded bot games to the end", () => {
  it(`§6.4 §12.5 §13 ${GAMES} games end (knock-outs, bottle tests or END dice) with an outcome and replay byte for byte`, () => {
    // how each game ended: END dice, a side bottling out, or a side losing its last model to wounds and fear
    const endings = { end_dice: 0, bottle_test: 0, knock_outs: 0 };
    const results = { attacker: 0, defender: 0, draw: 0 };
    let bottled = 0;
    let knockedOut = 0;
    let turns = 0;
    for (let g = 0; g < GAMES; g++) {
      const scenario = g % 2 === 0 ? "small-elimination" : "small-clash";
      const seed = `skirmish-selfplay-${g}`;
      const game = selfPlay<SkirmishState>(skirmish, scenario, {}, seed, 5000);
      const final = game.final;
      expect(final.phase, seed).toBe("game_over");
      const outcome = skirmish.outcome(final)!;
      expect(outcome.line.length).toBeGreaterThan(0);
      const again = replay<SkirmishState, SkirmishEvent>(skirmish, game.initial, game.turns);
      expect(again.failure).toBeNull();
      expect(JSON.stringify(again.state)).toBe(JSON.stringify(final));
      const over = again.steps.flatMap((s) => s.events).find((e) => e.kind === "game_over");
      expect(over).toBeDefined();
      if (over?.kind === "game_over") {
        if (over.endedBy === "end_dice") endings.end_dice++;
        else if (final.sides.some((side) => side.bottled)) endings.bottle_test++;
        else endings.knock_outs++;
      }
      if (outcome.result === "draw") results.draw++;
      else results[outcome.winners[0] as "attacker" | "defender"]++;
      bottled += final.sides.filter((s) => s.bottled).length;
      knockedOut += final.models.filter((m) => m.status !== "in_play" && !m.bottled).length;
      turns += final.turn;
    }
    console.log(
      `skirmish self-play, ${GAMES} games: ended by END dice ${endings.end_dice}, by a bottle test ${endings.bottle_test}, by knock-outs ${endings.knock_outs}; sides bottled out ${bottled}; models KO'd or eliminated in combat or by fear ${knockedOut} (${(knockedOut / GAMES).toFixed(1)} a game); ${(turns / GAMES).toFixed(1)} turns a game; wins attacker ${results.attacker}, defender ${results.defender}, draws ${results.draw}`,
    );
    expect(endings.end_dice + endings.bottle_test + endings.knock_outs).toBe(GAMES);
    expect(knockedOut).toBeGreaterThan(0);
  });
});
