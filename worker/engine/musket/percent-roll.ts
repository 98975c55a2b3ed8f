/**
 * A float draw shown as the rules' own die (musket.md 11): a percentile roll, d100 read 00-99,
 * against the chance in percent. "Passes under" checks (command, hit, morale, a leader's fall)
 * pass iff u < chance, which is exactly "the d100 roll is under the chance"; the hilltop check
 * passes iff u >= 0.5, "50 or more". Whole-percent chances need no decimals; a morale chance
 * such as 2/3 is shown with as many decimals as it takes for the roll and the chance on the
 * page to agree with the result (66.6 under 66.7 passes, never "66 under 66").
 */

export interface PercentRoll {
  /** The roll as shown: "31", or "66.64" near a fractional chance. */
  roll: string;
  /** The chance as shown, in percent: "50", "66.66". */
  chance: string;
}

const truncated = (x: number, decimals: number): number => Math.floor(x * 10 ** decimals + 1e-9) / 10 ** decimals;

/** The roll and the chance to show for a draw `u` checked as u < `chance` (both in [0, 1]). */
export function percentRoll(u: number, chance: number): PercentRoll {
  const passed = u < chance;
  for (let d = 0; d <= 6; d++) {
    const roll = Math.floor(u * 100 * 10 ** d) / 10 ** d;
    const shown = truncated(chance * 100, d);
    if (passed ? roll < shown : roll >= shown) return { roll: roll.toFixed(d), chance: shown.toFixed(d) };
  }
  return { roll: (u * 100).toFixed(6), chance: (chance * 100).toFixed(6) };
}

/** "rolled 31 on d100, needing under 50": a check that passes under `chance`. */
export function underText(u: number, chance: number): string {
  const r = percentRoll(u, chance);
  return `rolled ${r.roll} on d100, needing under ${r.chance}`;
}

/** "rolled 62 on d100, needing 50 or more": the hilltop check (6.4), which passes iff u >= 0.5. */
export function atLeastHalfText(u: number): string {
  return `rolled ${Math.floor(u * 100)} on d100, needing 50 or more`;
}
