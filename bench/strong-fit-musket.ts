// Fits the musket game's evaluation for the strong computer (worker/engine/strong/musket.ts): a
// logistic regression per scenario of "Blue wins" on the position's features
// (musket-features.ts), over positions of standard self-play (seeds fit-<i>, apart from the
// strong bench's), every `stride`-th action of each game; a draw counts half. Prints each
// scenario's log-loss on held-out games (the last fifth) and the coefficients to paste.
// With `explore` above 0, each action inside an activation is, with that chance, a legal action drawn
// at random instead of the standard one (on both sides), so the positions include some the
// standard computer never reaches (Blue off the hill at the end of pitched-battle).
//   node --import tsx bench/strong-fit-musket.ts [games per scenario] [stride | starts] [explore] [scenarios, comma-separated]
import { rulesets } from "../worker/engine/registry";
import { seededRngs, setupOrThrow } from "../worker/engine/bot-play";
import { RecordingRng } from "../worker/engine/rng";
import { isRuleError } from "../worker/engine/ruleset";
import type { MusketState } from "../worker/engine/musket";
import { MUSKET_FEATURES, musketFeatures } from "../worker/engine/strong/musket-features";
import { fitScenarios } from "./logistic";

const games = Number(process.argv[2] ?? 1000);
/** A number: every stride-th position; "starts": only the start of each player turn (where a search's futures end). */
const stride = process.argv[3] === "starts" ? 0 : Number(process.argv[3] ?? 3);
const sampled = (state: MusketState, index: number): boolean =>
  stride > 0 ? index % stride === 0 : state.step === "awaiting_activation" && state.units.every((u) => u.side !== state.activePlayer || !u.activated);
const explore = Number(process.argv[4] ?? 0);
const ruleset = rulesets.get("musket")!;

function positions(scenario: string, seed: string): { x: number[][]; y: number } {
  let state = setupOrThrow<MusketState>(ruleset, scenario, {}, seed);
  const rngs = seededRngs(seed);
  const x: number[][] = [];
  for (let index = 0; index < 20_000; index++) {
    const seat = ruleset.toAct(state)[0];
    if (seat === undefined) break;
    if (sampled(state, index)) x.push(musketFeatures(state));
    const rng = rngs.bot(index);
    let action = ruleset.bot(state, seat, rng);
    if (explore > 0 && state.step === "action" && rng.float() < explore) {
      const choices = ruleset.legal(state, seat).choices;
      action = choices[rng.int(choices.length)]!.action;
    }
    const applied = ruleset.apply(state, seat, action, new RecordingRng(rngs.dice(index)));
    if (isRuleError(applied)) throw new Error(applied.message);
    state = applied.state as MusketState;
  }
  const outcome = ruleset.outcome(state);
  const y = !outcome || outcome.result === "draw" ? 0.5 : outcome.winners.includes("blue") ? 1 : 0;
  return { x, y };
}

const scenarios = process.argv[5]?.split(",") ?? ["the-bridge", "rearguard", "pitched-battle"];
fitScenarios(scenarios, games, MUSKET_FEATURES, positions);
