/**
 * Close combat (skirmish.md 10): CCA against CCA with every Hit Test modifier of 10.2, then the
 * Damage Test; a KO'd target is finished off (coup de grâce).
 */
import { diceText, type Modifier, type TestSpec } from "./dice";
import { weaponOf } from "./data/catalog";
import { traitLevel } from "./data/traits";
import { stepDice } from "./sight";
import { adjacent, attribute, friendsInPlay, hindranceTypes, steady, trait } from "./status";
import type { Activation, ModelState, SkirmishState } from "./state";

/** Other steady friends of `a` next to `b` (Outnumber and Assist, 10.2). */
export function helpers(state: SkirmishState, a: ModelState, b: ModelState): number {
  return friendsInPlay(state, a).filter((f) => steady(f) && adjacent(f, b)).length;
}

export function outnumber(state: SkirmishState, attacker: ModelState, defender: ModelState): Modifier[] {
  const hAtt = helpers(state, attacker, defender);
  const hDef = helpers(state, defender, attacker);
  const dice = stepDice(Math.abs(hAtt - hDef));
  if (dice === 0) return [];
  return [{ name: "Outnumber", side: hAtt > hDef ? "active" : "passive", dice: `+${dice}w` }];
}

export function hindrance(m: ModelState, side: "active" | "passive"): Modifier[] {
  const n = hindranceTypes(m);
  return n > 0 ? [{ name: "Hindrance", side, dice: `-${n}m` }] : [];
}

/** An accuracy like "+1m" or "-1m" as an award to `side`. */
export function accuracy(name: string, acc: string | null, side: "active" | "passive"): Modifier[] {
  return acc === null ? [] : [{ name: `${name} accuracy`, side, dice: acc }];
}

export const hasChargeBonus = (activation: Activation | null, targetId: string): boolean =>
  activation?.lastAction?.type === "move" && activation.lastAction.chargeTargets.includes(targetId);

export function closeHitSpec(state: SkirmishState, attacker: ModelState, defender: ModelState): TestSpec {
  const activation = state.activation;
  const aw = weaponOf(attacker.profile.melee)!;
  const dw = weaponOf(defender.profile.melee)!;
  const level = (w: typeof aw, name: string) => traitLevel(w.traits, name);
  const modifiers: Modifier[] = [...accuracy(attacker.profile.melee, aw.acc, "active")];
  if (hasChargeBonus(activation, defender.id)) modifiers.push({ name: "Charge", side: "active", dice: "+1m" });
  modifiers.push(...hindrance(attacker, "active"), ...hindrance(defender, "passive"));
  if (level(aw, "Stub") > 0 && level(dw, "Stub") === 0) modifiers.push({ name: "[Stub]", side: "active", dice: "-1m" });
  if (level(dw, "Hafted") > 0) modifiers.push({ name: "[Hafted]", side: "passive", dice: "-1m" });
  if (level(dw, "Parry") > 0) modifiers.push({ name: "Parry", side: "passive", dice: diceText(level(dw, "Parry"), "m") });
  if (defender.profile.deflect > 0) modifiers.push({ name: "Deflect", side: "passive", dice: diceText(defender.profile.deflect, "m") });
  if (level(dw, "Perimeter") > 0 && activation?.contactMovedInto.includes(defender.id)) modifiers.push({ name: "Perimeter", side: "passive", dice: "+1m" });
  modifiers.push(...outnumber(state, attacker, defender));
  return {
    test: "hit_close",
    dr: 0,
    active: { model: attacker.id, attr: "CCA", value: attribute(attacker, "CCA") },
    passive: { model: defender.id, attr: "CCA", value: attribute(defender, "CCA") },
    modifiers,
    rules: { ignorePenaltyM: { active: trait(attacker, "Fight"), passive: trait(defender, "Fight") } },
  };
}
