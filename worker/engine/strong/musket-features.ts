/**
 * What a musket position says about its result, as numbers from Blue's side: strength and units
 * left, how far each side is along its victory conditions (musket.md 10), the fire each side can
 * bring on the other from where it stands (8.1-8.2), and how much of the game is left. The
 * evaluation (musket.ts) weighs them with coefficients fitted on standard self-play.
 */
import { distance } from "../hex";
import { unitAt, toOffset } from "../musket/board";
import { UNIT_DEFS } from "../musket/data";
import { chargeBases, chargeChance, chargeTargets } from "../musket/charge";
import { fireChance, fireRefusal } from "../musket/fire";
import type { Cell, Condition, MusketState, Side, Unit } from "../musket/state";

/** How near `side` is to holding a hex: 1 on it, less the farther its nearest unit stands. */
function nearness(state: MusketState, side: Side, hex: Cell): number {
  if (unitAt(state, hex)?.side === side) return 1;
  let nearest = Infinity;
  for (const unit of state.units) if (unit.side === side) nearest = Math.min(nearest, distance(unit.hex, hex));
  return nearest === Infinity ? 0 : 0.6 * Math.max(0, 1 - nearest / 10);
}

/** How far `side` is along one victory condition, 0 to 1 (the hand-written evaluation's measure too, musket.ts). */
export function progress(state: MusketState, side: Side, c: Condition): number {
  switch (c.kind) {
    case "eliminate_units":
      return Math.min(1, state.eliminated.filter((u) => u.side !== side).length / c.count);
    case "control_hexes":
    case "hold_hexes": {
      const each = c.hexes.map((h) => nearness(state, side, h));
      const held = c.requireAll ? each.reduce((a, b) => a + b, 0) / Math.max(1, each.length) : Math.max(0, ...each);
      return c.kind === "hold_hexes" ? held * (0.5 + 0.5 * Math.min(1, (state.holdStreaks[c.id] ?? 0) / c.turns)) : held;
    }
    case "exit_units": {
      const exited = state.exited.filter((u) => u.side === side && u.edge === c.edge).length;
      const span = c.edge === "east" || c.edge === "west" ? state.map.cols : state.map.rows;
      const along = (hex: Cell) => {
        const { col, row } = toOffset(hex);
        const at = c.edge === "east" ? col : c.edge === "west" ? span - 1 - col : c.edge === "south" ? row : span - 1 - row;
        return at / Math.max(1, span - 1);
      };
      const onWay = state.units
        .filter((u) => u.side === side)
        .map((u) => along(u.hex))
        .sort((a, b) => b - a)
        .slice(0, Math.max(0, c.count - exited));
      return Math.min(1, (exited + 0.7 * onWay.reduce((a, b) => a + b, 0)) / c.count);
    }
  }
}

/** How far `side` is along its conditions other than eliminating (the eliminations count apart): the best alternative. */
function aims(state: MusketState, side: Side): number {
  let best = 0;
  for (const c of state.victory[String(side) as "0" | "1"]) if (c.kind !== "eliminate_units") best = Math.max(best, progress(state, side, c));
  return best;
}

/** How far `side` is towards its elimination condition (0 without one). */
function eliminations(state: MusketState, side: Side): number {
  let best = 0;
  for (const c of state.victory[String(side) as "0" | "1"]) if (c.kind === "eliminate_units") best = Math.max(best, progress(state, side, c));
  return best;
}

/** Expected SP `side` would take off the other with each of its units' best shot from where they stand (a fresh activation). */
function firepower(state: MusketState, side: Side): number {
  let total = 0;
  for (const firer of state.units) {
    if (firer.side !== side || UNIT_DEFS[firer.type].fireRange <= 0) continue;
    const fresh: Unit = { ...firer, fired: false, mpUsed: 0 };
    let best = 0;
    for (const target of state.units) {
      if (target.side === side || fireRefusal(state, fresh, target) !== null) continue;
      best = Math.max(best, fireChance(state, fresh, target).percent / 100);
    }
    total += best;
  }
  return (total * 7) / 6;
}

/** How much `side`'s best charges from where its units stand would gain: each unit's best chance of not being repulsed, above even. */
function shock(state: MusketState, side: Side): number {
  let total = 0;
  for (const attacker of state.units) {
    if (attacker.side !== side || !UNIT_DEFS[attacker.type].canCharge) continue;
    const fresh: Unit = { ...attacker, fired: false, mpUsed: 0 };
    let best = 0;
    for (const target of chargeTargets(state, fresh)) {
      const bases = chargeBases(state, fresh, target);
      best = Math.max(best, chargeChance(bases.attackerBase, bases.defenderBase) - 0.5);
    }
    total += best;
  }
  return total;
}

