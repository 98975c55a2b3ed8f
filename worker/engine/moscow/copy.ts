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
  "cityControl",
  "pendingBattles",
  "battlesDeclared",
  "pending",
  "movedThisPhase",
  "germanReplacementUsed",
  "sovietReplacementsRemaining",
  "firstShockArmyAvailable",
  "replacedThisTurn",
  "citiesUsedThisTurn",
  "outcome",
];
const UNIT_KEYS: readonly string[] = ["id", "position", "strength"];

/** True when `o`'s own keys are exactly `keys`, in that order. */
function keysAre(o: object, keys: readonly string[]): boolean {
  let n = 0;
  for (const key in o) if (key !== keys[n++]) return false;
  return n === keys.length;
}

/** The last copy made here: its keys are known to be in order (callers only set the fields it has). */
let lastCopy: MoscowState | null = null;

/** A fresh copy of `s` (same keys, same order) for the caller to change before handing it out. */
export function copyState(s: MoscowState): MoscowState {
  // an action's working copies are copies of copies: the last one needs no check of its keys
  if (s !== lastCopy && !keysAre(s, STATE_KEYS)) return { ...s };
  return (lastCopy = {
    scenario: s.scenario,
    options: s.options,
    turn: s.turn,
    phase: s.phase,
    units: s.units,
    cityControl: s.cityControl,
    pendingBattles: s.pendingBattles,
    battlesDeclared: s.battlesDeclared,
    pending: s.pending,
    movedThisPhase: s.movedThisPhase,
    germanReplacementUsed: s.germanReplacementUsed,
    sovietReplacementsRemaining: s.sovietReplacementsRemaining,
    firstShockArmyAvailable: s.firstShockArmyAvailable,
    replacedThisTurn: s.replacedThisTurn,
    citiesUsedThisTurn: s.citiesUsedThisTurn,
    outcome: s.outcome,
  });
}

/** A fresh copy of one unit (same keys, same order). */
export function copyUnit(u: UnitState): UnitState {
  if (!keysAre(u, UNIT_KEYS)) return { ...u };
  return { id: u.id, position: u.position, strength: u.strength };
}
