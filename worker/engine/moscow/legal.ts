/** legal(): the enumerations of moscow.md for pages, bots and API clients. */
import type { LegalQuery, Seat } from "../ruleset";
import { toAct } from "./apply";
import { isCombatPhase, possibleAttacks } from "./combat";
import { hexOf, SETUP_HEXES, unitDef, type Side } from "./data";
import { cannotMove, isMovementPhase, validDestinations } from "./movement";
import { isReplacementPhase, replacementChoices } from "./replacements";
import { setupUnits } from "./setup";
import type { MoscowState } from "./state";

export function legal(state: MoscowState, seat: Seat, query?: LegalQuery): unknown {
  if (state.outcome) return { game_over: true, outcome: state.outcome };
  const side = seat as Side;
  if (!toAct(state).includes(side)) return { to_act: toAct(state), phase: state.phase };
  if (state.pending) return { pending: state.pending };
  if (state.phase === "soviet_setup" || state.phase === "german_setup") {
    return { units: setupUnits(side), setup_hexes: SETUP_HEXES[side].map(hexOf) };
  }
  if (isMovementPhase(state.phase)) {
    const id = query?.unit_id;
    if (id !== undefined) {
      const def = unitDef(id);
      if (!def) return { unit_id: id, valid_hexes: [], error: "unknown_unit" };
      const refusal = cannotMove(state, side, id);
      return refusal ? { unit_id: id, valid_hexes: [], reason: refusal.message } : { unit_id: id, valid_hexes: validDestinations(state, id) };
    }
    const units = state.units
      .filter((u) => unitDef(u.id)!.side === side && !cannotMove(state, side, u.id))
      .map((u) => ({ unit_id: u.id, valid_hexes: validDestinations(state, u.id) }))
      .filter((u) => u.valid_hexes.length > 0);
    return { units };
  }
  if (isCombatPhase(state.phase)) {
    if (!state.battles_declared) return { possible_attacks: possibleAttacks(state, side) };
    return {
      battles: state.pending_battles,
      unresolved: state.pending_battles.flatMap((b, i) => (b.resolved ? [] : [i])),
    };
  }
  if (isReplacementPhase(state.phase)) return replacementChoices(state, side);
  return {};
}
