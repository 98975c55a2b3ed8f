/**
 * unitOptions(): what one of the seat's units could do (musket.md 13 `?unit=<id>`): the acting
 * unit's choices now, an unactivated unit's as if it were activated now (its reach, its fire
 * with the chance to hit, its charges), so a player sees them before spending the activation.
 */
import type { Seat, UnitOptions } from "../ruleset";
import { activationRefusal } from "./activation";
import { unitById } from "./board";
import { actionChoices, type MusketChoice } from "./legal";
import { SEAT_OF, toAct, type MusketAction, type MusketState } from "./state";

export interface MusketUnitOptions extends UnitOptions<MusketAction> {
  choices: MusketChoice[];
}

export function unitOptions(state: MusketState, seat: Seat, id: string): MusketUnitOptions | null {
  const unit = unitById(state, id);
  if (!unit || SEAT_OF[unit.side] !== seat || !toAct(state).includes(seat)) return null;
  const acting = state.activeUnit === unit.id;
  if (!acting && state.activeUnit !== null) {
    return { unit: id, acting, choices: [], reason: `${state.activeUnit} is acting: ${id} may be activated once that activation ends (5.2)` };
  }
  const refusal = acting ? null : activationRefusal(state, unit);
  if (refusal) return { unit: id, acting, choices: [], reason: `${refusal.message} (5.2)` };
  return { unit: id, acting, choices: actionChoices(state, unit) };
}
