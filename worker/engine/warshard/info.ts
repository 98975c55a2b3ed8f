/**
 * legalInfo(): the phase-shaped answer of the reference (13) that a page reads to draw the
 * board: units and their reach, possible attacks and supports, and every Fight with its odds.
 */
import type { Hex } from "../hex";
import type { LegalQuery, Seat } from "../ruleset";
import { attackTargets, supportFights } from "./allocation";
import { toAct } from "./apply";
import { cell, onMap, unitById, unitsAt } from "./board";
import { reach, type Reachable } from "./movement";
import { fightOdds, supplyOf, type FightOdds } from "./odds";
import type { Pending, WarshardState } from "./state";

export type FightInfo = { hex: Hex } & FightOdds;

export type LegalInfo =
  | { phase: "game_over"; outcome: NonNullable<WarshardState["outcome"]> }
  | { phase: string; turn: number; toAct: Seat[] }
  | { pending: Pending }
  | { phase: "movement"; turn: number; units: { unit: string; hex: Hex; mobilityLeft: number; stacked: boolean }[] }
  | { unit: string; mobilityLeft: number; reachable: Reachable[] }
  | { phase: "attack"; attacks: { unit: string; targets: Hex[] }[]; fights: FightInfo[] }
  | { phase: "support" | "defense"; supports: { unit: string; fights: Hex[] }[]; fights: FightInfo[] };

export function fightsInfo(state: WarshardState): FightInfo[] {
  const supply = supplyOf(state);
  return state.fights.map((f) => ({ hex: cell(f.hex), ...fightOdds(state, f, supply) }));
}

export function legalInfo(state: WarshardState, seat: Seat, query: LegalQuery = {}): LegalInfo {
  if (state.outcome) return { phase: "game_over", outcome: state.outcome };
  const acting = toAct(state);
  if (!acting.includes(seat)) return { phase: state.phase, turn: state.turn, toAct: acting };
  if (state.pending) return { pending: state.pending };
  const mine = onMap(state).filter((u) => u.side === seat);
  if (state.phase === "movement") {
    const only = query.unit === undefined ? undefined : unitById(state, query.unit);
    if (only && only.status === "map" && only.side === seat) return { unit: only.id, mobilityLeft: only.mobilityLeft, reachable: reach(state, only) };
    return {
      phase: "movement",
      turn: state.turn,
      units: mine.map((u) => ({ unit: u.id, hex: cell(u.hex!), mobilityLeft: u.mobilityLeft, stacked: unitsAt(state, u.hex!).length > 1 })),
    };
  }
  if (state.phase === "attack") {
    const attacks = mine.map((u) => ({ unit: u.id, targets: attackTargets(state, u) })).filter((a) => a.targets.length > 0);
    return { phase: "attack", attacks, fights: fightsInfo(state) };
  }
  const supports = mine.map((u) => ({ unit: u.id, fights: supportFights(state, u) })).filter((s) => s.fights.length > 0);
  return { phase: state.phase === "defense" ? "defense" : "support", supports, fights: fightsInfo(state) };
}
