/** The computer player (musket.md 16): fixed rules and tie-breaks, no draws. */
import { DIRECTIONS, distance, hexKey, type Hex } from "../hex";
import type { Seat } from "../ruleset";
import { byId, edgeHexes, unitAt, unitById } from "./board";
import { unitAnswer } from "./legal";
import { SEAT_OF, type MusketAction, type MusketState, type Unit } from "./state";

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
    if (c.kind === "exit_units") out.push(...edgeHexes(state.map, c.edge));
  }
  for (const e of state.units) if (e.side !== unit.side) out.push(e.hex);
  return out;
}

const nearest = (h: Hex, targets: readonly Hex[]): number => targets.reduce((best, g) => Math.min(best, distance(h, g)), Infinity);

function actionFor(state: MusketState, unit: Unit): MusketAction {
  if (unit.fired || unit.mpUsed > 0) return { type: "end_activation" };
  const a = unitAnswer(state, SEAT_OF[state.activePlayer], unit.id);
  if (a.canExit) return { type: "exit" };
  const fire = [...a.fireTargets].sort((x, y) => y.chance - x.chance || x.distance - y.distance || (x.unit < y.unit ? -1 : 1))[0];
  if (fire) return { type: "fire", target: fire.unit };
  const charges = a.chargeTargets
    .map((c) => ({ id: c.unit, edge: c.attackerBase - c.defenderBase, sp: unitById(state, c.unit)!.sp }))
    .sort((x, y) => y.edge - x.edge || x.sp - y.sp || (x.id < y.id ? -1 : 1));
  const charge = charges[0];
  if (charge && charge.edge >= 1) return { type: "charge", target: charge.id };
  const targets = goals(state, unit);
  const here = nearest(unit.hex, targets);
  const steps = new Set(a.moveTargets.filter((m) => m.cost === 1).map((m) => hexKey(m.hex)));
  let best: { hex: Hex; d: number } | null = null;
  for (const [dq, dr] of DIRECTIONS) {
    const h: Hex = [unit.hex[0] + dq, unit.hex[1] + dr];
    if (!steps.has(hexKey(h))) continue;
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
