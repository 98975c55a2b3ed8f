/**
 * What a close or range attack rolls (skirmish.md 10, 11, 12.1): its Hit Test and the Damage
 * Test a hit leads to, with the armor the Impact leaves and the fewest damage cascades that
 * wound. The attack itself rolls these same specs; the page previews them before a tap.
 */
import { hasChargeBonus, helpers, closeHitSpec } from "./closeCombat";
import { cascadesToWound, damageSpec, effectiveArmor, impactOf, type DamageContext } from "./damage";
import type { Pool } from "./dice/pool";
import type { TestSpec } from "./dice/test";
import { rangeHitSpec, type Shot } from "./rangeCombat";
import type { ModelState, SkirmishState } from "./state";

export interface AttackSpec {
  hit: TestSpec;
  /** The Damage Test with the hit's carry-overs given (none: the floor a preview shows). */
  damage: TestSpec;
  impact: number;
  effectiveAR: number;
  /** The fewest Damage Test cascades that leave a wound (0: passing is enough). */
  needCascades: number;
}

const NO_CARRY_OVER: Pool = { b: 0, m: 0, w: 0 };

/** 10.2, 12.1: a close attack's damage context (the Charge bonus, helpers' Assist). */
export function closeDamageContext(state: SkirmishState, m: ModelState, target: ModelState, carryOver: Pool): DamageContext {
  return { weapon: m.profile.melee, carryOver, charge: hasChargeBonus(state.activation, target.id), hardCover: false, assist: helpers(state, m, target) };
}

/** 11.2, 12.1: a shot's damage context (hard cover adds to FOR). */
export function rangeDamageContext(m: ModelState, shot: Shot, carryOver: Pool): DamageContext {
  return { weapon: m.profile.ranged!, carryOver, charge: false, hardCover: shot.cover.includes("hard"), assist: 0 };
}

function specOf(hit: TestSpec, m: ModelState, target: ModelState, ctx: DamageContext): AttackSpec {
  const impact = impactOf(ctx);
  const effectiveAR = effectiveArmor(target, impact);
  return { hit, damage: damageSpec(m, target, ctx), impact, effectiveAR, needCascades: cascadesToWound(target, effectiveAR) };
}

/** A close attack on a target in play (not a coup de grâce). */
export function closeAttackSpec(state: SkirmishState, m: ModelState, target: ModelState): AttackSpec {
  return specOf(closeHitSpec(state, m, target), m, target, closeDamageContext(state, m, target, NO_CARRY_OVER));
}

/** A shot that rangeCheck allowed. */
export function rangeAttackSpec(state: SkirmishState, m: ModelState, target: ModelState, shot: Shot): AttackSpec {
  return specOf(rangeHitSpec(state, m, target, shot), m, target, rangeDamageContext(m, shot, NO_CARRY_OVER));
}
