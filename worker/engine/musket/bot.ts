/** The computer player (musket.md 16): fixed rules and tie-breaks, no draws. */
import { DIRECTIONS, distance, type Hex } from "../hex";
import type { Seat } from "../ruleset";
import { byId, edgeHexes, unitAt, unitById } from "./board";
import { chargeBases, chargeTargets } from "./charge";
import { exitEdge } from "./exit";
import { fireChance, fireTargets } from "./fire";
import { moveTargets } from "./movement";
import { SEAT_OF, toAct, type Edge, type MapSpec, type MusketAction, type MusketState, type Unit } from "./state";

// a map's edges never change: their hexes worked out once a map and edge
const edgeGoals = new WeakMap<MapSpec, Map<Edge, readonly Hex[]>>();

function edgeHexesOnce(map: MapSpec, edge: Edge): readonly Hex[] {
  let byEdge = edgeGoals.get(map);
  if (!byEdge) edgeGoals.set(map, (byEdge = new Map()));
  let hexes = byEdge.get(edge);
  if (!hexes) byEdge.set(edge, (hexes = edgeHexes(map, edge)));
  return hexes;
}

/** 16 rule 5: objectives not held by another friendly unit, exit edges, and every enemy. */
function goals(state: MusketState, unit: Unit): Hex[] {
  const out: Hex[] = [];
  for (const c of state.victory[String(unit.side) as "0" | "1"]) {
    if (c.kind === "control_hexes" || c.kind === "hold_hexes") {
      for (const h of c.hexes) {
        const there = unitAt(state, h);
        if (!there || there.side !== unit.side || there.id === unit.id) out.push(h);
      }
    }
    if (c.kind === "exit_units") for (const h of edgeHexesOnce(state.map, c.edge)) out.push(h);
  }
  for (const e of state.units) if (e.side !== unit.side) out.push(e.hex);
  return out;
}

function nearest(h: Hex, targets: readonly Hex[]): number {
  let best = Infinity;
  for (const g of targets) best = Math.min(best, distance(h, g));
  return best;
}

/**
 * The active unit's action, from what unitAnswer (legal.ts) would list for it, worked out only
 * as far as the choice needs: exit, else the best shot, else a charge with an edge, else a step
 * closer to a goal. Ties are broken as by sorting the whole list.
 */
function actionFor(state: MusketState, unit: Unit): MusketAction {
  if (unit.fired || unit.mpUsed > 0) return { type: "end_activation" };
  // unitAnswer's empty answer for a unit the seat to act may not use: nothing but the end
  const seat = SEAT_OF[state.activePlayer];
  if (SEAT_OF[unit.side] !== seat || !toAct(state).includes(seat)) return { type: "end_activation" };
  if (exitEdge(state, unit) !== null) return { type: "exit" };
  let fire: { unit: string; chance: number; distance: number } | null = null;
  for (const t of fireTargets(state, unit)) {
    const c = fireChance(state, unit, t);
    const shot = { unit: t.id, chance: c.percent / 100, distance: c.distance };
    if (fire === null || shot.chance - fire.chance > 0 || (shot.chance === fire.chance && (shot.distance < fire.distance || (shot.distance === fire.distance && shot.unit < fire.unit)))) fire = shot;
  }
  if (fire) return { type: "fire", target: fire.unit };
  let charge: { id: string; edge: number; sp: number } | null = null;
  for (const t of chargeTargets(state, unit)) {
    const bases = chargeBases(state, unit, t);
    const c = { id: t.id, edge: bases.attackerBase - bases.defenderBase, sp: unitById(state, t.id)!.sp };
    if (charge === null || c.edge > charge.edge || (c.edge === charge.edge && (c.sp < charge.sp || (c.sp === charge.sp && c.id < charge.id)))) charge = c;
  }
  if (charge && charge.edge >= 1) return { type: "charge", target: charge.id };
  const targets = goals(state, unit);
  const here = nearest(unit.hex, targets);
  const steps = moveTargets(state, unit).filter((m) => m.cost === 1);
  let best: { hex: Hex; d: number } | null = null;
  for (const [dq, dr] of DIRECTIONS) {
    const h: Hex = [unit.hex[0] + dq, unit.hex[1] + dr];
    if (!steps.some((m) => m.hex[0] === h[0] && m.hex[1] === h[1])) continue;
    const d = nearest(h, targets);
    if (d < here && (best === null || d < best.d)) best = { hex: h, d };
  }
  if (best) return { type: "move", to: [best.hex[0], best.hex[1]] };
  return { type: "end_activation" };
}

export function bot(state: MusketState, _seat: Seat): MusketAction {
  if (state.activeUnit !== null) return actionFor(state, unitById(state, state.activeUnit)!);
  const next = state.units.filter((u) => u.side === state.activePlayer && !u.activated).sort(byId)[0];
  return next ? { type: "activate", unit: next.id } : { type: "end_turn" };
}
