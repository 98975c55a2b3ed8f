// SHA-256 fingerprints of DiceWars' and the musket game's play, to check that a speed change plays
// exactly the same games: per scenario, seeded self-play games (every action with its recorded
// draws, and the final state) and seeded random walks (every legal() list with its labels, every
// action's events, their described lines, the state after, and the summary). Prints only.
//   node --import tsx bench/fingerprint-dm.ts [filter]
import { createHash } from "node:crypto";
import { RecordingRng, rngFromSeed } from "../worker/engine/rng";
import { rulesets } from "../worker/engine/registry";
import { selfPlay, setupOrThrow } from "../worker/engine/bot-play";
import { isRuleError } from "../worker/engine/ruleset";

const cases: [string, string, Record<string, unknown>, number][] = [
  ["dicewars", "10x10", { players: 2 }, 40],
  ["dicewars", "10x10", { players: 4 }, 40],
  ["dicewars", "15x15", { players: 3, roundLimit: 50 }, 6],
  ["musket", "pitched-battle", {}, 40],
  ["musket", "the-bridge", {}, 40],
  ["musket", "rearguard", {}, 40],
];
const WALKS = 6;
const WALK_ACTIONS = 400;

const only = process.argv[2];
for (const [id, scenario, options, games] of cases) {
  const label = `${id} ${scenario} ${JSON.stringify(options)}`;
  if (only && !label.includes(only)) continue;
  const ruleset = rulesets.get(id)!;
  const play = createHash("sha256");
  for (let g = 0; g < games; g++) {
    const game = selfPlay(ruleset, scenario, options, `fp-${g}`);
    play.update(JSON.stringify(game.initial));
    play.update(JSON.stringify(game.turns));
    play.update(JSON.stringify(game.final));
  }
  const walk = createHash("sha256");
  for (let w = 0; w < WALKS; w++) {
    let state = setupOrThrow<unknown>(ruleset, scenario, options, `walk-${w}`);
    const pick = rngFromSeed(`pick-${w}`);
    for (let step = 0; step < WALK_ACTIONS; step++) {
      const seat = ruleset.toAct(state)[0];
      if (seat === undefined) break;
      const legal = ruleset.legal(state, seat);
      walk.update(JSON.stringify(legal));
      if (legal.choices.length === 0) break;
      const choice = legal.choices[pick.int(legal.choices.length)]!;
      const dice = new RecordingRng(rngFromSeed(`walk-${w}:${step}`));
      const applied = ruleset.apply(state, seat, choice.action, dice);
      if (isRuleError(applied)) throw new Error(`${label}: legal action refused: ${applied.message}`);
      walk.update(JSON.stringify(applied.events));
      for (const e of applied.events) walk.update(ruleset.describe(e));
      walk.update(JSON.stringify(dice.recorded));
      state = applied.state;
      walk.update(JSON.stringify(state));
      walk.update(JSON.stringify(ruleset.summary(state)));
    }
  }
  console.log(`${label} games ${play.digest("hex").slice(0, 16)} walks ${walk.digest("hex").slice(0, 16)}`);
}
