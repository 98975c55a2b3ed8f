/**
 * The computer player (skirmish.md 19): deterministic, fixed tie-breaks, every choice taken
 * from `legal`, never pushes, draws nothing.
 */
import { distance, type Hex } from "../hex";
import type { Seat } from "../ruleset";
import type { SkirmishAction } from "./actions";
import { offsetOf, terrainAt, TERRAIN_RULES, zoneHexes } from "./board";
import { nearestEnemyDistance } from "./compulsory";
import { legalChoices, type SkirmishChoice } from "./legal";
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

const destination = (c: SkirmishChoice): Hex | null => ("path" in c.action ? c.action.path[c.action.path.length - 1]! : null);
/** The terrain cost of a choice's path (0 for choices without one). */
function pathCostIn(state: SkirmishState, c: SkirmishChoice): number {
  if (!("path" in c.action)) return 0;
  return c.action.path.reduce((sum, h) => sum + (TERRAIN_RULES[terrainAt(state.board, h) ?? "clear"].cost ?? 0), 0);
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
  // only an activation's choices need the legal list (with every odds): deployment and activating do not
  const choices = legalChoices(state, seat, {}, "actions").choices;
  const pathCost = (c: SkirmishChoice) => pathCostIn(state, c);
  const pick = (type: string, test: (c: SkirmishChoice) => boolean = () => true) => choices.find((c) => c.action.type === type && test(c));
  const m = state.models.find((x) => x.id === activation.model)!;
  const compulsory = choices.filter((c) => c.action.type !== "push");
  if (activation.compulsoryApLeft > 0 && compulsory.length > 0 && !compulsory.some((c) => c.action.type === "end_activation")) {
    let best = compulsory[0]!;
    for (const c of compulsory) {
      const to = destination(c);
      const bestTo = destination(best);
      if (!to || !bestTo) continue;
      const d = nearestEnemyDistance(state, m, to);
      const bd = nearestEnemyDistance(state, m, bestTo);
      if (d > bd || (d === bd && pathCost(c) < pathCost(best))) best = c;
    }
    return best.action;
  }
  if (activation.ap === 0) return { type: "end_activation" };
  const byAssembly = (ids: string[]) => state.models.filter((x) => ids.includes(x.id));
  const shots = choices.filter((c) => c.action.type === "range_attack");
  if (shots.length > 0) {
    const targets = byAssembly(shots.map((c) => (c.action as { target: string }).target));
    let best = targets[0]!;
    for (const t of targets) if (distance(t.hex!, m.hex!) < distance(best.hex!, m.hex!)) best = t;
    return { type: "range_attack", target: best.id };
  }
  const close = byAssembly(choices.filter((c) => c.action.type === "close_attack").map((c) => (c.action as { target: string }).target));
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
    let best: SkirmishChoice | null = null;
    for (const c of choices) {
      if (c.action.type !== "move") continue;
      const to = destination(c)!;
      const d = distance(to, enemy.hex!);
      if (d >= now) continue;
      if (best === null) {
        best = c;
        continue;
      }
      const bd = distance(destination(best)!, enemy.hex!);
      const bt = destination(best)!;
      if (d < bd || (d === bd && (pathCost(c) < pathCost(best) || (pathCost(c) === pathCost(best) && (to[0] < bt[0] || (to[0] === bt[0] && to[1] < bt[1])))))) best = c;
    }
    if (best) return best.action;
  }
  const reload = pick("reload");
  if (reload) return reload.action;
  return { type: "end_activation" };
}
