/**
 * legal(): every action the seat to act may send now, each fire with its chance and each charge
 * with the fixed parts of its scores (musket.md 13); unitAnswer(): one unit's targets, which
 * legal(), unitOptions() and the computer read.
 *
 * Query keys for legal(): `unit=<id>` keeps the choices of that unit (its activation, or the
 * active unit's actions), `type=<action type>` keeps one kind of action.
 */
import type { Hex } from "../hex";
import type { Legal, LegalChoice, LegalQuery, Seat } from "../ruleset";
import { byId, cell, hexText, mpLeft, terrainDef, unitById } from "./board";
import { chargeBases, chargeChance, chargeTargets } from "./charge";
import { commandPercent } from "./command";
import { exitEdge } from "./exit";
import { fireChance, fireTargets } from "./fire";
import { moveTargets, type MoveTarget } from "./movement";
import { SEAT_OF, toAct, type MusketAction, type MusketState, type Unit } from "./state";
import { needsTerrainCheck } from "./terrain-check";

export interface MusketChoice extends LegalChoice<MusketAction> {
  /** activate: 1 in command, else 0.5 or 0.35 (5.3). */
  commandChance?: number;
  /** move */
  cost?: number;
  usesRoad?: boolean;
  /** fire: the hit chance (8.2) and the distance. */
  chance?: number;
  distance?: number;
  /** charge: each side adds a d6 to its base (9.2). */
  attackerBase?: number;
  defenderBase?: number;
  /** charge: the chance it is not repulsed. */
  winChance?: number;
}

export interface UnitAnswer {
  unit: string;
  active: boolean;
  mpLeft: number;
  needsTerrainCheck: boolean;
  moveTargets: MoveTarget[];
  fireTargets: { unit: string; chance: number; distance: number }[];
  chargeTargets: { unit: string; attackerBase: number; defenderBase: number }[];
  canExit: boolean;
}

/** The unit as it would stand at the start of an activation now. */
const fresh = (state: MusketState, u: Unit): Unit => ({ ...u, mpUsed: 0, fired: false, roadOk: terrainDef(state.map, u.hex).road });

/** 13 `?unit=<id>`: the active unit now, an own unactivated unit as if activated, anything else empty. */
export function unitAnswer(state: MusketState, seat: Seat, id: string): UnitAnswer {
  const found = unitById(state, id);
  const own = found !== undefined && SEAT_OF[found.side] === seat && toAct(state).includes(seat);
  const active = found !== undefined && state.activeUnit === found.id;
  const usable = own && (active || !found.activated);
  if (!found || !usable) {
    return { unit: id, active: false, mpLeft: 0, needsTerrainCheck: false, moveTargets: [], fireTargets: [], chargeTargets: [], canExit: false };
  }
  const u = active ? found : fresh(state, found);
  return {
    unit: id,
    active,
    mpLeft: mpLeft(u),
    needsTerrainCheck: needsTerrainCheck(state, u),
    moveTargets: moveTargets(state, u),
    fireTargets: fireTargets(state, u)
      .sort(byId)
      .map((t) => {
        const c = fireChance(state, u, t);
        return { unit: t.id, chance: c.percent / 100, distance: c.distance };
      }),
    chargeTargets: chargeTargets(state, u)
      .sort(byId)
      .map((t) => ({ unit: t.id, ...chargeBases(state, u, t) })),
    canExit: exitEdge(state, u) !== null,
  };
}

const activatable = (state: MusketState): Unit[] => state.units.filter((u) => u.side === state.activePlayer && !u.activated).sort(byId);

const pct = (p: number) => `${Math.round(p * 100)}%`;

export function actionChoices(state: MusketState, unit: Unit): MusketChoice[] {
  const a = unitAnswer(state, SEAT_OF[unit.side], unit.id);
  const from = cell(unit.hex);
  const at = (id: string): Hex => unitById(state, id)!.hex;
  const out: MusketChoice[] = [];
  for (const m of a.moveTargets) {
    out.push({ action: { type: "move", to: m.hex }, label: `${unit.id} to ${hexText(m.hex)}${m.usesRoad ? " by road" : ""}`, from, to: m.hex, cost: m.cost, usesRoad: m.usesRoad });
  }
  for (const f of a.fireTargets) {
    out.push({ action: { type: "fire", target: f.unit }, label: `${unit.id} fires at ${f.unit} (${pct(f.chance)})`, from, to: cell(at(f.unit)), chance: f.chance, distance: f.distance });
  }
  for (const c of a.chargeTargets) {
    const winChance = chargeChance(c.attackerBase, c.defenderBase);
    out.push({ action: { type: "charge", target: c.unit }, label: `${unit.id} charges ${c.unit} (${c.attackerBase}+d6 against ${c.defenderBase}+d6, ${pct(winChance)} to beat the defence)`, from, to: cell(at(c.unit)), attackerBase: c.attackerBase, defenderBase: c.defenderBase, winChance });
  }
  if (a.canExit) out.push({ action: { type: "exit" }, label: `${unit.id} leaves the map`, from });
  out.push({ action: { type: "end_activation" }, label: `end ${unit.id}'s activation`, from });
  return out;
}

export function legal(state: MusketState, seat: Seat, query: LegalQuery = {}): Legal<MusketAction> & { choices: MusketChoice[] } {
  if (!toAct(state).includes(seat)) return { choices: [] };
  let choices: MusketChoice[];
  if (state.activeUnit !== null) {
    choices = actionChoices(state, unitById(state, state.activeUnit)!);
  } else {
    choices = activatable(state).map((u) => {
      const chance = commandPercent(state, u) / 100;
      return { action: { type: "activate", unit: u.id }, label: `activate ${u.id}${chance < 1 ? ` (out of command: ${pct(chance)})` : ""}`, from: cell(u.hex), commandChance: chance };
    });
    choices.push({ action: { type: "end_turn" }, label: "end the player turn" });
  }
  const narrowedBy: string[] = [];
  if (query.unit !== undefined) {
    narrowedBy.push("unit");
    const keep = state.activeUnit === null ? (c: MusketChoice) => c.action.type === "activate" && c.action.unit === query.unit : () => state.activeUnit === query.unit;
    choices = choices.filter(keep);
  }
  if (query.type !== undefined) {
    narrowedBy.push("type");
    choices = choices.filter((c) => c.action.type === query.type);
  }
  return narrowedBy.length > 0 ? { choices, narrowedBy } : { choices };
}
