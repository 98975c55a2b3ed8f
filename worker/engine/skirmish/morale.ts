/**
 * Fear Tests, Rally and Bottle Tests (skirmish.md 12.2, 12.4, 12.5): unopposed POW tests
 * with Hindrance and the Friendly bonus.
 */
import { distance } from "../hex";
import { rollTest, SYSTEM, type Modifier, type TestSpec } from "./dice";
import { model, type Draft } from "./draft";
import { seesOnBoard } from "./sight";
import { attentive, cohesionRange, disordered, engaged, friendsInPlay, hindranceTypes, inPlay, ordered, steady, trait } from "./status";
import { eliminate } from "./wounds";
import { otherSide, seatOf, sideModels, type ModelState, type SideIndex, type SkirmishState } from "./state";

export const FEAR_ELIMINATES_AT = 4;

export function withinCohesion(state: SkirmishState, a: ModelState, b: ModelState): boolean {
  return a.hex !== null && b.hex !== null && distance(a.hex, b.hex) <= cohesionRange(state) && seesOnBoard(state.board, a.hex, b.hex);
}

/** The awards of a morale test for `m`: Hindrance, and Friendly +1m for a steady friend within Cohesion. */
export function moraleModifiers(state: SkirmishState, m: ModelState): Modifier[] {
  const modifiers: Modifier[] = [];
  const hindrance = hindranceTypes(m);
  if (hindrance > 0) modifiers.push({ name: "Hindrance", side: "active", dice: `-${hindrance}m` });
  if (friendsInPlay(state, m).some((f) => steady(f) && withinCohesion(state, m, f))) modifiers.push({ name: "Friendly", side: "active", dice: "+1m" });
  return modifiers;
}

export function moraleSpec(state: SkirmishState, m: ModelState, test: "fear" | "rally" | "bottle", dr = 0): TestSpec {
  return { test, dr, active: { model: m.id, attr: "POW", value: m.profile.attributes.POW }, passive: SYSTEM, modifiers: moraleModifiers(state, m) };
}

/** Who of the wounded must take a Fear Test now (12.2). */
export function owesFearTest(state: SkirmishState, m: ModelState): boolean {
  return inPlay(m) && !m.fearTestedThisTurn && !disordered(m) && !(engaged(state, m) && attentive(m));
}

export function fearTest(draft: Draft, id: string): void {
  const m = model(draft, id);
  if (!owesFearTest(draft.state, m)) return;
  const test = rollTest(moraleSpec(draft.state, m, "fear"), draft.rng);
  const fearBefore = m.fear;
  m.fearTestedThisTurn = true;
  if (!test.pass) {
    const target = test.misses > m.fear ? test.misses : m.fear + 1;
    const grit = attentive(m) ? trait(m, "Grit") : 0;
    m.fear += Math.max(0, target - m.fear - grit);
  }
  draft.events.push({ kind: "fear_test", model: id, test, fearBefore, fear: m.fear });
  if (m.fear >= FEAR_ELIMINATES_AT) eliminate(draft, id, "fear");
}

/** After any action: Fear Tests of the wounded, the attack's target first, then the actor (12.2). */
export function fearTestsAfter(draft: Draft, order: readonly string[]): void {
  const wounded = draft.woundedThisAction;
  for (const id of [...order.filter((o) => wounded.includes(o)), ...wounded.filter((w) => !order.includes(w))]) fearTest(draft, id);
}

export function rally(draft: Draft, actorId: string, targetId: string): void {
  const target = model(draft, targetId);
  const test = rollTest(moraleSpec(draft.state, target, "rally"), draft.rng);
  const removed = test.pass ? Math.min(test.cascades, target.fear) : 0;
  target.fear -= removed;
  target.ralliedThisTurn = true;
  draft.events.push({ kind: "rally", model: actorId, target: targetId, test, removed });
}

/** The side's In-Play Ordered model with the highest of `attr` (ties: assembly order). */
export function designated(state: SkirmishState, side: SideIndex, attr: "INT" | "POW"): ModelState | null {
  let best: ModelState | null = null;
  for (const m of sideModels(state, side)) if (inPlay(m) && ordered(m) && (best === null || m.profile.attributes[attr] > best.profile.attributes[attr])) best = m;
  return best;
}

export const atBreakpoint = (state: SkirmishState, side: SideIndex): boolean => inPlayCount(state, side) * 2 <= state.sides[side].startCount;
export const inPlayCount = (state: SkirmishState, side: SideIndex): number => sideModels(state, side).filter(inPlay).length;

/** End of turn: a side at Breakpoint tests, or bottles out (12.5). */
export function bottleTest(draft: Draft, side: SideIndex): void {
  const state = draft.state;
  if (!atBreakpoint(state, side)) return;
  const own = inPlayCount(state, side);
  const double = own * 4 <= state.sides[side].startCount;
  const dr = (double ? 1 : 0) + (inPlayCount(state, otherSide(side)) >= 2 * own ? 1 : 0);
  const tester = designated(state, side, "POW");
  const test = tester ? rollTest(moraleSpec(state, tester, "bottle", dr), draft.rng) : null;
  const bottled = test === null || !test.pass;
  draft.events.push({ kind: "bottle_test", side: seatOf(side), model: tester?.id ?? null, dr, test, bottled });
  if (!bottled) return;
  state.sides[side].bottled = true;
  for (const m of sideModels(state, side)) if (inPlay(m)) eliminate(draft, m.id, "bottled");
}
