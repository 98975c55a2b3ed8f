/**
 * The phase machine: 7 turns x 8 phases after the two setup phases. A phase ends when its player
 * sends end_phase, except that a phase with nothing legal to do when it begins is skipped at once.
 */
import type { MoscowError } from "./errors";
import type { MoscowEvent } from "./events";
import { ruleError } from "../ruleset";
import { anyAttack } from "./attacks";
import { moscowOwner } from "./cities";
import { isCombatPhase } from "./combat";
import { copyState } from "./copy";
import { isMud, sideName } from "./data";
import { anyUnitCanMove, isMovementPhase } from "./movement";
import { allowance, anyReplacement } from "./replacements";
import { LAST_TURN, phaseOwner, TURN_PHASES, type MoscowState, type Phase } from "./state";

type Step = { state: MoscowState; events: MoscowEvent[] };

/** Why the phase the state is in has nothing to do, or null when there is something. */
export function nothingToDo(state: MoscowState): string | null {
  const side = phaseOwner(state.phase);
  if (!side) return null;
  if (state.phase === "german_replacement" || state.phase === "soviet_replacement") {
    if (allowance(state, side) === 0) {
      return state.turn === 1 ? "no German replacements on turn 1" : `no ${sideName(side)} replacement on turn ${state.turn}`;
    }
    return anyReplacement(state, side) ? null : "no replacement can be used";
  }
  if (isMovementPhase(state.phase)) {
    if (anyUnitCanMove(state, side)) return null;
    return state.phase === "german_panzer_movement" ? "no panzer can move" : state.phase === "soviet_rail_movement" ? "no unit can move by rail" : "no unit can move";
  }
  if (isCombatPhase(state.phase)) return anyAttack(state, side) ? null : `no ${sideName(side)} unit is next to an enemy`;
  return null;
}

function following(turn: number, phase: Phase): { turn: number; phase: Phase } | null {
  if (phase === "soviet_setup") return { turn, phase: "german_setup" };
  if (phase === "german_setup") return { turn: 1, phase: TURN_PHASES[0]! };
  const k = TURN_PHASES.indexOf(phase);
  if (k < 0) return null;
  if (k < TURN_PHASES.length - 1) return { turn, phase: TURN_PHASES[k + 1]! };
  return turn < LAST_TURN ? { turn: turn + 1, phase: TURN_PHASES[0]! } : null;
}

/** Per-phase bookkeeping when a phase begins. */
function opened(state: MoscowState, turn: number, phase: Phase): MoscowState {
  const next = copyState(state);
  next.turn = turn;
  next.phase = phase;
  next.movedThisPhase = [];
  next.pendingBattles = [];
  next.battlesDeclared = false;
  next.pending = null;
  next.firstShockArmyAvailable = turn >= 4;
  if (phase === "german_replacement") next.germanReplacementUsed = allowance(next, "german") === 0;
  if (phase === "soviet_replacement") next.sovietReplacementsRemaining = allowance(next, "soviet");
  if (phase === "german_replacement" || phase === "soviet_replacement") {
    next.replacedThisTurn = [];
    next.citiesUsedThisTurn = [];
  }
  return next;
}

/** A copy of the state leaving its phase: no choice owed, unused replacements lost. */
function lapsed(state: MoscowState): MoscowState {
  const next = copyState(state);
  next.pending = null;
  if (next.phase === "german_replacement") next.germanReplacementUsed = true;
  if (next.phase === "soviet_replacement") next.sovietReplacementsRemaining = 0;
  return next;
}

/** Leaves the current phase (unused replacements are lost) and enters the next one that has something to do. */
export function advancePhase(state: MoscowState, events: MoscowEvent[]): MoscowState {
  let current = lapsed(state);
  for (;;) {
    const next = following(current.turn, current.phase);
    if (!next) return finish(current, events);
    current = opened(current, next.turn, next.phase);
    const skip = nothingToDo(current);
    if (skip === null) {
      events.push({ kind: "phase_started", turn: current.turn, phase: current.phase, mud: isMud(current.turn) });
      return current;
    }
    events.push({ kind: "phase_skipped", turn: current.turn, phase: current.phase, reason: skip });
    current = lapsed(current);
  }
}

/** If the scenario's opening phase has nothing to do, move on (used by setup). */
export function openingPhase(state: MoscowState, events: MoscowEvent[]): MoscowState {
  const opened1 = opened(state, state.turn, state.phase);
  if (nothingToDo(opened1) === null) return opened1;
  events.push({ kind: "phase_skipped", turn: opened1.turn, phase: opened1.phase, reason: nothingToDo(opened1) ?? "nothing to do" });
  return advancePhase(opened1, events);
}

function finish(state: MoscowState, events: MoscowEvent[]): MoscowState {
  const owner = moscowOwner(state);
  const name = owner === "german" ? "German" : "Soviet";
  const outcome = { result: "win" as const, winners: [owner], reason: "moscow", line: `The ${name} player holds Moscow after turn ${state.turn} and wins.` };
  events.push({ kind: "game_over", turn: state.turn, winners: [owner], reason: "moscow", moscow: owner });
  const next = copyState(state);
  next.phase = "game_over";
  next.pending = null;
  next.pendingBattles = [];
  next.battlesDeclared = false;
  next.movedThisPhase = [];
  next.germanReplacementUsed = true;
  next.sovietReplacementsRemaining = 0;
  next.outcome = outcome;
  return next;
}

export function applyEndPhase(state: MoscowState): Step | MoscowError {
  if (state.phase === "soviet_setup" || state.phase === "german_setup") {
    return ruleError("wrong_phase", "A setup phase ends with the setup action that places every unit", { phase: state.phase });
  }
  const open = state.pendingBattles.findIndex((b) => !b.resolved);
  if (open >= 0) {
    const b = state.pendingBattles[open]!;
    return ruleError("invalid_battle", `Battle ${open} (${b.attackers.join(", ")} against ${b.defender}) must be resolved before the phase ends`, {
      battleIndex: open,
      reason: "unresolved battle",
    });
  }
  const events: MoscowEvent[] = [];
  const next = advancePhase(state, events);
  return { state: next, events };
}
