/**
 * Copy-on-write for states and units. A copy is one object literal with the keys in the order
 * the engine always writes them, so every state (and every unit) shares one hidden class in V8:
 * a spread mints new hidden classes and makes every later access to a state megamorphic. A state
 * or unit whose keys come in another order is copied by a spread instead, so its JSON keeps its
 * key order either way. Callers set fields on the fresh copy before handing it out; the state
 * they were given is never touched.
 */
import type { MoscowState, UnitState } from "./state";

const STATE_KEYS: readonly string[] = [
  "scenario",
  "options",
  "turn",
  "phase",
  "units",
  "city_control",
  "pending_battles",
  "battles_declared",
  "pending",
  "moved_this_phase",
  "german_replacement_used",
  "soviet_replacements_remaining",
  "first_shock_army_available",
  "replaced_this_turn",
  "cities_used_this_turn",
  "outcome",
];
const UNIT_KEYS: readonly string[] = ["id", "position", "strength"];

/** True when `o`'s own keys are exactly `keys`, in that order. */
function keysAre(o: object, keys: readonly string[]): boolean {
  let n = 0;
  for (const key in o) if (key !== keys[n++]) return false;
  return n === keys.length;
}

/** A fresh copy of `s` (same keys, same order) for the caller to change before handing it out. */
export function copyState(s: MoscowState): MoscowState {
  if (!keysAre(s, STATE_KEYS)) return { ...s };
  return {
    scenario: s.scenario,
    options: s.options,
    turn: s.turn,
    phase: s.phase,
    units: s.units,
    city_control: s.city_control,
    pending_battles: s.pending_battles,
    battles_declared: s.battles_declared,
    pending: s.pending,
    moved_this_phase: s.moved_this_phase,
    german_replacement_used: s.german_replacement_used,
    soviet_replacements_remaining: s.soviet_replacements_remaining,
    first_shock_army_available: s.first_shock_army_available,
    replaced_this_turn: s.replaced_this_turn,
    cities_used_this_turn: s.cities_used_this_turn,
    outcome: s.outcome,
  };
}

/** A fresh copy of one unit (same keys, same order). */
export function copyUnit(u: UnitState): UnitState {
  if (!keysAre(u, UNIT_KEYS)) return { ...u };
  return { id: u.id, position: u.position, strength: u.strength };
}
