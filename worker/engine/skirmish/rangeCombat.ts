/**
 * Range combat (skirmish.md 11): RCA against REF, OR and its multiples, cover, obscuring
 * models and the rest of 11.2.
 */
import { distance } from "../hex";
import { diceText, type Modifier, type TestSpec } from "./dice";
import { weaponOf } from "./data/catalog";
import { accuracy, hindrance } from "./closeCombat";
import { coverBetween, obscuringModels, seesOnBoard, stepDice, type CoverKind } from "./sight";
import { attribute, engaged, trait } from "./status";
import type { ModelState, SkirmishState } from "./state";

export interface Shot {
  distance: number;
  or: number;
  orm: number;
  cover: CoverKind[];
  obscured: number;
}

export function optimalRange(state: SkirmishState, shooter: ModelState): number {
  const weapon = weaponOf(shooter.profile.ranged!)!;
  const or = (weapon.or?.attr === "STR" ? shooter.profile.attributes.STR : 0) + (weapon.or?.add ?? 0);
  // decision: never below 1 hex, so the OR multiple is always defined
  return Math.max(1, Math.min(or, state.visibility));
}

export type ShotProblem = "no_los" | "out_of_range";

/** Why a shot cannot be taken, or null: shotAt's checks without its cover and obscuring models. */
export function shotProblem(state: SkirmishState, shooter: ModelState, target: ModelState): ShotProblem | null {
  if (!seesOnBoard(state.board, shooter.hex!, target.hex!)) return "no_los";
  return Math.floor(distance(shooter.hex!, target.hex!) / optimalRange(state, shooter)) > 3 + trait(shooter, "Shoot") ? "out_of_range" : null;
}

/** The geometry of a shot, or why it cannot be taken. */
export function shotAt(state: SkirmishState, shooter: ModelState, target: ModelState): Shot | ShotProblem {
  const problem = shotProblem(state, shooter, target);
  if (problem !== null) return problem;
  const from = shooter.hex!;
  const to = target.hex!;
  const d = distance(from, to);
  const or = optimalRange(state, shooter);
  return { distance: d, or, orm: Math.floor(d / or), cover: coverBetween(state.board, from, to), obscured: obscuringModels(state, from, to) };
}

export function rangeHitSpec(state: SkirmishState, shooter: ModelState, target: ModelState, shot: Shot): TestSpec {
  const weaponName = shooter.profile.ranged!;
  const weapon = weaponOf(weaponName)!;
  const modifiers: Modifier[] = [...accuracy(weaponName, weapon.acc, "active")];
  if (shot.distance * 2 <= shot.or) modifiers.push({ name: "Point-blank", side: "active", dice: "+1m" });
  if (shot.orm > 0) modifiers.push({ name: "Distance", side: "active", dice: diceText(-shot.orm, "m") });
  if (shot.cover.includes("intervening")) modifiers.push({ name: "Intervening cover", side: "active", dice: "-1m" });
  if (shot.cover.includes("direct")) modifiers.push({ name: "Direct cover", side: "active", dice: "-1b" });
  const obscured = stepDice(shot.obscured);
  if (obscured > 0) modifiers.push({ name: "Obscured", side: "active", dice: diceText(-obscured, "m") });
  modifiers.push(...hindrance(shooter, "active"), ...hindrance(target, "passive"));
  if (target.profile.deflect > 0 && !engaged(state, target)) modifiers.push({ name: "Deflect", side: "passive", dice: diceText(target.profile.deflect, "m") });
  return {
    test: "hit_range",
    dr: 0,
    active: { model: shooter.id, attr: "RCA", value: attribute(shooter, "RCA") },
    passive: { model: target.id, attr: "REF", value: attribute(target, "REF") },
    modifiers,
    rules: { ignorePenaltyM: { active: trait(shooter, "Shoot") } },
  };
}
