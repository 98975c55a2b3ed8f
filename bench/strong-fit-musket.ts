// Fits the musket game's evaluation for the strong computer (worker/engine/strong/musket.ts): a
// logistic regression per scenario of "Blue wins" on the position's features
// (musket-features.ts), over positions of standard self-play (seeds fit-<i>, apart from the
// strong bench's), every `stride`-th action of each game; a draw counts half. Prints each
// scenario's log-loss on held-out games (the last fifth) and the coefficients to paste.
// With `explore` above 0, each action inside an activation is, with that chance, a legal action drawn
// at random instead of the standard one (on both sides), so the positions include some the
// standard computer never reaches (Blue off the hill at the end of pitched-battle).
//   node --import tsx bench/strong-fit-musket.ts [games per scenario] [stride | starts] [explore]
import { rulesets } from "../worker/engine/registry";
import { seededRngs, setupOrThrow } from "../worker/engine/bot-play";
import { RecordingRng } from "../worker/engine/rng";
import { isRuleError } from "../worker/engine/ruleset";
import type { MusketState } from "../worker/engine/musket";
import { MUSKET_FEATURES, musketFeatures } from "../worker/engine/strong/musket-features";

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

const sigmoid = (z: number) => 1 / (1 + Math.exp(-z));

/** Newton's method on the L2-penalised log-likelihood. */
function fit(xs: number[][], ys: number[], l2 = 1e-5): number[] {
  const n = MUSKET_FEATURES.length;
  let w = new Array<number>(n).fill(0);
  for (let iteration = 0; iteration < 30; iteration++) {
    const g = new Array<number>(n).fill(0);
    const h = Array.from({ length: n }, () => new Array<number>(n).fill(0));
    for (let k = 0; k < xs.length; k++) {
      const x = xs[k]!;
      const p = sigmoid(x.reduce((s, v, i) => s + v * w[i]!, 0));
      const r = p - ys[k]!;
      const c = p * (1 - p);
      for (let i = 0; i < n; i++) {
        g[i]! += r * x[i]!;
        for (let j = 0; j < n; j++) h[i]![j]! += c * x[i]! * x[j]!;
      }
    }
    for (let i = 0; i < n; i++) {
      g[i]! += l2 * xs.length * w[i]!;
      h[i]![i]! += l2 * xs.length;
    }
    const step = solve(h, g);
    w = w.map((v, i) => v - step[i]!);
    if (Math.max(...step.map(Math.abs)) < 1e-7) break;
  }
  return w;
}

/** Gaussian elimination with partial pivoting: a x = b. */
function solve(a: number[][], b: number[]): number[] {
  const n = b.length;
  const m = a.map((row, i) => [...row, b[i]!]);
  for (let c = 0; c < n; c++) {
    let pivot = c;
    for (let r = c + 1; r < n; r++) if (Math.abs(m[r]![c]!) > Math.abs(m[pivot]![c]!)) pivot = r;
    [m[c], m[pivot]] = [m[pivot]!, m[c]!];
    for (let r = 0; r < n; r++) {
      if (r === c || m[c]![c] === 0) continue;
      const f = m[r]![c]! / m[c]![c]!;
      for (let k = c; k <= n; k++) m[r]![k]! -= f * m[c]![k]!;
    }
  }
  return m.map((row, i) => (row[i] === 0 ? 0 : row[n]! / row[i]!));
}

const logLoss = (xs: number[][], ys: number[], w: number[]) =>
  xs.reduce((s, x, k) => {
    const p = Math.min(1 - 1e-9, Math.max(1e-9, sigmoid(x.reduce((t, v, i) => t + v * w[i]!, 0))));
    return s - (ys[k]! * Math.log(p) + (1 - ys[k]!) * Math.log(1 - p));
  }, 0) / xs.length;

const fitted: Record<string, number[]> = {};
for (const scenario of ["the-bridge", "rearguard", "pitched-battle"]) {
  const train: { x: number[][]; y: number[] } = { x: [], y: [] };
  const test: { x: number[][]; y: number[] } = { x: [], y: [] };
  for (let i = 0; i < games; i++) {
    const game = positions(scenario, `fit-${i}`);
    const into = i < games * 0.8 ? train : test;
    for (const x of game.x) {
      into.x.push(x);
      into.y.push(game.y);
    }
  }
  const w = fit(train.x, train.y);
  const prior = train.y.reduce((a, b) => a + b, 0) / train.y.length;
  const bias = new Array<number>(w.length).fill(0);
  bias[0] = Math.log(prior / (1 - prior));
  console.log(`${scenario}: ${train.x.length} positions; held-out log-loss ${logLoss(test.x, test.y, w).toFixed(4)} (the prior alone ${logLoss(test.x, test.y, bias).toFixed(4)})`);
  fitted[scenario] = w.map((v) => Number(v.toFixed(3)));
}
console.log(`features: ${MUSKET_FEATURES.join(", ")}`);
console.log(JSON.stringify(fitted));
