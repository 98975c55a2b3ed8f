/**
 * A fitted evaluation's chance: the logistic of the features weighed by their coefficients
 * (fitted by bench/logistic.ts on self-play, pasted into each ruleset's evaluation).
 */
export function fittedChance(features: readonly number[], weights: readonly number[]): number {
  return 1 / (1 + Math.exp(-features.reduce((sum, f, i) => sum + f * weights[i]!, 0)));
}
