/** apply(): game over, seat, shape, owed decision and phase checks, then the action's rules. */
import type { Applied, Seat } from "../ruleset";
import type { Rng } from "../rng";
import { applyAttack, applySupport } from "./allocation";
import { hexLabel, sameHex, unitById } from "./board";
import { retreatTo } from "./combat";
import { fail, hexDetails, type WarshardError } from "./errors";
import type { WarshardEvent } from "./events";
import { applyMove } from "./movement";
import { parseAction } from "./parse";
import { clearStacks } from "./stacking";
import { enter, proceed } from "./turns";
import { placeReplacement } from "./upkeep";
import { toAct, type Unit, type WarshardAction, type WarshardState } from "./state";

function copyLists(lists: Record<string, string[]>): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const side in lists) out[side] = lists[side]!.slice();
  return out;
}

/**
 * A working copy of what an action may change in place: the units' own fields, the fights' lists,
 * the resolution's and the upkeep's lists, the shattered lists and the control list. The rest
 * (the map, hexes, pending choices, the outcome) is only ever replaced, so it is shared.
 */
function copy(state: WarshardState): WarshardState {
  // one literal of the state's fields (a spread of the rest makes a slow object), in setup's order
  // with the map last, where the JSON copy this replaces put it, so a state's JSON keeps its key order
  return {
    scenario: state.scenario,
    sides: state.sides,
    turnLimit: state.turnLimit,
    turn: state.turn,
    activeSide: state.activeSide,
    phase: state.phase,
    units: state.units.map((u) => ({ ...u })),
    fights: state.fights.map((f) => ({ ...f, attackers: [...f.attackers], attackSupport: [...f.attackSupport], defenceSupport: [...f.defenceSupport] })),
    pending: state.pending,
    resolution: state.resolution && { ...state.resolution, retreats: [...state.resolution.retreats], doomed: [...state.resolution.doomed] },
    upkeep: state.upkeep && { ...state.upkeep, rolled: [...state.upkeep.rolled] },
    shattered: copyLists(state.shattered),
    replacementPoints: state.replacementPoints,
    control: [...state.control],
    outcome: state.outcome,
    map: state.map,
  };
}

const PHASE_OF: Readonly<Record<string, readonly string[]>> = {
  move: ["movement"],
  end_movement: ["movement"],
  attack: ["attack"],
  end_attacks: ["attack"],
  support: ["support", "defense"],
  end_support: ["support", "defense"],
};

const ANSWERS: Readonly<Record<string, readonly string[]>> = {
  retreat: ["retreat"],
  advance: ["advance", "no_advance"],
  place_replacement: ["place_replacement"],
};

function ownUnit(state: WarshardState, seat: Seat, id: string): Unit | WarshardError {
  const unit = unitById(state, id);
  if (!unit || unit.status !== "map") return fail("unknown_unit", `There is no unit ${JSON.stringify(id)} on the map`, { unit: id });
  if (unit.side !== seat) return fail("not_your_unit", `${id} belongs to ${unit.side}`, { unit: id });
  return unit;
}

/** Checks a decision's answer against pending.options (6, 14: illegal_choice). */
function checkAnswer(state: WarshardState, action: WarshardAction): WarshardError | null {
  const pending = state.pending!;
  const illegal = (message: string, details: Record<string, unknown> = {}) => fail("illegal_choice", message, details);
  switch (action.type) {
    case "retreat":
      if (pending.kind !== "retreat") break;
      if (action.unit !== pending.unit) return illegal(`The retreat owed is ${pending.unit}'s, not ${action.unit}'s`, { unit: action.unit });
      if (!pending.options.some((h) => sameHex(h, action.to))) {
        return illegal(`${pending.unit} cannot retreat to ${hexLabel(action.to)}; options: ${pending.options.map(hexLabel).join(", ")}`, { unit: action.unit, reason: "not_an_option", ...hexDetails(action.to) });
      }
      return null;
    case "advance":
    case "no_advance":
      if (pending.kind !== "advance") break;
      if (!sameHex(action.fight, pending.fight)) return illegal(`The advance owed is for the Fight at ${hexLabel(pending.fight)}`, hexDetails(action.fight));
      if (action.type === "advance" && !pending.options.includes(action.unit)) {
        return illegal(`${action.unit} may not advance into ${hexLabel(pending.fight)}; options: ${pending.options.join(", ")}`, { unit: action.unit });
      }
      return null;
    case "place_replacement":
      if (pending.kind !== "place_replacement") break;
      if (action.unit !== pending.unit) return illegal(`The placement owed is ${pending.unit}'s, not ${action.unit}'s`, { unit: action.unit });
      if (!pending.options.some((h) => sameHex(h, action.hex))) {
        return illegal(`${pending.unit} cannot be placed at ${hexLabel(action.hex)}; options: ${pending.options.map(hexLabel).join(", ")}`, { unit: action.unit, ...hexDetails(action.hex) });
      }
      return null;
  }
  return illegal("That answers another decision");
}

