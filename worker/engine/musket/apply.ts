/** apply(): the order of refusals of musket.md 14, then each action of 5.2 on a draft of the state. */
import { hexKey } from "../hex";
import type { Rng } from "../rng";
import { ruleError, type Applied, type Seat } from "../ruleset";
import { activate, activationRefusal, endActivation } from "./activation";
import { hexText, mpLeft, onBoard, terrainAt, unitAt, unitById } from "./board";
import { chargeRefusal, resolveCharge } from "./charge";
import { canEnter, UNIT_DEFS } from "./data";
import { draftOf } from "./draft";
import type { MusketError } from "./errors";
import type { MusketEvent } from "./events";
import { exitEdge, exitMap } from "./exit";
import { fireRefusal, resolveFire } from "./fire";
import { keepsRoad, moveBlocked, moveTargets } from "./movement";
import { parseAction } from "./parse";
import { SEAT_OF, otherSide, sideOfSeat, type Cell, type MusketAction, type MusketState, type Unit } from "./state";
import { terrainCheck } from "./terrain-check";
import { endOfTurnCheck } from "./victory";

type Result = Applied<MusketState, MusketEvent> | MusketError;
const done = (state: MusketState, events: MusketEvent[]): Result => ({ ok: true, state, events });

function moveRefusal(state: MusketState, unit: Unit, to: Cell): MusketError | null {
  const refuse = (reason: string, why: string) => ruleError("illegal_move", `${unit.id} cannot move to ${hexText(to)}: ${why}`, { unit: unit.id, hex: to, reason });
  if (!onBoard(state.map, to)) return refuse("off_board", "it is off the board");
  if (moveBlocked(unit)) return refuse("has_fired", "it has fired this activation");
  if (!canEnter(unit.type, terrainAt(state.map, to))) return refuse("terrain", `${UNIT_DEFS[unit.type].name} cannot enter ${terrainAt(state.map, to)}`);
  if (unitAt(state, to)) return refuse("occupied", "another unit stands there");
  if (mpLeft(unit) === 0 && !unit.roadOk) return refuse("no_mp", "it has no movement points left");
  return refuse("out_of_reach", "it is out of reach this activation");
}

function applyMove(state: MusketState, unit: Unit, to: Cell, rng: Rng): Result {
  const target = moveTargets(state, unit).find((t) => hexKey(t.hex) === hexKey(to));
  if (!target) return moveRefusal(state, unit, to)!;
  const draft = draftOf(state);
  const mover = unitById(draft, unit.id)!;
  const events: MusketEvent[] = [];
  const check = terrainCheck(draft, mover, rng);
  if (check) events.push(check);
  if (check && !check.passed) {
    Object.assign(mover, { mpUsed: UNIT_DEFS[mover.type].movement, roadOk: false });
    events.push({ kind: "moved", unit: mover.id, from: mover.hex, to: mover.hex, cost: 0, usesRoad: false, moved: false });
    return done(draft, events);
  }
  const from = mover.hex;
  const road = keepsRoad(draft, mover, target);
  Object.assign(mover, { hex: target.hex, mpUsed: mover.mpUsed + target.cost, roadOk: road });
  events.push({ kind: "moved", unit: mover.id, from, to: target.hex, cost: target.cost, usesRoad: target.usesRoad, moved: true });
  return done(draft, events);
}

const REFUSAL_TEXT: Record<string, string> = {
  own_unit: "it is a friendly unit",
  not_on_map: "it is not on the map",
  cannot_fire: "this unit never fires",
  cannot_charge: "this unit may not charge it",
  has_fired: "it has already fired this activation",
  has_moved: "it has already moved this activation",
  out_of_range: "it is out of range",
  no_los: "there is no line of sight",
  unreachable: "it cannot be reached with the movement points left",
  terrain: "the unit cannot enter its hex",
};

function targetError(verb: string, unit: Unit, targetId: string, target: Unit | undefined, reason: string): MusketError {
  return ruleError("illegal_target", `${unit.id} cannot ${verb} ${targetId}: ${REFUSAL_TEXT[reason] ?? reason}`, { unit: unit.id, target: targetId, hex: target?.hex ?? null, reason });
}

