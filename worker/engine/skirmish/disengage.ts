/**
 * The Disengage test (skirmish.md 8.3): REF against the opponent's CCA, +1b to the active
 * model, the opponent's melee accuracy, Hindrance and Outnumber; nothing else of 10.2.
 */
import type { TestSpec } from "./dice";
import { weaponOf } from "./data/catalog";
import { accuracy, hindrance, outnumber } from "./closeCombat";
import { attribute, enemiesInPlay, adjacent, ordered } from "./status";
import type { ModelState, SkirmishState } from "./state";

/** The In-Play Ordered adjacent enemy with the highest CCA (ties: assembly order); null: automatic pass (decision: CCA after Laden). */
export function disengageOpponent(state: SkirmishState, m: ModelState): ModelState | null {
  let best: ModelState | null = null;
  for (const e of enemiesInPlay(state, m)) if (adjacent(m, e) && ordered(e) && (best === null || attribute(e, "CCA") > attribute(best, "CCA"))) best = e;
  return best;
}

export const closeAccuracyFor = (m: ModelState) => weaponOf(m.profile.melee)!.acc;

export function disengageSpec(state: SkirmishState, m: ModelState, opponent: ModelState): TestSpec {
  return {
    test: "disengage",
    dr: 0,
    active: { model: m.id, attr: "REF", value: attribute(m, "REF") },
    passive: { model: opponent.id, attr: "CCA", value: attribute(opponent, "CCA") },
    modifiers: [
      { name: "Disengage", side: "active", dice: "+1b" },
      ...accuracy(opponent.profile.melee, closeAccuracyFor(opponent), "passive"),
      ...hindrance(m, "active"),
      ...hindrance(opponent, "passive"),
      ...outnumber(state, m, opponent),
    ],
  };
}
