/**
 * The odds a choice would give, computed by the bundled engine before anything is sent: a
 * unit's attack or support added to the Fight at a hex, as the server would resolve it now.
 * Part of the rules loaded at the first touch (engine-rules.ts): there is no choice before them.
 */
import type { LegalChoice } from "../../../worker/engine/ruleset";
import { withUnit } from "../../../worker/engine/warshard/legal";
import { fightOdds, supplyOf, unitById, type Column, type WarshardAction, type WarshardState } from "./engine";

export interface OddsPreview {
  attack: number;
  defence: number;
  baseColumn: Column;
  column: Column;
  attackerOutOfSupply: boolean;
  defenderOutOfSupply: boolean;
}

/** The Fight's odds with the action's unit added; null for actions that are not allocations. */
export function oddsWith(state: WarshardState, action: WarshardAction): OddsPreview | null {
  if (action.type !== "attack" && action.type !== "support") return null;
  const unit = unitById(state, action.unit);
  if (!unit) return null;
  const hex = action.type === "attack" ? action.target : action.fight;
  const role = action.type === "attack" ? "attacker" : state.phase === "defense" ? "defence" : "attack";
  return fightOdds(state, withUnit(state, hex, unit, role), supplyOf(state));
}

/** The odds each of `unit`'s allocations among `choices` would give: worked out once a render, read by the map's tags, the prompt and the unit's panel. */
export function unitOdds(state: WarshardState, unit: string | null, choices: readonly LegalChoice<WarshardAction>[]): Map<LegalChoice<WarshardAction>, OddsPreview> {
  const odds = new Map<LegalChoice<WarshardAction>, OddsPreview>();
  if (!unit) return odds;
  for (const c of choices) {
    if (!("unit" in c.action) || c.action.unit !== unit) continue;
    const o = oddsWith(state, c.action);
    if (o) odds.set(c, o);
  }
  return odds;
}