function answer(state: WarshardState, action: WarshardAction, events: WarshardEvent[], rng: Rng): void {
  const pending = state.pending!;
  state.pending = null;
  if (action.type === "retreat") {
    retreatTo(unitById(state, action.unit)!, action.to, pending.side, events);
    state.resolution!.retreats.shift();
  } else if (action.type === "advance") {
    const unit = unitById(state, action.unit)!;
    events.push({ kind: "advanced", fight: action.fight, unit: unit.id, from: unit.hex!, to: action.fight });
    unit.hex = action.fight;
  } else if (action.type === "no_advance") {
    events.push({ kind: "advance_declined", fight: action.fight });
  } else if (action.type === "place_replacement") {
    placeReplacement(unitById(state, action.unit)!, action.hex, events);
  }
  proceed(state, events, rng);
}

export function apply(state: WarshardState, seat: Seat, raw: unknown, rng: Rng): Applied<WarshardState, WarshardEvent> | WarshardError {
  if (state.outcome) return fail("game_ended", `The game is over: ${state.outcome.line}`, { outcome: state.outcome });
  const acting = toAct(state);
  if (!acting.includes(seat)) return fail("not_your_turn", `It is ${acting.join(", ")}'s move, not ${JSON.stringify(seat)}'s (${state.phase} phase)`, { seat, toAct: acting, phase: state.phase });
  const action = parseAction(raw);
  if ("ok" in action) return action;
  const isAnswer = Object.values(ANSWERS).some((types) => types.includes(action.type));
  if (state.pending) {
    if (!isAnswer || !ANSWERS[state.pending.kind]!.includes(action.type)) {
      return fail("choice_pending", `A ${state.pending.kind} decision is owed first`, { pending: state.pending });
    }
    const refused = checkAnswer(state, action);
    if (refused) return refused;
    const next = copy(state);
    const events: WarshardEvent[] = [];
    answer(next, action, events, rng);
    return { ok: true, state: next, events };
  }
  if (isAnswer || !PHASE_OF[action.type]!.includes(state.phase)) {
    return fail("wrong_phase", `${action.type} is not possible in the ${state.phase} phase`, { phase: state.phase, type: action.type });
  }
  const next = copy(state);
  const events: WarshardEvent[] = [];
  const refused = isUnitAction(action) ? unitAction(next, seat, action, events) : endPhase(next, action, events, rng);
  return refused ?? { ok: true, state: next, events };
}

type UnitAction = Extract<WarshardAction, { type: "move" | "attack" | "support" }>;
const isUnitAction = (a: WarshardAction): a is UnitAction => a.type === "move" || a.type === "attack" || a.type === "support";

function unitAction(next: WarshardState, seat: Seat, action: UnitAction, events: WarshardEvent[]): WarshardError | null {
  const unit = ownUnit(next, seat, action.unit);
  if ("ok" in unit) return unit;
  switch (action.type) {
    case "move":
      return applyMove(next, unit, action.path, events);
    case "attack":
      return applyAttack(next, unit, action.target, events);
    case "support":
      return applySupport(next, unit, action.fight, events);
  }
}

function endPhase(next: WarshardState, action: WarshardAction, events: WarshardEvent[], rng: Rng): null {
  switch (action.type) {
    case "end_movement":
      // unused points are lost at the end of the phase (5.1): zeroed so later reach() lists nothing
      for (const u of next.units) if (u.side === next.activeSide) u.mobilityLeft = 0;
      clearStacks(next, events, rng);
      enter(next, "attack", events, rng);
      break;
    case "end_attacks":
      enter(next, "support", events, rng);
      break;
    case "end_support":
      enter(next, next.phase === "support" ? "defense" : "resolution", events, rng);
      break;
  }
  return null;
}
