// Fits the skirmish's evaluation for the strong computer (worker/engine/strong/skirmish.ts): a
// logistic regression per scenario of "the attacker wins" on the position's features
// (skirmish-features.ts), over every `stride`-th position after deployment of self-play (seeds
// fit-<i>, apart from the strong bench's); a draw counts half. With `explore` above 0, each
// action inside an activation is, with that chance, a legal action drawn at random instead of
// the standard one (both sides), for positions the standard computer never reaches. Prints each
// scenario's log-loss on held-out games (the last fifth) and the coefficients to paste.
//   node --import tsx bench/strong-fit-skirmish.ts [games per scenario] [stride] [explore]
import { rulesets } from "../worker/engine/registry";
import { seededRngs, setupOrThrow } from "../worker/engine/bot-play";
import { RecordingRng } from "../worker/engine/rng";
import { isRuleError } from "../worker/engine/ruleset";
import type { SkirmishState } from "../worker/engine/skirmish/state";
import { SKIRMISH_FEATURES, skirmishFeatures } from "../worker/engine/strong/skirmish-features";
import { fitScenarios } from "./logistic";

const games = Number(process.argv[2] ?? 600);
const stride = Number(process.argv[3] ?? 3);
const explore = Number(process.argv[4] ?? 0);
const ruleset = rulesets.get("skirmish")!;

function positions(scenario: string, seed: string): { x: number[][]; y: number } {
  let state = setupOrThrow<SkirmishState>(ruleset, scenario, {}, seed);
  const rngs = seededRngs(seed);
  const x: number[][] = [];
  for (let index = 0; index < 20_000; index++) {
    const seat = ruleset.toAct(state)[0];
    if (seat === undefined) break;
    if (state.phase === "turn" && index % stride === 0) x.push(skirmishFeatures(state));
    const rng = rngs.bot(index);
    let action = ruleset.bot(state, seat, rng);
    if (explore > 0 && state.activation !== null && rng.float() < explore) {
      const choices = ruleset.legal(state, seat).choices;
      action = choices[rng.int(choices.length)]!.action;
    }
    const applied = ruleset.apply(state, seat, action, new RecordingRng(rngs.dice(index)));
    if (isRuleError(applied)) throw new Error(applied.message);
    state = applied.state as SkirmishState;
  }
  const outcome = ruleset.outcome(state);
  const y = !outcome || outcome.result === "draw" ? 0.5 : outcome.winners.includes("attacker") ? 1 : 0;
  return { x, y };
}

fitScenarios(["small-clash", "small-elimination"], games, SKIRMISH_FEATURES, positions);
