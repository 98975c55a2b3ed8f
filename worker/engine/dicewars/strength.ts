import { MAX_STRENGTH } from "./state";

/**
 * Strength and dice (seed, "Dice System"): a cell of strength F shows count - 1 dice at six
 * and one die showing the rest, F = (count - 1) * 6 + top. Presentation only: the rules
 * work on F alone.
 */
export function strengthOfDice(dice: readonly number[]): number {
  if (dice.length === 0) return 0;
  return (dice.length - 1) * 6 + dice[dice.length - 1]!;
}

/** The dice a strength is shown as: [] for 0, else sixes then the top die (max 8 dice). */
export function diceOfStrength(strength: number): number[] {
  if (strength <= 0) return [];
  const f = Math.min(strength, MAX_STRENGTH);
  const count = Math.floor((f - 1) / 6) + 1;
  const dice = new Array<number>(count - 1).fill(6);
  dice.push(f - 6 * (count - 1));
  return dice;
}

/** The seed's worked examples of the formula, as data. */
export const STRENGTH_TABLE: readonly { dice: readonly number[]; strength: number }[] = [
  { dice: [4], strength: 4 },
  { dice: [6], strength: 6 },
  { dice: [6, 1], strength: 7 },
  { dice: [6, 6, 2], strength: 14 },
  { dice: [6, 6, 6, 6, 6, 6, 6, 6], strength: 48 },
];
