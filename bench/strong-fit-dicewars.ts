// Fits DiceWars' evaluation for the strong computer (worker/engine/strong/dicewars.ts): a
// logistic regression per board of "p1 wins" in a two-player game on the position's features
// (dicewars-features.ts), over every `stride`-th position of standard self-play (seeds fit-<i>,
// apart from the strong bench's); with `explore` above 0 each of the standard's actions is, with
// that chance, a legal action drawn at random instead (on both sides), so the positions include
// the early ends of turn the standard computer never makes. Prints each board's log-loss on
// held-out games (the last fifth) and the coefficients to paste.
//   node --import tsx bench/strong-fit-dicewars.ts [games per board] [stride] [explore] [boards, comma-separated] [race | after | all]
import { rulesets } from "../worker/engine/registry";
import { seededRngs, setupOrThrow } from "../worker/engine/bot-play";
import { RecordingRng } from "../worker/engine/rng";
import { isRuleError } from "../worker/engine/ruleset";
import type { DiceWarsState } from "../worker/engine/dicewars";
import { DICEWARS_FEATURES, diceWarsFeatures, racing } from "../worker/engine/strong/dicewars-features";
import { fitScenarios } from "./logistic";

const games = Number(process.argv[2] ?? 1000);
const stride = Number(process.argv[3] ?? 5);
const explore = Number(process.argv[4] ?? 0);
const boards = process.argv[5]?.split(",") ?? ["20x20"];
/** "race": only positions with empty land left (the land race), "after": only those without, "all": both. */
const phase = process.argv[6] ?? "all";
const ruleset = rulesets.get("dicewars")!;

function positions(scenario: string, seed: string): { x: number[][]; y: number; firstWins: boolean } {
  let state = setupOrThrow<DiceWarsState>(ruleset, scenario, { players: 2 }, seed);
  const rngs = seededRngs(seed);
  const x: number[][] = [];
  for (let index = 0; index < 20_000; index++) {
    const seat = ruleset.toAct(state)[0];
    if (seat === undefined) break;
    if (index % stride === 0 && (phase === "all" || racing(state) === (phase === "race"))) x.push(diceWarsFeatures(state, 0, 1));
    const rng = rngs.bot(index);
    let action = ruleset.bot(state, seat, rng);
    if (explore > 0 && rng.float() < explore) {
      const choices = ruleset.legal(state, seat).choices;
      action = choices[rng.int(choices.length)]!.action;
    }
    const applied = ruleset.apply(state, seat, action, new RecordingRng(rngs.dice(index)));
    if (isRuleError(applied)) throw new Error(applied.message);
    state = applied.state as DiceWarsState;
  }
  const outcome = ruleset.outcome(state);
  const y = !outcome || outcome.result === "draw" ? 0.5 : outcome.winners.includes("p1") ? 1 : 0;
  return { x, y, firstWins: y === 1 };
}

fitScenarios(boards, games, DICEWARS_FEATURES, positions);
