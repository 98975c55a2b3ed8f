// Fits WarShard's evaluation for the strong computer (worker/engine/strong/warshard.ts): a
// logistic regression per scenario of "the first side wins" on the position's features
// (warshard-features.ts), over the positions at the start of every player-turn (where the
// search's futures stop) of self-play (seeds fit-<i>, apart from the strong bench's). With
// `explore` above 0, each action is, with that chance, a legal action drawn at random instead of
// the standard one (both sides), for positions the standard computer never reaches. In boot_camp
// the standard Germany never wins, so the label is soft: a win 1, a loss 0, and an end on points
// (warshard.md 10) also counts the VP margin, `soft` × margin / all VP, around the result.
// Prints the held-out log-loss (the last fifth of the games) and the coefficients to paste.
//   node --import tsx bench/strong-fit-warshard.ts [games] [explore] [soft] [starts|all] [standard|strong]
import { rulesets } from "../worker/engine/registry";
import { seededRngs, setupOrThrow } from "../worker/engine/bot-play";
import { RecordingRng } from "../worker/engine/rng";
import { isRuleError } from "../worker/engine/ruleset";
import type { WarshardState } from "../worker/engine/warshard/state";
import { botAt } from "../worker/engine/strong";
import { WARSHARD_FEATURES, warshardFeatures } from "../worker/engine/strong/warshard-features";
import { fitScenarios } from "./logistic";

const games = Number(process.argv[2] ?? 1000);
const explore = Number(process.argv[3] ?? 0);
const soft = Number(process.argv[4] ?? 0);
/** "starts": the positions at the start of each player-turn; "all": every position. */
const where = process.argv[5] ?? "starts";
/** "strong": the first side plays the strong level (with the evaluation as it stands), for positions of its own play. */
const firstLevel = process.argv[6] === "strong" ? "strong" : "standard";
const ruleset = rulesets.get("warshard")!;
const strong = botAt(ruleset, "strong");

function positions(scenario: string, seed: string): { x: number[][]; y: number; firstWins: boolean } {
  let state = setupOrThrow<WarshardState>(ruleset, scenario, {}, seed);
  const rngs = seededRngs(seed);
  const x: number[][] = [];
  let turn = 0;
  for (let index = 0; index < 20_000; index++) {
    const seat = ruleset.toAct(state)[0];
    if (seat === undefined) break;
    if (state.turn !== turn || where === "all") {
      turn = state.turn;
      x.push(warshardFeatures(state));
    }
    const rng = rngs.bot(index);
    let action = firstLevel === "strong" && seat === state.sides[0] ? strong(state, seat, rng) : ruleset.bot(state, seat, rng);
    if (explore > 0 && rng.float() < explore) {
      const choices = ruleset.legal(state, seat).choices;
      action = choices[rng.int(choices.length)]!.action;
    }
    const applied = ruleset.apply(state, seat, action, new RecordingRng(rngs.dice(index)));
    if (isRuleError(applied)) throw new Error(applied.message);
    state = applied.state as WarshardState;
  }
  const outcome = ruleset.outcome(state);
  const first = state.sides[0];
  const firstWins = outcome?.result === "win" && outcome.winners.includes(first);
  let y = !outcome || outcome.result === "draw" ? 0.5 : firstWins ? 1 : 0;
  if (outcome && state.outcome?.vp && soft > 0 && outcome.reason !== "annihilation") {
    const total = state.map.hexes.reduce((sum, h) => sum + (h.vp ?? 0), 0);
    const margin = ((state.outcome.vp[first] ?? 0) - (state.outcome.vp[state.sides[1]] ?? 0)) / total;
    y = Math.min(1, Math.max(0, (firstWins ? 1 - soft : y === 0.5 ? 0.5 : soft) + soft * margin));
  }
  return { x, y, firstWins };
}

fitScenarios(["boot_camp"], games, WARSHARD_FEATURES, positions);
