/**
 * The computer player (skirmish.md 19): deterministic, fixed tie-breaks, every choice one that
 * `legal` lists (found by the same checks), never pushes, draws nothing.
 */
import { distance, type Hex } from "../hex";
import type { Seat } from "../ruleset";
import type { SkirmishAction } from "./actions";
import { offsetOf, terrainAt, TERRAIN_RULES, zoneHexes } from "./board";
import { reloadCheck } from "./activation";
import { canShootAt, closeCheck, mayShoot } from "./attacks";
import { nearestEnemyDistance, requirement } from "./compulsory";
import { moveReach } from "./movement";
import { enemiesInPlay, engaged, inPlay } from "./status";
import { sideModels, sideOfSeat, type ModelState, type SkirmishState } from "./state";
import { unplaced } from "./deployment";

/** Rows from the front backward (melee) or from the rear forward (ranged); centre columns outward. */
function deploymentOrder(state: SkirmishState, m: ModelState): Hex[] {
  const { rows, cols } = state.board;
  const centre = (cols - 1) / 2;
  const frontFirst = m.profile.ranged === null;
  const rank = (h: Hex) => {
    const { col, row } = offsetOf(h);
    const front = m.side === 0 ? rows - 1 - row : row;
    // front = distance from the own edge: larger is nearer the midline
    return [frontFirst ? -front : front, Math.abs(col - centre), col] as const;
  };
  return zoneHexes(state, m.side).sort((a, b) => {
    const ra = rank(a);
    const rb = rank(b);
    return ra[0] - rb[0] || ra[1] - rb[1] || ra[2] - rb[2];
  });
}

function nearestEnemy(state: SkirmishState, m: ModelState): ModelState | null {
  let best: ModelState | null = null;
  for (const e of enemiesInPlay(state, m)) if (best === null || distance(e.hex!, m.hex!) < distance(best.hex!, m.hex!)) best = e;
  return best;
}

const destination = (a: SkirmishAction): Hex | null => ("path" in a ? a.path[a.path.length - 1]! : null);
/** The terrain cost of an action's path (0 for actions without one). */
function pathCostIn(state: SkirmishState, a: SkirmishAction): number {
  if (!("path" in a)) return 0;
  return a.path.reduce((sum, h) => sum + (TERRAIN_RULES[terrainAt(state.board, h) ?? "clear"].cost ?? 0), 0);
}

export function botAction(state: SkirmishState, seat: Seat): SkirmishAction {
  const side = sideOfSeat(seat)!;
  if (state.phase === "deployment") {
    const next = unplaced(state, side)[0];
    if (!next) return { type: "end_deployment" };
    return { type: "deploy", model: next.id, hex: deploymentOrder(state, next)[0]! };
  }
  const activation = state.activation;
  if (!activation) {
    let best: ModelState | null = null;
    let bestDistance = Infinity;
    for (const m of sideModels(state, side)) {
      if (!inPlay(m) || m.done) continue;
      const d = nearestEnemyDistance(state, m, m.hex!);
      if (d < bestDistance) [best, bestDistance] = [m, d];
    }
    return { type: "activate", model: (best ?? sideModels(state, side).find((m) => inPlay(m) && !m.done)!).id };
  }
  const m = state.models.find((x) => x.id === activation.model)!;
  // legal()'s activation list, asked for one kind at a time in the order the choice weighs them:
  // each kind by the same checks legal() lists it by, and none worked out once a choice is made
  if (activation.compulsoryApLeft > 0) {
    const need = requirement(state, m);
    if (need) {
      // legal() lists only the requirement's actions then (and push, which the computer never takes)
      const compulsory: SkirmishAction[] =
        need.required === "rally" ? [{ type: "rally", target: m.id }] : need.reaches.map((r) => ({ type: need.required as "move" | "disengage", path: r.path }));
      if (compulsory.length === 0) return { type: "end_activation" };
      let best = compulsory[0]!;
      for (const c of compulsory) {
        const to = destination(c);
        const bestTo = destination(best);
        if (!to || !bestTo) continue;
        const d = nearestEnemyDistance(state, m, to);
        const bd = nearestEnemyDistance(state, m, bestTo);
        if (d > bd || (d === bd && pathCostIn(state, c) < pathCostIn(state, best))) best = c;
      }
      return best;
    }
  }
  if (activation.ap === 0) return { type: "end_activation" };
  const enemies = state.models.filter((e) => e.side !== m.side);
  const shots = mayShoot(state, m) ? enemies.filter((e) => canShootAt(state, m, e)) : [];
  if (shots.length > 0) {
    let best = shots[0]!;
    for (const t of shots) if (distance(t.hex!, m.hex!) < distance(best.hex!, m.hex!)) best = t;
    return { type: "range_attack", target: best.id };
  }
  const close = enemies.filter((e) => !("ok" in closeCheck(state, m, e.id)));
  const finish = close.find((t) => t.status === "ko");
  if (finish) return { type: "close_attack", target: finish.id };
  if (close.length > 0) {
    let best = close[0]!;
    for (const t of close) if (t.wounds > best.wounds) best = t;
    return { type: "close_attack", target: best.id };
  }
  const enemy = nearestEnemy(state, m);
  if (enemy && !engaged(state, m)) {
    const now = distance(m.hex!, enemy.hex!);
    let best: SkirmishAction | null = null;
    for (const r of moveReach(state, m)) {
      const c: SkirmishAction = { type: "move", path: r.path };
      const to = r.hex;
      const d = distance(to, enemy.hex!);
      if (d >= now) continue;
      if (best === null) {
        best = c;
        continue;
      }
      const bd = distance(destination(best)!, enemy.hex!);
      const bt = destination(best)!;
      const cost = pathCostIn(state, c);
      const bestCost = pathCostIn(state, best);
      if (d < bd || (d === bd && (cost < bestCost || (cost === bestCost && (to[0] < bt[0] || (to[0] === bt[0] && to[1] < bt[1])))))) best = c;
    }
    if (best) return best;
  }
  if (reloadCheck(state, m) === null) return { type: "reload" };
  return { type: "end_activation" };
}