/** The share of the hexes `side` must control or hold that one of its units stands on (the best of its conditions). */
function held(state: MusketState, side: Side): number {
  let best = 0;
  for (const c of state.victory[String(side) as "0" | "1"]) {
    if (c.kind !== "control_hexes" && c.kind !== "hold_hexes") continue;
    const on = c.hexes.filter((h) => unitAt(state, h)?.side === side).length;
    best = Math.max(best, c.requireAll ? on / Math.max(1, c.hexes.length) : on > 0 ? 1 : 0);
  }
  return best;
}

/** How far `side` is towards its exit condition: units exited over units needed (0 without one). */
function exits(state: MusketState, side: Side): number {
  let best = 0;
  for (const c of state.victory[String(side) as "0" | "1"]) {
    if (c.kind === "exit_units") best = Math.max(best, Math.min(1, state.exited.filter((u) => u.side === side && u.edge === c.edge).length / c.count));
  }
  return best;
}

/** Whether `side` is one loss from the other side's elimination condition (musket.md 10): its next unit lost ends the game. */
function brink(state: MusketState, side: Side): number {
  const lost = state.eliminated.filter((u) => u.side === side).length;
  const foe = String(1 - side) as "0" | "1";
  return state.victory[foe].some((c) => c.kind === "eliminate_units" && lost + 1 >= c.count) ? 1 : 0;
}

/** Units of `side` the other side's fire may eliminate from where it stands: each enemy firer's best chance of taking a unit's last SP (a hit takes 2 SP one time in 6). */
function danger(state: MusketState, side: Side): number {
  let total = 0;
  for (const firer of state.units) {
    if (firer.side === side || UNIT_DEFS[firer.type].fireRange <= 0) continue;
    const fresh: Unit = { ...firer, fired: false, mpUsed: 0 };
    let best = 0;
    for (const target of state.units) {
      if (target.side !== side || target.sp > 2 || fireRefusal(state, fresh, target) !== null) continue;
      best = Math.max(best, (fireChance(state, fresh, target).percent / 100) * (target.sp === 1 ? 1 : 1 / 6));
    }
    total += best;
  }
  return total;
}

const leaders = (state: MusketState, side: Side): number => state.leaders.filter((l) => state.units.some((u) => u.id === l.unit && u.side === side)).length / 3;

const spOf = (units: readonly { side: Side; sp: number }[], side: Side): number => units.reduce((n, u) => (u.side === side ? n + u.sp : n), 0);

/** Strength a side started with: on the map, eliminated or exited (each at its starting SP). */
const startSp = (state: MusketState, side: Side): number =>
  [...state.units, ...state.eliminated, ...state.exited].reduce((n, u) => (u.side === side ? n + u.maxSp : n), 0);

export const MUSKET_FEATURES = [
  "bias",
  "blueSp",
  "redSp",
  "blueKills",
  "redKills",
  "blueAims",
  "redAims",
  "blueFire",
  "redFire",
  "blueFireNow",
  "redFireNow",
  "late",
  "lateSp",
  "lateAims",
  "blueShock",
  "redShock",
  "blueLeaders",
  "redLeaders",
  "heldLast",
  "blueExits",
  "redExits",
  "blueBrink",
  "redBrink",
  "blueDanger",
  "redDanger",
] as const;

/** The features of a position from Blue's side, in MUSKET_FEATURES order. */
export function musketFeatures(state: MusketState): number[] {
  const blueStart = Math.max(1, startSp(state, 0));
  const redStart = Math.max(1, startSp(state, 1));
  const blueSp = (spOf(state.units, 0) + spOf(state.exited, 0)) / blueStart;
  const redSp = (spOf(state.units, 1) + spOf(state.exited, 1)) / redStart;
  const blueAims = aims(state, 0);
  const redAims = aims(state, 1);
  const blueFire = firepower(state, 0) / 4;
  const redFire = firepower(state, 1) / 4;
  // a side's shots come first when it is the side acting and has units yet to activate
  const waiting = (side: Side) => state.units.filter((u) => u.side === side && !u.activated && u.id !== state.activeUnit).length / 6;
  const blueNow = state.activePlayer === 0 ? waiting(0) : 0;
  const redNow = state.activePlayer === 1 ? waiting(1) : 0;
  const late = state.turn / state.turnLimit;
  return [1, blueSp, redSp, eliminations(state, 0), eliminations(state, 1), blueAims, redAims, blueFire, redFire, blueFire * blueNow, redFire * redNow, late, late * (blueSp - redSp), late * (blueAims - redAims), shock(state, 0), shock(state, 1), leaders(state, 0), leaders(state, 1), late ** 6 * (held(state, 0) - held(state, 1)), exits(state, 0), exits(state, 1), brink(state, 0), brink(state, 1), danger(state, 0), danger(state, 1)];
}
