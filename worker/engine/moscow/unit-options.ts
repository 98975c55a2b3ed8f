/**
 * unitOptions(): in a movement phase, where one of the side's units may go now, or the rule
 * that keeps it where it is (moscow.md: movement). Units act one by one only there: battles,
 * replacements and the setup are legal()'s choices as they stand.
 */
import type { Seat, UnitOptions } from "../ruleset";
import { toAct } from "./state";
import { unitDef, type Side } from "./data";
import { legal } from "./legal";
import { cannotMove, isMovementPhase } from "./movement";
import type { MoscowAction, MoscowState } from "./state";

export function unitOptions(state: MoscowState, seat: Seat, unit: string): UnitOptions<MoscowAction> | null {
  const side = seat as Side;
  if (unitDef(unit)?.side !== side || !toAct(state).includes(side) || state.pending || !isMovementPhase(state.phase)) return null;
  const refusal = cannotMove(state, side, unit);
  if (refusal) return { unit, acting: true, choices: [], reason: refusal.message };
  return { unit, acting: true, choices: legal(state, seat, { unit }).choices };
}
