/**
 * Derived states of a model (skirmish.md 3.7, 5.1, 5.2): In-Play, Attentive, Ordered,
 * Engaged, Hindrance and the attributes after the Laden burden.
 */
import { distance } from "../hex";
import type { Attribute } from "./data/catalog";
import { traitLevel } from "./data/traits";
import type { ModelState, SkirmishState } from "./state";

export const inPlay = (m: ModelState): boolean => m.status === "in_play" && m.hex !== null;
export const attentive = (m: ModelState): boolean => inPlay(m) && m.delay === 0;
export const distracted = (m: ModelState): boolean => m.delay > 0;
export const ordered = (m: ModelState): boolean => m.fear < 2;
export const disordered = (m: ModelState): boolean => m.fear >= 2;
export const panicked = (m: ModelState): boolean => m.fear >= 3;
/** In-Play, Attentive and Ordered: the models that count as helpers, friends and stoppers. */
export const steady = (m: ModelState): boolean => attentive(m) && ordered(m);

export const adjacent = (a: ModelState, b: ModelState): boolean => a.hex !== null && b.hex !== null && distance(a.hex, b.hex) === 1;

export function enemiesInPlay(state: SkirmishState, m: ModelState): ModelState[] {
  return state.models.filter((e) => e.side !== m.side && inPlay(e));
}

export function friendsInPlay(state: SkirmishState, m: ModelState): ModelState[] {
  return state.models.filter((f) => f.side === m.side && f.id !== m.id && inPlay(f));
}

/** The enemies that engage `m`: adjacent, In-Play and not Panicked (3.7). */
export function engagingEnemies(state: SkirmishState, m: ModelState): ModelState[] {
  return enemiesInPlay(state, m).filter((e) => !panicked(e) && adjacent(m, e));
}

export const engaged = (state: SkirmishState, m: ModelState): boolean => inPlay(m) && engagingEnemies(state, m).length > 0;

/** One per Hindrance type held (Wound, Fear, Delay), each -1m on every test but Damage (5.1). */
export function hindranceTypes(m: ModelState): number {
  return (m.wounds > 0 ? 1 : 0) + (m.fear > 0 ? 1 : 0) + (m.delay > 0 ? 1 : 0);
}

/** Lowers toward 0, never below; a value already at or below 0 stays (3.1). */
export const reduced = (value: number, by: number): number => (value <= 0 ? value : Math.max(0, value - by));

/** burden = max(0, 1 + Laden - Physicality) (5.2). */
export function burden(m: ModelState): number {
  const { STR, SIZ } = m.profile.attributes;
  return Math.max(0, 1 + m.profile.laden - Math.max(STR, SIZ));
}

/** An attribute as the rules read it: MOV always, REF and CCA unless Attentive and Ordered, lose the burden (5.2). */
export function attribute(m: ModelState, name: Attribute): number {
  const base = m.profile.attributes[name];
  const load = burden(m);
  if (name === "MOV") return reduced(base, load);
  if ((name === "REF" || name === "CCA") && !steady(m)) return reduced(base, load);
  return base;
}

export const trait = (m: ModelState, name: string): number => traitLevel(m.profile.traits, name);

/** Cohesion range: min(floor(Visibility / 2), 4) hexes (3.7). */
export const cohesionRange = (state: SkirmishState): number => Math.min(Math.floor(state.visibility / 2), 4);
