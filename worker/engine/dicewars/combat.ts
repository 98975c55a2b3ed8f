import type { Rng } from "../rng";

export interface CombatResult {
  /** Attack value A = source strength - 1, and defence value D = target strength. */
  attack: number;
  defence: number;
  attackRoll: number;
  defenceRoll: number;
  /** True when the attack roll beats the defence roll (ties hold). */
  captured: boolean;
  /** Strength of the target afterwards, whoever owns it. */
  targetStrength: number;
}

/**
 * Rules 6.2: roll 1..A then 1..D (two integer draws, in that order). The attacker wins on a
 * strictly higher roll and takes the cell with roll - 1; otherwise the defender keeps it
 * with max(1, d - a). The source always drops to 1 (the caller's part).
 */
export function resolveAttack(sourceStrength: number, targetStrength: number, rng: Rng): CombatResult {
  const attack = sourceStrength - 1;
  const defence = targetStrength;
  const attackRoll = rng.int(attack) + 1;
  const defenceRoll = rng.int(defence) + 1;
  const captured = attackRoll > defenceRoll;
  return {
    attack,
    defence,
    attackRoll,
    defenceRoll,
    captured,
    targetStrength: captured ? attackRoll - 1 : Math.max(1, defenceRoll - attackRoll),
  };
}
