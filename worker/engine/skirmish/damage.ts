/**
 * The Damage Test and wounds (skirmish.md 12.1, 5.3): Damage rating against FOR; raw wounds
 * max(1, cascades - current wounds), less the armor the Impact leaves.
 */
import { DIE_KINDS, rollTest, diceText, type Modifier, type Pool, type TestRecord, type TestSpec } from "./dice";
import { weaponOf } from "./data/catalog";
import { traitLevel } from "./data/traits";
import { model, type Draft } from "./draft";
import { distracted } from "./status";
import { addWounds } from "./wounds";
import type { ModelState } from "./state";

export interface DamageContext {
  weapon: string;
  carryOver: Pool;
  /** The attacker has the Charge bonus (10.2). */
  charge: boolean;
  hardCover: boolean;
  /** Impact from helpers (Assist, close combat only). */
  assist: number;
}

export interface DamageResult {
  test: TestRecord | null;
  impact: number;
  effectiveAR: number;
  raw: number;
  received: number;
}

export function impactOf(ctx: DamageContext): number {
  const weapon = weaponOf(ctx.weapon)!;
  const chargeWeapon = ctx.charge && traitLevel(weapon.traits, "Charge") > 0 ? 1 : 0;
  return weapon.impact + chargeWeapon + ctx.assist;
}

export function damageModifiers(target: ModelState, ctx: DamageContext): Modifier[] {
  const weapon = weaponOf(ctx.weapon)!;
  const modifiers: Modifier[] = [];
  for (const kind of DIE_KINDS) {
    if (weapon.damage.bonus[kind] > 0) modifiers.push({ name: ctx.weapon, side: "active", dice: diceText(weapon.damage.bonus[kind], kind) });
    if (weapon.damage.penalty[kind] > 0) modifiers.push({ name: ctx.weapon, side: "active", dice: diceText(-weapon.damage.penalty[kind], kind) });
    if (ctx.carryOver[kind] > 0) modifiers.push({ name: "Carry-over", side: "active", dice: diceText(ctx.carryOver[kind], kind) });
  }
  if (ctx.charge && traitLevel(weapon.traits, "Charge") > 0) modifiers.push({ name: "Charge", side: "active", dice: "+1w" });
  if (traitLevel(weapon.traits, "Impale") > 0 && distracted(target)) modifiers.push({ name: "Impale", side: "active", dice: "+1b" });
  if (ctx.hardCover) modifiers.push({ name: "Hard cover", side: "passive", dice: "+1w" });
  return modifiers;
}

export function damageRating(attacker: ModelState, weaponName: string): { attr: string; value: number } {
  const weapon = weaponOf(weaponName)!;
  return weapon.damage.attr === "STR" ? { attr: "STR", value: attacker.profile.attributes.STR } : { attr: "Damage", value: weapon.damage.value };
}

/** 12.1: the Damage Test, the weapon's Damage rating against the target's FOR. */
export function damageSpec(attacker: ModelState, target: ModelState, ctx: DamageContext): TestSpec {
  return {
    test: "damage",
    dr: 0,
    active: { model: attacker.id, ...damageRating(attacker, ctx.weapon) },
    passive: { model: target.id, attr: "FOR", value: target.profile.attributes.FOR },
    modifiers: damageModifiers(target, ctx),
  };
}

/** 5.3: the armor an Impact leaves. */
export const effectiveArmor = (target: ModelState, impact: number): number => Math.max(0, target.profile.ar - impact);

/** 12.1, 5.3: the fewest cascades that wound: max(1, cascades - wounds) must beat the armor left. */
export const cascadesToWound = (target: ModelState, effectiveAR: number): number => (effectiveAR === 0 ? 0 : effectiveAR + 1 + target.wounds);

/** Rolls the Damage Test and applies its wounds (KO, Cleave, elimination). */
export function resolveDamage(draft: Draft, attackerId: string, targetId: string, ctx: DamageContext): DamageResult {
  const attacker = model(draft, attackerId);
  const target = model(draft, targetId);
  const test = rollTest(damageSpec(attacker, target, ctx), draft.rng);
  const impact = impactOf(ctx);
  const effectiveAR = effectiveArmor(target, impact);
  if (!test.pass) return { test, impact, effectiveAR, raw: 0, received: 0 };
  const raw = Math.max(1, test.cascades - target.wounds);
  const received = Math.max(0, raw - effectiveAR);
  return { test, impact, effectiveAR, raw, received };
}

/** Applies the received wounds after the attack's event is recorded. */
export function applyDamage(draft: Draft, targetId: string, weaponName: string, received: number): void {
  addWounds(draft, targetId, received, "attack", traitLevel(weaponOf(weaponName)!.traits, "Cleave") > 0);
}
