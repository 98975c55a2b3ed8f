/**
 * legal(): every action a side may send now, as contract v2 lists them.
 *
 * Query for legal(): `unit=<id>` keeps only that unit's moves, setup or replacements.
 */
import type { Hex } from "../hex";
import type { Legal, LegalChoice, LegalQuery, Seat } from "../ruleset";
import { sideToAct } from "./state";
import { possibleAttacks } from "./attacks";
import { positionIndex } from "./board";
import { isCombatPhase } from "./combat";
import { hexLabel, hexOf, SETUP_HEXES, type Side } from "./data";
import { isMovementPhase, mayMove } from "./movement";
import { moveMode } from "./reach";
import { enemyZoc, keptDestinations, syncBoard } from "./reach-memo";
import { isReplacementPhase, replacementChoices } from "./replacements";
import { setupUnits } from "./data";
import type { ChoiceAction, MoscowAction, MoscowState } from "./state";

type Choice = LegalChoice<MoscowAction>;
const cell = (h: Hex): [number, number] => [h[0], h[1]];

function choiceLabel(o: ChoiceAction): string {
  switch (o.type) {
    case "choose_losses":
      return `${o.steps.join(", ")} lose${o.steps.length === 1 ? "s" : ""} a step`;
    case "retreat":
      return `${o.unitId} retreats to ${o.path.map((h) => hexLabel(h)).join(" -> ")}`;
    case "advance":
      return o.unitId === null ? "no advance" : `${o.unitId} advances`;
  }
}

function movementChoices(state: MoscowState, side: Side, only: string | undefined): Choice[] {
  const board = syncBoard(state);
  const zoc = enemyZoc(board, side);
  const mode = moveMode(state);
  const out: Choice[] = [];
  state.units.forEach((u, k) => {
    if ((only !== undefined && u.id !== only) || !mayMove(state, side, k)) return;
    for (const i of keptDestinations(k, positionIndex(u), mode, zoc)) {
      const to = cell(hexOf(i));
      out.push({ action: { type: "move", unitId: u.id, to }, label: `${u.id} to ${hexLabel(to)}`, from: cell(u.position!), to });
    }
  });
  return out;
}

/** One battle per enemy unit in reach, with every adjacent unit, and declaring none. */
function declareChoices(state: MoscowState, side: Side): Choice[] {
  const out: Choice[] = [{ action: { type: "declare_battles", battles: [] }, label: "declare no battles" }];
  for (const a of possibleAttacks(state, side)) {
    out.push({
      action: { type: "declare_battles", battles: [{ attackers: a.possibleAttackers, defender: a.defender }] },
      label: `${a.possibleAttackers.join(" + ")} attack ${a.defender}`,
      to: a.defenderPosition,
    });
  }
  return out;
}

function replacementList(state: MoscowState, side: Side, only: string | undefined): Choice[] {
  const r = replacementChoices(state, side);
  const out: Choice[] = [];
  for (const id of r.restorableUnits) {
    if (only !== undefined && id !== only) continue;
    const at = state.units.find((u) => u.id === id)!.position!;
    out.push({ action: { type: "replacement", action: "restore", unitId: id }, label: `restore ${id} at ${hexLabel(at)}`, to: cell(at) });
  }
  for (const id of r.placeableUnits) {
    if (only !== undefined && id !== only) continue;
    for (const hex of r.validPlacementHexes) {
      out.push({ action: { type: "replacement", action: "place", unitId: id, hex: cell(hex) }, label: `bring back ${id} at ${hexLabel(hex)}`, to: cell(hex) });
    }
  }
  return out;
}

/** The printed order: units in order of battle onto the setup hexes in map order (the rest to the pool). */
function setupChoice(side: Side): Choice {
  const hexes = SETUP_HEXES[side];
  const placements = setupUnits(side)
    .slice(0, hexes.length)
    .map((unitId, k) => ({ unitId, hex: cell(hexOf(hexes[k]!)) }));
  return { action: { type: "setup", placements }, label: "set up in order of battle" };
}

const END_PHASE: Choice = { action: { type: "end_phase" }, label: "end the phase" };

export function legal(state: MoscowState, seat: Seat, query?: LegalQuery): Legal<MoscowAction> {
  const side = seat as Side;
  if (sideToAct(state) !== side) return { choices: [] };
  const only = query?.unit;
  const narrowed = only === undefined ? {} : { narrowedBy: ["unit"] };
  const pending = state.pending;
  if (pending) return { choices: pending.options.map((o) => ({ action: o, label: choiceLabel(o) })) };
  if (state.phase === "soviet_setup" || state.phase === "german_setup") return { choices: [setupChoice(side)] };
  if (isMovementPhase(state.phase)) {
    const moves = movementChoices(state, side, only);
    return { choices: only === undefined ? [...moves, END_PHASE] : moves, ...narrowed };
  }
  if (isCombatPhase(state.phase)) {
    if (!state.battlesDeclared) return { choices: [...declareChoices(state, side), END_PHASE] };
    const open = state.pendingBattles.flatMap((b, i) => (b.resolved ? [] : [{ b, i }]));
    if (open.length === 0) return { choices: [END_PHASE] };
    const each: LegalChoice<MoscowAction>[] = open.map(({ b, i }) => ({
      action: { type: "resolve_battle", battleIndex: i },
      label: `resolve battle ${i}: ${b.attackers.join(" + ")} against ${b.defender}`,
    }));
    return { choices: open.length > 1 ? [...each, { action: { type: "resolve_all_battles" }, label: `resolve the ${open.length} battles in the declared order, up to a choice owed` }] : each };
  }
  if (isReplacementPhase(state.phase)) {
    const list = replacementList(state, side, only);
    return { choices: only === undefined ? [...list, END_PHASE] : list, ...narrowed };
  }
  return { choices: [] };
}
