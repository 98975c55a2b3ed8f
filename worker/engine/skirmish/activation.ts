/**
 * Activating a model and its simple actions (skirmish.md 6.3, 7, 12.4): 2 AP less one per
 * Delay token, compulsory AP, Push, Reload, Rally and ending the activation.
 */
import { ruleError } from "../ruleset";
import type { Rng } from "../rng";
import { compulsoryApFor, mayBenefitFromRally, requirement } from "./compulsory";
import { weaponOf } from "./data/catalog";
import { traitLevel } from "./data/traits";
import { draftOf, model, type Draft } from "./draft";
import type { IllegalTargetReason, SkirmishError } from "./errors";
import { rally, withinCohesion } from "./morale";
import { engaged, inPlay } from "./status";
import { endActivation } from "./turns";
import { addDelay } from "./wounds";
import { seatOf, type ModelState, type SideIndex, type SkirmishState } from "./state";

export const ACTIVATION_AP = 2;

export function activate(state: SkirmishState, side: SideIndex, id: string, rng: Rng): Draft | SkirmishError {
  const m = state.models.find((x) => x.id === id);
  if (!m) return ruleError("unknown_unit", `There is no model ${id}`, { model: id });
  if (m.side !== side) return ruleError("not_your_unit", `${id} belongs to the ${seatOf(m.side)}`, { model: id });
  if (!inPlay(m)) return ruleError("illegal_activation", `${id} is not in play (${m.status})`, { model: id, reason: "not_in_play" });
  if (m.done) return ruleError("illegal_activation", `${id} has already activated this turn`, { model: id, reason: "done" });
  const draft = draftOf(state, rng);
  const a = model(draft, id);
  const delayRemoved = Math.min(a.delay, ACTIVATION_AP);
  a.delay -= delayRemoved;
  const ap = ACTIVATION_AP - delayRemoved;
  draft.state.activationsThisRow = (state.activationsThisRow ?? 0) + 1;
  draft.state.activation = { model: id, ap, attacksMade: 0, disengagesMade: 0, pushed: false, contactMovedInto: [], lastAction: null, compulsoryApLeft: Math.min(compulsoryApFor(a), ap) };
  refreshCompulsory(draft);
  draft.events.push({ kind: "activated", model: id, ap, delayRemoved, compulsoryAp: draft.state.activation!.compulsoryApLeft });
  return draft;
}

/** A requirement that no action can meet lapses at once (12.3). */
export function refreshCompulsory(draft: Draft): void {
  const activation = draft.state.activation;
  if (!activation || activation.compulsoryApLeft === 0) return;
  const m = model(draft, activation.model);
  if (!inPlay(m) || activation.ap === 0 || requirement(draft.state, m) === null) activation.compulsoryApLeft = 0;
}

export function push(state: SkirmishState, m: ModelState, rng: Rng): Draft | SkirmishError {
  const activation = state.activation!;
  if (activation.pushed) return ruleError("illegal_action", `${m.id} has already pushed this activation`, { model: m.id, reason: "already_pushed" });
  if (m.delay > 0) return ruleError("illegal_action", `${m.id} holds a Delay token and cannot push`, { model: m.id, reason: "has_delay" });
  const draft = draftOf(state, rng);
  const act = draft.state.activation!;
  act.pushed = true;
  act.ap += 1;
  addDelay(draft, m.id, 1, "push");
  draft.events.splice(draft.events.length - 1, 0, { kind: "pushed", model: m.id, ap: act.ap, delay: model(draft, m.id).delay });
  return draft;
}

export function reloadCheck(state: SkirmishState, m: ModelState): SkirmishError | null {
  if (m.profile.ranged === null || m.ammo === 0) return ruleError("illegal_action", `${m.id} has nothing to reload`, { model: m.id, reason: "nothing_to_reload" });
  if (engaged(state, m)) return ruleError("illegal_action", `${m.id} is engaged and cannot reload`, { model: m.id, reason: "engaged" });
  return null;
}

export function reload(state: SkirmishState, m: ModelState, rng: Rng): Draft | SkirmishError {
  const problem = reloadCheck(state, m);
  if (problem) return problem;
  const draft = draftOf(state, rng);
  const a = model(draft, m.id);
  a.ammo -= 1;
  spendAp(draft, 1, "reload");
  draft.events.push({ kind: "reloaded", model: m.id, weapon: m.profile.ranged!, left: a.ammo });
  return draft;
}

export const reloadNeeded = (weapon: string): number => Math.max(1, traitLevel(weaponOf(weapon)!.traits, "Reload"));

export function rallyCheck(state: SkirmishState, m: ModelState, target: ModelState | undefined, targetId: string): SkirmishError | null {
  const details = { model: m.id, target: targetId };
  if (!target) return ruleError("unknown_unit", `There is no model ${targetId}`, details);
  if (target.side !== m.side) return ruleError("not_your_unit", `${targetId} is not a friend of ${m.id}`, details);
  if (engaged(state, m)) return ruleError("illegal_target", `${m.id} is engaged and cannot rally`, { ...details, reason: "not_free" });
  if (!inPlay(target)) return ruleError("illegal_target", `${targetId} is not in play`, { ...details, reason: "not_in_play" });
  if (target.id !== m.id && engaged(state, target)) return ruleError("illegal_target", `${targetId} is engaged`, { ...details, reason: "engaged" });
  if (target.id !== m.id && !withinCohesion(state, m, target)) return ruleError("illegal_target", `${targetId} is not within cohesion of ${m.id}`, { ...details, reason: "out_of_cohesion" });
  if (!mayBenefitFromRally(target)) {
    // decision: no_fear (a rally that could remove nothing) is refused: see ILLEGAL_TARGET_REASONS
    const reason: IllegalTargetReason = target.ralliedThisTurn ? "already_rallied" : "no_fear";
    return ruleError("illegal_target", target.ralliedThisTurn ? `${targetId} has already been rallied this turn` : `${targetId} has no Fear to rally`, { ...details, reason });
  }
  return null;
}

export function rallyAction(state: SkirmishState, m: ModelState, targetId: string, rng: Rng): Draft | SkirmishError {
  const target = state.models.find((x) => x.id === targetId);
  const problem = rallyCheck(state, m, target, targetId);
  if (problem) return problem;
  const draft = draftOf(state, rng);
  spendAp(draft, 1, "rally");
  rally(draft, m.id, targetId);
  return draft;
}

export function endActivationAction(state: SkirmishState, rng: Rng): Draft {
  const draft = draftOf(state, rng);
  endActivation(draft, "end_activation");
  return draft;
}

/** Pays for an action and records it as the activation's last (push aside, 3.7). */
export function spendAp(draft: Draft, ap: number, type: string, chargeTargets: string[] = []): void {
  const activation = draft.state.activation!;
  activation.ap -= ap;
  activation.lastAction = { type, chargeTargets };
}
