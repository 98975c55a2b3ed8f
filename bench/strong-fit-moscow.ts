// Fits Battle for Moscow's evaluation for the strong computer (worker/engine/strong/moscow.ts): a
// logistic regression per scenario of "the German wins" on the position's features
// (moscow-features.ts), over the positions at the start of every player-turn (where the
// search's futures stop) of standard self-play (seeds fit-<i>, apart from the strong bench's).
// With `explore` above 0, each action is, with that chance, a legal action drawn at random
// instead of the standard one (both sides), for positions the standard computer never reaches.
// Prints the held-out log-loss (the last fifth of the games) and the coefficients to paste.
//   node --import tsx bench/strong-fit-moscow.ts [games] [explore] [starts|phases] [split]
import { rulesets } from "../worker/engine/registry";
import { seededRngs, setupOrThrow } from "../worker/engine/bot-play";
import { RecordingRng } from "../worker/engine/rng";
import { isRuleError } from "../worker/engine/ruleset";
import type { MoscowState } from "../worker/engine/moscow/state";
import { MOSCOW_FEATURES, moscowFeatures } from "../worker/engine/strong/moscow-features";
import { fitLogistic, logLoss } from "./logistic";

const games = Number(process.argv[2] ?? 1000);
const explore = Number(process.argv[3] ?? 0);
/** "starts": the start of each player-turn; "phases": the start of each phase. */
const where = process.argv[4] ?? "starts";
const ruleset = rulesets.get("moscow")!;
const setupPhase = (state: MoscowState) => state.phase === "soviet_setup" || state.phase === "german_setup";

function positions(scenario: string, seed: string): { x: number[][]; y: number; firstWins: boolean } {
  let state = setupOrThrow<MoscowState>(ruleset, scenario, {}, seed);
  const rngs = seededRngs(seed);
  const x: number[][] = [];
  let last = "";
  for (let index = 0; index < 20_000; index++) {
    const seat = ruleset.toAct(state)[0];
    if (seat === undefined) break;
    const mark = where === "phases" ? `${state.turn}:${state.phase}` : `${state.turn}:${seat}`;
    if (mark !== last && !setupPhase(state)) x.push(moscowFeatures(state));
    last = mark;
    const rng = rngs.bot(index);
    let action = ruleset.bot(state, seat, rng);
    if (explore > 0 && !setupPhase(state) && rng.float() < explore) {
      const choices = ruleset.legal(state, seat).choices;
      action = choices[rng.int(choices.length)]!.action;
    }
    const applied = ruleset.apply(state, seat, action, new RecordingRng(rngs.dice(index)));
    if (isRuleError(applied)) throw new Error(applied.message);
    state = applied.state as MoscowState;
  }
  const outcome = ruleset.outcome(state);
  const germanWins = outcome?.result === "win" && outcome.winners.includes("german");
  return { x, y: germanWins ? 1 : 0, firstWins: germanWins };
}

/**
 * The sign each feature's coefficient must have to make sense (1: good for the German, -1: bad, 0:
 * free): the search picks whatever the evaluation prefers, so a weight of the wrong sign, which
 * self-play's correlations give (a German who attacked has lost strength and stands nearer
 * Moscow), would have it throw units away. A feature whose fitted weight has the wrong sign is
 * left out (its weight 0) and the rest fitted again, the worst first, until none has.
 */
const SIGNS: Readonly<Record<(typeof MOSCOW_FEATURES)[number], number>> = {
  bias: 0,
  moscowGerman: 1,
  moscowGermanLate: 1,
  germanCities: 1,
  germanStrength: 1,
  sovietStrength: -1,
  germanFront: 1,
  germanFrontLate: 1,
  germanNearMean: 1,
  sovietInMoscow: -1,
  sovietRing: -1,
  sovietNear: -1,
  germanNear: 1,
  germanNextToMoscow: 1,
  sovietCutOff: 1,
  germanCutOff: -1,
  timeLeft: 0,
  mudAhead: 0,
  sovietToMove: 0,
};

/** Fits on `train` with every feature whose weight has the wrong sign left out (see SIGNS); prints the held-out log-loss. */
function fitSigned(label: string, train: { x: number[][]; y: number[] }, test: { x: number[][]; y: number[] }): number[] {
  const kept = MOSCOW_FEATURES.map(() => true);
  const masked = (xs: number[][]) => xs.map((x) => x.map((v, i) => (kept[i] ? v : 0)));
  let w = fitLogistic(masked(train.x), train.y);
  for (;;) {
    let worst = -1;
    for (let i = 0; i < w.length; i++) {
      const sign = SIGNS[MOSCOW_FEATURES[i]!];
      if (kept[i] && sign !== 0 && w[i]! * sign < 0 && (worst < 0 || Math.abs(w[i]!) > Math.abs(w[worst]!))) worst = i;
    }
    if (worst < 0) break;
    kept[worst] = false;
    w = fitLogistic(masked(train.x), train.y);
  }
  w = w.map((v, i) => (kept[i] ? v : 0));
  const prior = train.y.reduce((a, b) => a + b, 0) / train.y.length;
  const bias = new Array<number>(w.length).fill(0);
  bias[0] = Math.log(prior / (1 - prior));
  const dropped = MOSCOW_FEATURES.filter((_, i) => !kept[i]);
  console.log(`${label}: ${train.x.length} positions; held-out log-loss ${logLoss(test.x, test.y, w).toFixed(4)} (the prior alone ${logLoss(test.x, test.y, bias).toFixed(4)}); left out for their sign: ${dropped.join(", ") || "none"}`);
  return w.map((v) => Number(v.toFixed(3)));
}

/** "split": one model for the positions with the German to move and one with the Soviet to move (keys "<scenario>:<side>"). */
const split = process.argv[5] === "split";
const TO_MOVE = MOSCOW_FEATURES.indexOf("sovietToMove");
const fitted: Record<string, number[]> = {};
for (const scenario of ["quickstart", "standard"]) {
  const train: { x: number[][]; y: number[] } = { x: [], y: [] };
  const test: { x: number[][]; y: number[] } = { x: [], y: [] };
  let wins = 0;
  for (let i = 0; i < games; i++) {
    const game = positions(scenario, `fit-${i}`);
    if (game.firstWins) wins++;
    const into = i < games * 0.8 ? train : test;
    for (const x of game.x) {
      into.x.push(x);
      into.y.push(game.y);
    }
  }
  console.log(`${scenario}: the German won ${wins} of ${games}`);
  if (!split) {
    fitted[scenario] = fitSigned(scenario, train, test);
    continue;
  }
  for (const [side, flag] of [["german", 0], ["soviet", 1]] as const) {
    const only = (set: { x: number[][]; y: number[] }) => {
      const rows = set.x.flatMap((x, k) => (x[TO_MOVE] === flag ? [k] : []));
      return { x: rows.map((k) => set.x[k]!), y: rows.map((k) => set.y[k]!) };
    };
    fitted[`${scenario}:${side}`] = fitSigned(`${scenario}, the ${side} to move`, only(train), only(test));
  }
}
console.log(`features: ${MOSCOW_FEATURES.join(", ")}`);
console.log(JSON.stringify(fitted));
