/**
 * legal(): every action the seat may send now, each accepted by apply as it stands.
 * Query: `unit=<id>` keeps only that unit's moves, attacks or supports (the movement list is
 * every reachable hex of every unit, which a page asks for one unit at a time).
 */
import type { Hex } from "../hex";
import type { Legal, LegalChoice, LegalQuery, Seat } from "../ruleset";
import { attackTargets, fightAt, supportFights, supportRole } from "./allocation";
import { cell, hexLabel, onMap } from "./board";
import { reach, reachContext } from "./movement";
import { fightOdds, supplyOf, type SupplyMap } from "./odds";
import { toAct, type Fight, type Pending, type Unit, type WarshardAction, type WarshardState } from "./state";

type Choice = LegalChoice<WarshardAction>;

/** The Fight at `hex` as it would be with `unit` added (a new Fight when none is there yet). */
export function withUnit(state: WarshardState, hex: Hex, unit: Unit, as: "attacker" | "attack" | "defence"): Fight {
  const f = fightAt(state, hex) ?? { hex: cell(hex), attackers: [], attackSupport: [], defenceSupport: [] };
  return {
    hex: f.hex,
    attackers: as === "attacker" ? [...f.attackers, unit.id] : f.attackers,
    attackSupport: as === "attack" ? [...f.attackSupport, unit.id] : f.attackSupport,
    defenceSupport: as === "defence" ? [...f.defenceSupport, unit.id] : f.defenceSupport,
  };
}

function oddsText(state: WarshardState, fight: Fight, supply: SupplyMap): string {
  const o = fightOdds(state, fight, supply);
  const column = o.column === "none" ? "below 1-2, no combat" : o.column === "auto" ? "undefended" : o.column;
  return `${o.attack} vs ${o.defence}: ${column}`;
}

function pendingChoices(state: WarshardState): Choice[] {
  const p = state.pending!;
  switch (p.kind) {
    case "retreat":
      return p.options.map((to) => ({ action: { type: "retreat", unit: p.unit, to: cell(to) }, label: `${p.unit} retreats to ${hexLabel(to)}`, to: cell(to) }));
    case "advance":
      return [
        ...p.options.map((unit): Choice => ({ action: { type: "advance", fight: cell(p.fight), unit }, label: `${unit} advances into ${hexLabel(p.fight)}`, to: cell(p.fight) })),
        { action: { type: "no_advance", fight: cell(p.fight) }, label: `no advance into ${hexLabel(p.fight)}` },
      ];
    case "place_replacement":
      return p.options.map((hex) => ({ action: { type: "place_replacement", unit: p.unit, hex: cell(hex) }, label: `${p.unit} returns at ${hexLabel(hex)}`, to: cell(hex) }));
  }
}

function pendingActions(p: Pending): WarshardAction[] {
  switch (p.kind) {
    case "retreat":
      return p.options.map((to) => ({ type: "retreat", unit: p.unit, to: cell(to) }));
    case "advance":
      return [...p.options.map((unit): WarshardAction => ({ type: "advance", fight: cell(p.fight), unit })), { type: "no_advance", fight: cell(p.fight) }];
    case "place_replacement":
      return p.options.map((hex) => ({ type: "place_replacement", unit: p.unit, hex: cell(hex) }));
  }
}

/** legal()'s actions without labels or odds: the same lists, in the same order. */
export function legalActions(state: WarshardState, seat: Seat): WarshardAction[] {
  if (!toAct(state).includes(seat)) return [];
  if (state.pending) return pendingActions(state.pending);
  const actions: WarshardAction[] = [];
  const mine = state.units.filter((u) => u.status === "map" && u.side === seat);
  if (state.phase === "movement") {
    const context = reachContext(state);
    for (const u of mine) for (const r of reach(state, u, context)) actions.push({ type: "move", unit: u.id, path: r.path });
    actions.push({ type: "end_movement" });
  } else if (state.phase === "attack") {
    for (const u of mine) for (const target of attackTargets(state, u)) actions.push({ type: "attack", unit: u.id, target });
    actions.push({ type: "end_attacks" });
  } else {
    for (const u of mine) for (const fight of supportFights(state, u)) actions.push({ type: "support", unit: u.id, fight });
    actions.push({ type: "end_support" });
  }
  return actions;
}

export function legal(state: WarshardState, seat: Seat, query: LegalQuery = {}): Legal<WarshardAction> {
  if (!toAct(state).includes(seat)) return { choices: [] };
  if (state.pending) return { choices: pendingChoices(state) };
  const only = query.unit;
  const mine = onMap(state).filter((u) => u.side === seat && (only === undefined || u.id === only));
  const narrowed = only === undefined ? {} : { narrowedBy: ["unit"] };
  const choices: Choice[] = [];
  if (state.phase === "movement") {
    const context = reachContext(state);
    for (const u of mine) {
      for (const r of reach(state, u, context)) {
        const label = `${u.id} to ${hexLabel(r.hex)} (${r.cost} half points${r.zoc ? ", stops in enemy ZoC" : ""})`;
        choices.push({ action: { type: "move", unit: u.id, path: r.path }, label, from: cell(u.hex!), to: r.hex });
      }
    }
    choices.push({ action: { type: "end_movement" }, label: "end movement" });
    return { choices, ...narrowed };
  }
  const supply = supplyOf(state);
  if (state.phase === "attack") {
    for (const u of mine) {
      for (const target of attackTargets(state, u)) {
        const label = `${u.id} attacks ${hexLabel(target)} (${oddsText(state, withUnit(state, target, u, "attacker"), supply)})`;
        choices.push({ action: { type: "attack", unit: u.id, target }, label, from: cell(u.hex!), to: target });
      }
    }
    choices.push({ action: { type: "end_attacks" }, label: "end attacks" });
    return { choices, ...narrowed };
  }
  const { role } = supportRole(state);
  for (const u of mine) {
    for (const at of supportFights(state, u)) {
      const label = `${u.id} supports the ${role === "attack" ? "attack on" : "defence of"} ${hexLabel(at)} (${oddsText(state, withUnit(state, at, u, role), supply)})`;
      choices.push({ action: { type: "support", unit: u.id, fight: at }, label, from: cell(u.hex!), to: at });
    }
  }
  choices.push({ action: { type: "end_support" }, label: role === "attack" ? "end support" : "end defensive support" });
  return { choices, ...narrowed };
}
