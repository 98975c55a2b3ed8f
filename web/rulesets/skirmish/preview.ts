/**
 * What an attack would roll, before the viewer commits to it: the Hit Test's awards, pools and
 * exact chance, and the Damage Test it leads to, with the chance that a hit wounds: the
 * engine's own attack spec (attack-spec.ts), as the attack will roll it. The carry-overs of a
 * hit only add dice to the Damage Test, so the wound chance shown without them is a floor.
 */
import { modelById, type AttackSpec, type Modifier, type Pool, type SkirmishChoice, type SkirmishState, type TestSpec } from "./engine";
// the rules side of the page (engine-rules.ts) only: these modules come with the rules
import { closeAttackSpec, rangeAttackSpec } from "../../../worker/engine/skirmish/attack-spec";
import { rangeCheck } from "../../../worker/engine/skirmish/attacks";
import { disengageOpponent, disengageSpec } from "../../../worker/engine/skirmish/disengage";
import { moraleSpec } from "../../../worker/engine/skirmish/morale";
import { poolsOf } from "../../../worker/engine/skirmish/dice/test";
import { atLeastCascades, fractionValue, testOdds } from "../../../worker/engine/skirmish/dice/odds";

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

const rolled = (spec: TestSpec) => {
  const pools = poolsOf(spec);
  return { pools, odds: testOdds({ value: spec.active.value, pool: pools.active }, { value: spec.passive.value, pool: pools.passive }, spec.dr) };
};

function previewOf(spec: TestSpec): TestPreview {
  const { pools, odds } = rolled(spec);
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
  let spec: AttackSpec;
  if (a.type === "close_attack") spec = closeAttackSpec(state, m, t);
  else {
    const checked = rangeCheck(state, m, t.id);
    if ("ok" in checked) return null;
    spec = rangeAttackSpec(state, m, t, checked.shot);
  }
  const { impact, effectiveAR, needCascades } = spec;
  return {
    hit: previewOf(spec.hit),
    damage: { ...previewOf(spec.damage), ar: t.profile.ar, impact, effectiveAR, needCascades, wound: fractionValue(atLeastCascades(rolled(spec.damage).odds, needCascades)) },
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
