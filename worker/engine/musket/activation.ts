/** Activations (musket.md 5.2-5.3): activate with its command check, and the end of an activation. */
import type { Rng } from "../rng";
import { ruleError } from "../ruleset";
import { terrainDef, unitById } from "./board";
import { commandPercent } from "./command";
import type { MusketError } from "./errors";
import type { EndReason, MusketEvent } from "./events";
import type { MusketState, Unit } from "./state";

/** Ends the active unit's activation on the draft (the unit may be gone: eliminated or exited). */
export function endActivation(state: MusketState, unitId: string, reason: EndReason): MusketEvent {
  const unit = unitById(state, unitId);
  if (unit) Object.assign(unit, { activated: true, mpUsed: 0, fired: false, roadOk: false });
  state.activeUnit = null;
  state.step = "awaiting_activation";
  return { kind: "activation_ended", unit: unitId, reason };
}

export function activationRefusal(state: MusketState, unit: Unit): MusketError | null {
  if (unit.side !== state.activePlayer) return ruleError("illegal_activation", `${unit.id} is the opponent's unit`, { unit: unit.id, hex: unit.hex, reason: "opponent_unit" });
  if (unit.activated) return ruleError("illegal_activation", `${unit.id} has already been activated this turn`, { unit: unit.id, hex: unit.hex, reason: "already_activated" });
  return null;
}

export function activate(state: MusketState, unit: Unit, rng: Rng): MusketEvent[] {
  const percent = commandPercent(state, unit);
  const inCommand = percent === 100;
  const u = inCommand ? null : rng.float();
  const passed = u === null || u < percent / 100;
  const events: MusketEvent[] = [{ kind: "activated", unit: unit.id, side: unit.side, inCommand, chance: percent / 100, u, passed }];
  state.activeUnit = unit.id;
  Object.assign(unit, { mpUsed: 0, fired: false, roadOk: terrainDef(state.map, unit.hex).road });
  if (passed) state.step = "action";
  else events.push(endActivation(state, unit.id, "command_failed"));
  return events;
}

