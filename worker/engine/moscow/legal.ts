/** legal(): the enumerations of moscow.md for pages, bots and API clients. */
import type { Hex } from "../hex";
import type { LegalQuery, Seat } from "../ruleset";
import { toAct } from "./apply";
import { possibleAttacks } from "./attacks";
import { occupancy, positionIndex } from "./board";
import { isCombatPhase } from "./combat";
import { enemyOf, hexOf, SETUP_HEXES, unitDef, type Side } from "./data";
import { cannotMove, isMovementPhase, mayMove, validDestinations } from "./movement";
import { destinationsOf, moveMode } from "./reach";
import { isReplacementPhase, replacementChoices } from "./replacements";
import { setupUnits } from "./setup";
import type { MoscowState } from "./state";
import { zocOf } from "./zoc";

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
    const occ = occupancy(state);
    const zoc = zocOf(state, enemyOf(side));
    const mode = moveMode(state);
    const units: { unit_id: string; valid_hexes: Hex[] }[] = [];
    state.units.forEach((u, k) => {
      if (!mayMove(state, side, k)) return;
      const hexes = destinationsOf(k, positionIndex(u), mode, occ, zoc);
      if (hexes.length > 0) units.push({ unit_id: u.id, valid_hexes: hexes.map(hexOf) });
    });
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
