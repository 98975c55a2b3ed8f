/**
 * The computer player (16): a fixed baseline with fixed tie-breaks that draws nothing. Every
 * choice comes from the same rules legal() lists, so apply accepts it.
 */
import { distance, hexKey, isAdjacent, type Hex } from "../hex";
import type { Rng } from "../rng";
import type { Seat } from "../ruleset";
import { attackTargets, fightAt, supportFights } from "./allocation";
import { byQR, cell, onMap, sameHex, unitById, vpHexes } from "./board";
import { columnRank, UNIT_DEFS } from "./data";
import { withUnit } from "./legal";
import { fullMobility, reach, reachContext, type Reachable } from "./movement";
import { fightOdds, supplyOf, type SupplyMap } from "./odds";
import type { Fight, Pending, Unit, WarshardAction, WarshardState } from "./state";

/** VP hexes the side does not control and the hexes of enemy units (16). */
function goals(state: WarshardState, side: Seat): Hex[] {
  const controlled = new Set(state.control.filter((c) => c.side === side).map((c) => hexKey(c.hex)));
  const enemy = onMap(state).filter((u) => u.side !== side).map((u) => u.hex!);
  return [...vpHexes(state.map).filter((h) => !controlled.has(hexKey(h))), ...enemy];
}

const nearest = (h: Hex, targets: readonly Hex[]): number => targets.reduce((best, t) => Math.min(best, distance(h, t)), Number.POSITIVE_INFINITY);

/** Where the unit wants to be: its hex or a reachable hex nearest a goal (ties: stay, cheaper, lower (q, r)). */
function destination(state: WarshardState, unit: Unit, reachable: readonly Reachable[]): Reachable | null {
  const def = UNIT_DEFS[unit.type];
  const enemies = onMap(state).filter((u) => u.side !== unit.side).map((u) => u.hex!);
  let usable: readonly Reachable[];
  if (def.melee) usable = reachable;
  else if (def.range !== null && nearest(unit.hex!, enemies) > def.range) usable = reachable.filter((r) => !enemies.some((e) => isAdjacent(e, r.hex)));
  else usable = [];
  const targets = goals(state, unit.side);
  let best: Reachable | null = null;
  let bestDistance = nearest(unit.hex!, targets);
  for (const r of usable) {
    const d = nearest(r.hex, targets);
    if (d < bestDistance || (d === bestDistance && best !== null && (r.cost < best.cost || (r.cost === best.cost && byQR(r.hex, best.hex) < 0)))) {
      best = r;
      bestDistance = d;
    }
  }
  return best;
}

function movementAction(state: WarshardState, seat: Seat): WarshardAction {
  const mine = onMap(state).filter((u) => u.side === seat);
  const context = reachContext(state);
  for (const u of mine) {
    const first = mine.find((o) => sameHex(o.hex!, u.hex!));
    if (first === u || u.mobilityLeft !== fullMobility(u)) continue;
    const reachable = reach(state, u, context);
    if (reachable.length === 0) continue;
    const to = destination(state, u, reachable) ?? reachable[0]!;
    return { type: "move", unit: u.id, path: to.path };
  }
  for (const u of mine) {
    if (u.mobilityLeft !== fullMobility(u) || UNIT_DEFS[u.type].suppliesArmy) continue;
    const to = destination(state, u, reach(state, u, context));
    if (to) return { type: "move", unit: u.id, path: to.path };
  }
  return { type: "end_movement" };
}

const columnOf = (state: WarshardState, fight: Fight, supply: SupplyMap) => columnRank(fightOdds(state, fight, supply).column);

function attackAction(state: WarshardState, seat: Seat): WarshardAction {
  const supply = supplyOf(state);
  const ready = onMap(state).filter((u) => u.side === seat && attackTargets(state, u).length > 0);
  const candidates = ready.flatMap((u) => attackTargets(state, u)).sort(byQR).filter((h, i, all) => i === 0 || !sameHex(h, all[i - 1]!));
  for (const target of candidates) {
    const joining = ready.filter((u) => attackTargets(state, u).some((t) => sameHex(t, target)));
    const existing = fightAt(state, target);
    const fight: Fight = { hex: cell(target), attackers: [...(existing?.attackers ?? []), ...joining.map((u) => u.id)], attackSupport: [], defenceSupport: [] };
    if (columnOf(state, fight, supply) >= columnRank("2-1")) return { type: "attack", unit: joining[0]!.id, target };
  }
  return { type: "end_attacks" };
}

export function supportAction(state: WarshardState, seat: Seat): WarshardAction {
  const supply = supplyOf(state);
  const defending = state.phase === "defense";
  for (const u of onMap(state).filter((x) => x.side === seat)) {
    let best: { hex: Hex; rank: number } | null = null;
    for (const at of supportFights(state, u)) {
      const now = columnOf(state, fightAt(state, at)!, supply);
      const after = columnOf(state, withUnit(state, at, u, defending ? "defence" : "attack"), supply);
      if (!defending && after > now) return { type: "support", unit: u.id, fight: at };
      if (defending && after < now && (best === null || now > best.rank)) best = { hex: at, rank: now };
    }
    if (best) return { type: "support", unit: u.id, fight: best.hex };
  }
  return { type: "end_support" };
}

/** The retreat hex furthest from the retreating unit's own side (16; ties: the first option). */
export function retreatAway(state: WarshardState, pending: Extract<Pending, { kind: "retreat" }>): Hex {
  const unit = unitById(state, pending.unit)!;
  // decision: "its nearest other unit" is read as the nearest other unit of its own side; with none, every option ties
  const friends = onMap(state).filter((u) => u.side === unit.side && u.id !== unit.id).map((u) => u.hex!);
  let best = pending.options[0]!;
  let bestDistance = nearest(best, friends);
  for (const h of pending.options) {
    const d = nearest(h, friends);
    if (d > bestDistance) {
      best = h;
      bestDistance = d;
    }
  }
  return best;
}

function pendingAction(state: WarshardState, pending: Pending): WarshardAction {
  switch (pending.kind) {
    case "retreat":
      return { type: "retreat", unit: pending.unit, to: cell(retreatAway(state, pending)) };
    case "advance": {
      let best = pending.options[0]!;
      for (const id of pending.options) if (UNIT_DEFS[unitById(state, id)!.type].defence > UNIT_DEFS[unitById(state, best)!.type].defence) best = id;
      return { type: "advance", fight: cell(pending.fight), unit: best };
    }
    case "place_replacement":
      return { type: "place_replacement", unit: pending.unit, hex: cell(pending.options[0]!) };
  }
}

export function bot(state: WarshardState, seat: Seat, _rng: Rng): WarshardAction {
  if (state.pending) return pendingAction(state, state.pending);
  switch (state.phase) {
    case "movement":
      return movementAction(state, seat);
    case "attack":
      return attackAction(state, seat);
    default:
      return supportAction(state, seat);
  }
}

