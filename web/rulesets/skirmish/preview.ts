/**
 * What an attack would roll, before the viewer commits to it: the Hit Test's awards, pools and
 * exact chance (legal() gives the pools and chance; the awards come from the same engine
 * function), and the Damage Test it leads to, with the chance that a hit wounds. The carry-overs
 * of a hit only add dice to the Damage Test, so the wound chance shown without them is a floor.
 */
import {
  atLeastCascades,
  closeHitSpec,
  damageModifiers,
  damageRating,
  disengageOpponent,
  disengageSpec,
  moraleSpec,
  fractionValue,
  hasChargeBonus,
  helpers,
  impactOf,
  modelById,
  poolsOf,
  rangeCheck,
  rangeHitSpec,
  testOdds,
  type DamageContext,
  type Modifier,
  type Pool,
  type SkirmishChoice,
  type SkirmishState,
  type TestSpec,
} from "./engine";

export interface TestPreview {
  active: { attr: string; value: number; pool: Pool };
  passive: { attr: string; value: number; pool: Pool };
  modifiers: Modifier[];
  chance: number;
}

export interface AttackPreview {
  hit: TestPreview;
  damage: TestPreview & { ar: number; impact: number; effectiveAR: number; needCascades: number; wound: number };
}

function previewOf(spec: TestSpec): TestPreview {
  const pools = poolsOf(spec);
  const odds = testOdds({ value: spec.active.value, pool: pools.active }, { value: spec.passive.value, pool: pools.passive }, spec.dr);
  return {
    active: { attr: spec.active.attr, value: spec.active.value, pool: pools.active },
    passive: { attr: spec.passive.attr, value: spec.passive.value + spec.dr, pool: pools.passive },
    modifiers: [...spec.modifiers],
    chance: fractionValue(odds.pass),
  };
}

/** The preview of a close or range attack choice; null for a coup de grâce or anything else. */
export function attackPreview(state: SkirmishState, choice: SkirmishChoice): AttackPreview | null {
  const a = choice.action;
  if ((a.type !== "close_attack" && a.type !== "range_attack") || !state.activation) return null;
  const m = modelById(state, state.activation.model);
  const t = modelById(state, a.target);
  if (!m || !t || t.status !== "in_play") return null;
  let hitSpec: TestSpec;
  let ctx: DamageContext;
  if (a.type === "close_attack") {
    hitSpec = closeHitSpec(state, m, t);
    ctx = { weapon: m.profile.melee, carryOver: { b: 0, m: 0, w: 0 }, charge: hasChargeBonus(state.activation, t.id), hardCover: false, assist: helpers(state, m, t) };
  } else {
    const checked = rangeCheck(state, m, t.id);
    if ("ok" in checked) return null;
    hitSpec = rangeHitSpec(state, m, t, checked.shot);
    ctx = { weapon: m.profile.ranged!, carryOver: { b: 0, m: 0, w: 0 }, charge: false, hardCover: checked.shot.cover.includes("hard"), assist: 0 };
  }
  const rating = damageRating(m, ctx.weapon);
  const damageSpec: TestSpec = {
    test: "damage",
    dr: 0,
    active: { model: m.id, ...rating },
    passive: { model: t.id, attr: "FOR", value: t.profile.attributes.FOR },
    modifiers: damageModifiers(t, ctx),
  };
  const damage = previewOf(damageSpec);
  const impact = impactOf(ctx);
  const effectiveAR = Math.max(0, t.profile.ar - impact);
  // received = max(1, C - wounds) - effective AR must reach 1
  const needCascades = effectiveAR === 0 ? 0 : effectiveAR + 1 + t.wounds;
  const pools = poolsOf(damageSpec);
  const odds = testOdds({ value: rating.value, pool: pools.active }, { value: t.profile.attributes.FOR, pool: pools.passive });
  return {
    hit: previewOf(hitSpec),
    damage: { ...damage, ar: t.profile.ar, impact, effectiveAR, needCascades, wound: fractionValue(atLeastCascades(odds, needCascades)) },
  };
}

/** The test of a disengage (against the engine's chosen opponent) or a rally; null when none is rolled. */
export function testPreview(state: SkirmishState, choice: SkirmishChoice): TestPreview | null {
  const a = choice.action;
  const m = state.activation ? modelById(state, state.activation.model) : undefined;
  if (!m) return null;
  if (a.type === "disengage") {
    const opponent = disengageOpponent(state, m);
    return opponent ? previewOf(disengageSpec(state, m, opponent)) : null;
  }
  if (a.type === "rally") {
    const target = modelById(state, a.target);
    return target ? previewOf(moraleSpec(state, target, "rally")) : null;
  }
  return null;
}