function applyEndTurn(state: MusketState): Result {
  const draft = draftOf(state);
  const events: MusketEvent[] = [{ kind: "player_turn_ended", turn: draft.turn, side: draft.activePlayer }];
  if (draft.activePlayer === draft.firstPlayer) {
    draft.activePlayer = otherSide(draft.firstPlayer);
    events.push({ kind: "player_turn_started", turn: draft.turn, side: draft.activePlayer });
    return done(draft, events);
  }
  events.push(...endOfTurnCheck(draft));
  if (draft.outcome) return done(draft, events);
  draft.turn += 1;
  draft.activePlayer = draft.firstPlayer;
  for (const u of draft.units) u.activated = false;
  events.push({ kind: "player_turn_started", turn: draft.turn, side: draft.activePlayer });
  return done(draft, events);
}

const knownUnit = (state: MusketState, id: string): boolean => [...state.units, ...state.eliminated, ...state.exited].some((u) => u.id === id);

function unknown(id: string): MusketError {
  return ruleError("unknown_unit", `There is no unit ${JSON.stringify(id)} in this game`, { unit: id, reason: "not_found" });
}

export function apply(state: MusketState, seat: Seat, raw: unknown, rng: Rng): Result {
  if (state.outcome) return ruleError("game_ended", "The game is over: no more actions are accepted", { reason: "game_over" });
  const side = sideOfSeat(seat);
  if (side !== state.activePlayer) return ruleError("not_your_turn", `It is ${SEAT_OF[state.activePlayer]}'s turn, not ${JSON.stringify(seat)}'s`, { seat, reason: "not_to_act" });
  const action: MusketAction | MusketError = parseAction(raw);
  if ("ok" in action) return action;
  const activeId = state.activeUnit;
  const wrongPhase = (why: string) => ruleError("wrong_phase", why, { step: state.step, activeUnit: activeId, reason: state.step });
  if (action.type === "activate" || action.type === "end_turn") {
    if (activeId !== null) return wrongPhase(`${activeId} is still active: end its activation first`);
    if (action.type === "end_turn") return applyEndTurn(state);
    const unit = unitById(state, action.unit);
    if (!unit) {
      if (!knownUnit(state, action.unit)) return unknown(action.unit);
      return ruleError("illegal_activation", `${action.unit} is no longer on the map`, { unit: action.unit, reason: "not_on_map" });
    }
    const refused = activationRefusal(state, unit);
    if (refused) return refused;
    const draft = draftOf(state);
    return done(draft, activate(draft, unitById(draft, unit.id)!, rng));
  }
  if (activeId === null) return wrongPhase(`No unit is active: activate one first`);
  const unit = unitById(state, activeId)!;
  switch (action.type) {
    case "end_activation": {
      const draft = draftOf(state);
      return done(draft, [endActivation(draft, activeId, "end_activation")]);
    }
    case "move":
      return applyMove(state, unit, action.to, rng);
    case "fire":
    case "charge": {
      if (!knownUnit(state, action.target)) return unknown(action.target);
      const target = unitById(state, action.target);
      const refusal = action.type === "fire" ? fireRefusal(state, unit, target) : chargeRefusal(state, unit, target);
      if (refusal) return targetError(action.type === "fire" ? "fire at" : "charge", unit, action.target, target, refusal);
      const draft = draftOf(state);
      const [a, d] = [unitById(draft, unit.id)!, unitById(draft, action.target)!];
      if (action.type === "fire") return done(draft, resolveFire(draft, a, d, rng));
      const charged = resolveCharge(draft, a, d, rng);
      return done(draft, [...charged.events, endActivation(draft, activeId, charged.aborted ? "terrain_check_failed" : "charge")]);
    }
    case "exit": {
      const edge = exitEdge(state, unit);
      if (!edge) return ruleError("illegal_move", `${unit.id} cannot leave the map from ${hexText(unit.hex)}`, { unit: unit.id, hex: unit.hex, reason: "cannot_exit" });
      const draft = draftOf(state);
      const leaving = unitById(draft, unit.id)!;
      const check = terrainCheck(draft, leaving, rng);
      if (check && !check.passed) return done(draft, [check, endActivation(draft, activeId, "terrain_check_failed")]);
      return done(draft, [...(check ? [check] : []), exitMap(draft, leaving, edge), endActivation(draft, activeId, "exit")]);
    }
  }
}
