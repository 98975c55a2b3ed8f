/**
 * What a WarShard position says about its result, as numbers from the first side's view: each
 * side's share of the victory points it holds (warshard.md 9.4, 10) and of the melee Power still
 * in play, whether its HQ (the only supply source, 5.4) survives and whether an enemy melee unit
 * could reach it next turn (an undefended HQ is destroyed without a die, 8.2), its melee units in
 * supply (8.4), and the time left. The evaluation (warshard.ts) weighs them with coefficients
 * fitted on standard self-play.
 */
import { isAdjacent } from "../hex";
import { boardNeighbours, defenceMultiplier, enterable, vpOf } from "../warshard/board";
import { UNIT_DEFS } from "../warshard/data";
import { fullMobility, reach, reachContext, type ReachContext } from "../warshard/movement";
import { inSupply, supplyGrid } from "../warshard/supply";
import type { Side, Unit, WarshardState } from "../warshard/state";

const share = (part: number, whole: number): number => (whole <= 0 ? 0.5 : part / whole);

/** Whether an enemy melee unit could stand next to `hq` after its full movement (5.1-5.2), so attack it. */
function exposed(state: WarshardState, hq: Unit, context: ReachContext): boolean {
  for (const enemy of state.units) {
    if (enemy.side === hq.side || enemy.status !== "map" || !UNIT_DEFS[enemy.type].melee) continue;
    if (isAdjacent(enemy.hex!, hq.hex!)) return true;
    const rested = { ...enemy, mobilityLeft: fullMobility(enemy) };
    if (reach(state, rested, context).some((r) => isAdjacent(r.hex, hq.hex!))) return true;
  }
  return false;
}

const besieged = (state: WarshardState, unit: Unit): boolean =>
  state.units.some((e) => e.side !== unit.side && e.status === "map" && UNIT_DEFS[e.type].melee && isAdjacent(e.hex!, unit.hex!));

/** How many hexes `unit` could retreat to (8.6: enterable, no enemy unit, not in enemy ZoC), at most 2. */
function escapes(state: WarshardState, unit: Unit): number {
  let count = 0;
  for (const n of boardNeighbours(state.map, unit.hex!)) {
    if (!enterable(state.map, n)) continue;
    const barred = state.units.some((e) => e.side !== unit.side && e.status === "map" && (isAdjacent(e.hex!, n) || (e.hex![0] === n[0] && e.hex![1] === n[1])));
    if (!barred && ++count >= 2) break;
  }
  return count;
}

const MELEE_TYPES = ["infantry", "mechanised", "armor"] as const;

function sideFeatures(state: WarshardState, side: Side, vp: number, totalVp: number, totalPower: number, context: ReachContext): number[] {
  const alive = MELEE_TYPES.map(() => 0);
  const all = MELEE_TYPES.map(() => 0);
  let power = 0;
  let hqAlive = 0;
  let hqExposed = 0;
  let melee = 0;
  let supplied = 0;
  let sheltered = 0;
  let free = 0;
  const grid = supplyGrid(state, side);
  for (const unit of state.units) {
    if (unit.side !== side) continue;
    const def = UNIT_DEFS[unit.type];
    const kind = MELEE_TYPES.indexOf(unit.type as (typeof MELEE_TYPES)[number]);
    if (kind >= 0) all[kind]! += 1;
    if (unit.side !== side || (unit.status !== "map" && unit.status !== "waiting")) continue;
    if (kind >= 0) alive[kind]! += 1;
    if (def.melee) {
      power += def.power;
      if (unit.status === "map") {
        melee += 1;
        if (inSupply(grid, unit.hex!)) supplied += 1;
        if (defenceMultiplier(state.map, unit.hex!) > 1) sheltered += 1;
        free += escapes(state, unit) / 2;
      }
    }
    if (!def.suppliesArmy) continue;
    if (unit.status !== "map" || !exposed(state, unit, context)) {
      hqAlive = 1;
      continue;
    }
    // an exposed HQ is lost in the enemy's next player-turn (8.2: no die), unless its own side can still move it away
    hqExposed = 1;
    const mayLeave = state.activeSide === side && state.phase === "movement" && unit.mobilityLeft === fullMobility(unit) && !besieged(state, unit);
    hqAlive = Math.max(hqAlive, mayLeave ? 0.5 : 0);
  }
  const perMelee = (n: number) => (melee === 0 ? 0 : n / melee);
  return [share(vp, totalVp), share(power, totalPower), ...alive.map((n, i) => (all[i] === 0 ? 0 : n / all[i]!)), hqAlive, hqExposed, perMelee(supplied), perMelee(sheltered), perMelee(free)];
}

export const WARSHARD_FEATURES = [
  "bias",
  "firstVp",
  "firstPower",
  "firstInfantry",
  "firstMechanised",
  "firstArmor",
  "firstHqAlive",
  "firstHqExposed",
  "firstSupplied",
  "firstSheltered",
  "firstEscapes",
  "secondVp",
  "secondPower",
  "secondInfantry",
  "secondMechanised",
  "secondArmor",
  "secondHqAlive",
  "secondHqExposed",
  "secondSupplied",
  "secondSheltered",
  "secondEscapes",
  "vpLeadLate",
  "timeLeft",
] as const;

/** The features of a position from the first side's view, in WARSHARD_FEATURES order. */
export function warshardFeatures(state: WarshardState): number[] {
  const [first, second] = state.sides;
  const vp: Record<Side, number> = { [first]: 0, [second]: 0 };
  for (const c of state.control) vp[c.side] = (vp[c.side] ?? 0) + vpOf(state.map, c.hex);
  const totalVp = state.map.hexes.reduce((sum, h) => sum + (h.vp ?? 0), 0);
  let totalPower = 0;
  for (const unit of state.units) if (UNIT_DEFS[unit.type].melee) totalPower += UNIT_DEFS[unit.type].power;
  const context = reachContext(state);
  const elapsed = Math.min(1, state.turn / state.turnLimit);
  return [
    1,
    ...sideFeatures(state, first, vp[first]!, totalVp, totalPower, context),
    ...sideFeatures(state, second, vp[second]!, totalVp, totalPower, context),
    (share(vp[first]!, totalVp) - share(vp[second]!, totalVp)) * elapsed,
    1 - elapsed,
  ];
}
