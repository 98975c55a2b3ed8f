/** apply(): seat and phase checks, then the action's own rules. Errors are values; nothing is mutated. */
import type { MoscowError } from "./errors";
import type { MoscowEvent } from "./events";
import type { Rng } from "../rng";
import { ruleError, type Applied, type Seat } from "../ruleset";
import { applyChoice, applyDeclare, applyResolve, applyResolveAll, isCombatPhase } from "./combat";
import { sideName, type Side } from "./data";
import { applyMove, isMovementPhase } from "./movement";
import { parseAction } from "./parse";
import { applyEndPhase } from "./phases";
import { applyPlace, applyRestore, isReplacementPhase } from "./replacements";
import { applySetup } from "./setup";
import { sideToAct, type MoscowState } from "./state";
import { phaseText } from "./phase-names";

export const SEATS: readonly Side[] = ["german", "soviet"];


function done(r: { state: MoscowState; events: MoscowEvent[] } | MoscowError): Applied<MoscowState, MoscowEvent> | MoscowError {
  return "ok" in r ? r : { ok: true, state: r.state, events: r.events };
}

const OWED: Readonly<Record<string, string>> = { losses: "choose_losses", retreat: "retreat", advance: "advance" };

function wrongPhase(state: MoscowState, what: string): MoscowError {
  return ruleError("wrong_phase", `${what} is not possible in the ${phaseText(state.phase)} phase`, { phase: state.phase });
}

export function apply(state: MoscowState, seat: Seat, raw: unknown, rng: Rng): Applied<MoscowState, MoscowEvent> | MoscowError {
  if (state.outcome) return ruleError("game_ended", "The game is over", { outcome: state.outcome });
  if (!SEATS.includes(seat as Side)) return ruleError("not_your_turn", `There is no seat "${seat}" in Battle for Moscow (german, soviet)`, { seat });
  const side = seat as Side;
  if (sideToAct(state) !== side) {
    return ruleError("not_your_turn", `It is not the ${sideName(side)} player's turn: ${phaseText(state.phase)} phase`, { seat, phase: state.phase });
  }
  const action = parseAction(raw);
  if ("ok" in action) return action;
  const pending = state.pending;
  const choice = action.type === "choose_losses" || action.type === "retreat" || action.type === "advance";
  if (pending) {
    const owed = OWED[pending.kind];
    if (action.type !== owed) {
      return ruleError("choice_pending", `Battle ${pending.battleIndex} is waiting for a ${owed} choice first`, { pending });
    }
  } else if (choice) {
    return ruleError("invalid_choice", `No ${action.type} choice is owed now`, { reason: "nothing pending" });
  }
  switch (action.type) {
    case "setup":
      if (state.phase !== `${side}_setup`) return wrongPhase(state, "Setting up");
      return done(applySetup(state, side, action.placements));
    case "move":
      if (!isMovementPhase(state.phase)) return wrongPhase(state, "Moving");
      return done(applyMove(state, side, action.unitId, action.to));
    case "declare_battles":
      if (!isCombatPhase(state.phase)) return wrongPhase(state, "Declaring battles");
      return done(applyDeclare(state, side, action.battles));
    case "resolve_battle":
      if (!isCombatPhase(state.phase)) return wrongPhase(state, "Resolving a battle");
      return done(applyResolve(state, action.battleIndex, rng));
    case "resolve_all_battles":
      if (!isCombatPhase(state.phase)) return wrongPhase(state, "Resolving the battles");
      return done(applyResolveAll(state, rng));
    case "choose_losses":
    case "retreat":
    case "advance":
      return done(applyChoice(state, action));
    case "replacement":
      if (!isReplacementPhase(state.phase)) return wrongPhase(state, "Taking a replacement");
      return done(action.action === "restore" ? applyRestore(state, side, action.unitId) : applyPlace(state, side, action.unitId, action.hex));
    case "end_phase":
      return done(applyEndPhase(state));
  }
}
