// Logistic regression for the strong computer's fitted evaluations (bench/strong-fit-*.ts): labels in [0, 1], a draw counts half.
import { fittedChance } from "../worker/engine/strong/fitted";

/** Logistic regression by Newton's method on the L2-penalised log-likelihood: the coefficients of P(y = 1) = fittedChance(x, w), the logistic of w . x. */
export function fitLogistic(xs: number[][], ys: number[], l2 = 1e-5): number[] {
  const n = xs[0]?.length ?? 0;
  let w = new Array<number>(n).fill(0);
  for (let iteration = 0; iteration < 30; iteration++) {
    const g = new Array<number>(n).fill(0);
    const h = Array.from({ length: n }, () => new Array<number>(n).fill(0));
    for (let k = 0; k < xs.length; k++) {
      const x = xs[k]!;
      const p = fittedChance(x, w);
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

export const logLoss = (xs: number[][], ys: number[], w: number[]) =>
  xs.reduce((s, x, k) => {
    const p = Math.min(1 - 1e-9, Math.max(1e-9, fittedChance(x, w)));
    return s - (ys[k]! * Math.log(p) + (1 - ys[k]!) * Math.log(1 - p));
  }, 0) / xs.length;

/**
 * Fits one model per scenario on the positions of `games` self-play games (seeds fit-<i>; the
 * last fifth held out), prints each one's held-out log-loss beside the prior's and the
 * coefficients to paste, and answers them.
 */
export function fitScenarios(
  scenarios: readonly string[],
  games: number,
  features: readonly string[],
  positions: (scenario: string, seed: string) => { x: number[][]; y: number; firstWins?: boolean },
): Record<string, number[]> {
  const fitted: Record<string, number[]> = {};
  for (const scenario of scenarios) {
    const train: { x: number[][]; y: number[] } = { x: [], y: [] };
    const test: { x: number[][]; y: number[] } = { x: [], y: [] };
    let wins: number | null = null;
    for (let i = 0; i < games; i++) {
      const game = positions(scenario, `fit-${i}`);
      if (game.firstWins !== undefined) wins = (wins ?? 0) + (game.firstWins ? 1 : 0);
      const into = i < games * 0.8 ? train : test;
      for (const x of game.x) {
        into.x.push(x);
        into.y.push(game.y);
      }
    }
    const w = fitLogistic(train.x, train.y);
    const prior = train.y.reduce((a, b) => a + b, 0) / train.y.length;
    const bias = new Array<number>(w.length).fill(0);
    bias[0] = Math.log(prior / (1 - prior));
    console.log(`${scenario}: ${wins === null ? "" : `first side won ${wins} of ${games}; `}${train.x.length} positions; held-out log-loss ${logLoss(test.x, test.y, w).toFixed(4)} (the prior alone ${logLoss(test.x, test.y, bias).toFixed(4)})`);
    fitted[scenario] = w.map((v) => Number(v.toFixed(3)));
  }
  console.log(`features: ${features.join(", ")}`);
  console.log(JSON.stringify(fitted));
  return fitted;
}
