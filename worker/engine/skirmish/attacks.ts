/**
 * The close and range attack actions (skirmish.md 10, 11): checks, Hit Test, Damage Test,
 * the weapon's reload, the Delay of repeated attacks, then Fear Tests (target, attacker).
 */
import { distance } from "../hex";
import { ruleError } from "../ruleset";
import type { Rng } from "../rng";
import { reloadNeeded, spendAp } from "./activation";
import { closeDamageContext, rangeDamageContext } from "./attack-spec";
import { closeHitSpec, hasChargeBonus } from "./closeCombat";
import { applyDamage, resolveDamage } from "./damage";
import { rollTest } from "./dice";
import { weaponOf } from "./data/catalog";
import { draftOf, model, type Draft } from "./draft";
import type { SkirmishError } from "./errors";
import { fearTestsAfter } from "./morale";
import { rangeHitSpec, shotAt, shotProblem, type Shot } from "./rangeCombat";
import { engaged, inPlay } from "./status";
import { addDelay, eliminate } from "./wounds";
import type { ModelState, SkirmishState } from "./state";

function targetOf(state: SkirmishState, m: ModelState, id: string): ModelState | SkirmishError {
  const target = state.models.find((x) => x.id === id);
  if (!target) return ruleError("unknown_unit", `There is no model ${id}`, { model: m.id, target: id });
  if (target.side === m.side) return ruleError("illegal_target", `${id} is ${m.id}'s own side`, { model: m.id, target: id, reason: "own_model" });
  return target;
}

export function closeCheck(state: SkirmishState, m: ModelState, targetId: string): ModelState | SkirmishError {
  const target = targetOf(state, m, targetId);
  if ("ok" in target) return target;
  const details = { model: m.id, target: targetId };
  if (target.status === "eliminated" || target.hex === null) return ruleError("illegal_target", `${targetId} is not in play`, { ...details, reason: "not_in_play" });
  if (distance(m.hex!, target.hex) !== 1) return ruleError("illegal_target", `${targetId} is not next to ${m.id}`, { ...details, reason: "not_adjacent" });
  return target;
}

/** rangeCheck's checks of the shooter alone: without them no target passes (a list of targets skips the rest). */
export const mayShoot = (state: SkirmishState, m: ModelState): boolean => m.profile.ranged !== null && m.ammo === 0 && !engaged(state, m);

/** Whether rangeCheck passes for an enemy `target`, without working out the shot's cover (the computer's choice of target). */
export const canShootAt = (state: SkirmishState, m: ModelState, target: ModelState): boolean =>
  target.side !== m.side && mayShoot(state, m) && inPlay(target) && shotProblem(state, m, target) === null;

export function rangeCheck(state: SkirmishState, m: ModelState, targetId: string): { target: ModelState; shot: Shot } | SkirmishError {
  const target = targetOf(state, m, targetId);
  if ("ok" in target) return target;
  const details = { model: m.id, target: targetId };
  if (m.profile.ranged === null) return ruleError("illegal_target", `${m.id} has no ranged weapon`, { ...details, reason: "not_loaded" });
  if (m.ammo > 0) return ruleError("illegal_target", `${m.id}'s ${m.profile.ranged} needs reloading`, { ...details, reason: "not_loaded" });
  if (engaged(state, m)) return ruleError("illegal_target", `${m.id} is engaged and cannot shoot`, { ...details, reason: "not_free" });
  if (!inPlay(target)) return ruleError("illegal_target", `${targetId} is not in play`, { ...details, reason: "not_in_play" });
  const shot = shotAt(state, m, target);
  if (shot === "no_los") return ruleError("illegal_target", `${m.id} cannot see ${targetId}`, { ...details, reason: "no_los" });
  if (shot === "out_of_range") return ruleError("illegal_target", `${targetId} is beyond ${m.id}'s longest range`, { ...details, reason: "out_of_range" });
  return { target, shot };
}

/** Every attack after the first in an activation gives a Delay token, unless with a Natural weapon (7). */
function afterAttack(draft: Draft, attackerId: string, weaponName: string, targetId: string): void {
  const act = draft.state.activation!;
  act.attacksMade += 1;
  if (act.attacksMade > 1 && weaponOf(weaponName)!.class !== "Natural") addDelay(draft, attackerId, 1, "repeated_attack");
  fearTestsAfter(draft, [targetId, attackerId]);
}

export function closeAttack(state: SkirmishState, m: ModelState, targetId: string, rng: Rng): Draft | SkirmishError {
  const target = closeCheck(state, m, targetId);
  if ("ok" in target) return target;
  const weapon = m.profile.melee;
  const draft = draftOf(state, rng);
  const charge = hasChargeBonus(state.activation, targetId);
  spendAp(draft, 1, "close_attack");
  // the event's fields written out (a spread of shared ones makes a slow object)
  if (target.status === "ko") {
    draft.events.push({ kind: "close_attack", attacker: m.id, target: targetId, weapon, charge, coupDeGrace: true, hit: null, damage: null, impact: 0, effectiveAR: 0, raw: 0, received: 0 });
    eliminate(draft, targetId, "coup_de_grace");
  } else {
    const hit = rollTest(closeHitSpec(state, m, target), rng);
    const damage = hit.pass ? resolveDamage(draft, m.id, targetId, closeDamageContext(state, m, target, hit.carryOver)) : null;
    draft.events.push({ kind: "close_attack", attacker: m.id, target: targetId, weapon, charge, coupDeGrace: false, hit, damage: damage?.test ?? null, impact: damage?.impact ?? 0, effectiveAR: damage?.effectiveAR ?? 0, raw: damage?.raw ?? 0, received: damage?.received ?? 0 });
    if (damage) applyDamage(draft, targetId, weapon, damage.received);
  }
  afterAttack(draft, m.id, weapon, targetId);
  return draft;
}

export function rangeAttack(state: SkirmishState, m: ModelState, targetId: string, rng: Rng): Draft | SkirmishError {
  const checked = rangeCheck(state, m, targetId);
  if ("ok" in checked) return checked;
  const { target, shot } = checked;
  const weapon = m.profile.ranged!;
  const draft = draftOf(state, rng);
  spendAp(draft, 1, "range_attack");
  const hit = rollTest(rangeHitSpec(state, m, target, shot), rng);
  const damage = hit.pass ? resolveDamage(draft, m.id, targetId, rangeDamageContext(m, shot, hit.carryOver)) : null;
  draft.events.push({ kind: "range_attack", attacker: m.id, target: targetId, weapon, ...shot, hit, damage: damage?.test ?? null, impact: damage?.impact ?? 0, effectiveAR: damage?.effectiveAR ?? 0, raw: damage?.raw ?? 0, received: damage?.received ?? 0 });
  if (damage) applyDamage(draft, targetId, weapon, damage.received);
  model(draft, m.id).ammo = reloadNeeded(weapon);
  afterAttack(draft, m.id, weapon, targetId);
  return draft;
}
