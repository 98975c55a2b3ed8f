/**
 * The turn sequence (6) as a state machine: phase 0, movement, the three allocation phases
 * (each skipped when it begins with nothing to do), resolution and upkeep, then control, the
 * end checks (9.4, 10) and the next player-turn.
 */
import type { Rng } from "../rng";
import { cell, otherSide, sideTitle, unitsAt, victoryPoints, vpHexes } from "./board";
import { anyAttack, anySupport } from "./allocation";
import { removeEliminated, rollFights, runRetreats } from "./combat";
import type { WarshardEvent } from "./events";
import { fullMobility } from "./movement";
import type { Phase, Side, WarshardState } from "./state";
import { runUpkeep } from "./upkeep";

const SKIP_REASON: Readonly<Record<string, string>> = {
  attack: "no melee unit is next to an enemy",
  support: "no artillery or air wing is within Range of a Fight",
  defense: "no artillery or air wing is within Range of a Fight",
};

/** Phase 0: allocations cleared for both sides, the active side's units get full mobility. */
export function startPlayerTurn(state: WarshardState, events: WarshardEvent[]): void {
  for (const u of state.units) {
    u.allocated = false;
    // decision: the side not on move holds no points, so a state never shows stale mobility
    u.mobilityLeft = u.side === state.activeSide && u.status === "map" ? fullMobility(u) : 0;
  }
  state.fights = [];
  state.resolution = null;
  state.upkeep = null;
  state.phase = "movement";
  events.push({ kind: "player_turn_started", turn: state.turn, side: state.activeSide });
}

const hasAction: Readonly<Record<string, (s: WarshardState) => boolean>> = { attack: anyAttack, support: anySupport, defense: anySupport };

/** Begins `phase`, skipping allocation phases with nothing to do, and runs what is automatic. */
export function enter(state: WarshardState, phase: Phase, events: WarshardEvent[], rng: Rng): void {
  state.phase = phase;
  const check = hasAction[phase];
  if (check) {
    if (check(state)) return;
    const side = phase === "defense" ? otherSide(state, state.activeSide) : state.activeSide;
    events.push({ kind: "phase_skipped", turn: state.turn, side, phase, reason: SKIP_REASON[phase]! });
    const next: Phase = phase === "attack" ? "support" : phase === "support" ? "defense" : "resolution";
    return enter(state, next, events, rng);
  }
  if (phase === "resolution") {
    state.resolution = rollFights(state, events, rng);
    proceed(state, events, rng);
  }
}

/** Runs resolution and upkeep on until a decision is owed or the next player-turn begins. */
export function proceed(state: WarshardState, events: WarshardEvent[], rng: Rng): void {
  if (state.pending) return;
  if (state.phase === "resolution") {
    if (!runRetreats(state, events)) return;
    removeEliminated(state, events);
    state.phase = "upkeep";
    state.upkeep = { nextFight: 0, reinforced: false, rolled: [] };
  }
  if (state.phase === "upkeep") {
    if (!runUpkeep(state, events, rng)) return;
    endPlayerTurn(state, events);
  }
}

// decision: control is kept for VP hexes only; no other hex scores or matters to a rule (9.4, 10)
function updateControl(state: WarshardState, events: WarshardEvent[]): void {
  for (const hex of vpHexes(state.map)) {
    const sides = new Set(unitsAt(state, hex).map((u) => u.side));
    if (sides.size !== 1) continue;
    const side = [...sides][0]!;
    const at = state.control.findIndex((c) => c.hex[0] === hex[0] && c.hex[1] === hex[1]);
    const previous = at < 0 ? null : state.control[at]!.side;
    if (previous === side) continue;
    if (at < 0) state.control.push({ hex: cell(hex), side });
    else state.control[at] = { hex: cell(hex), side };
    state.control.sort((a, b) => a.hex[0] - b.hex[0] || a.hex[1] - b.hex[1]);
    events.push({ kind: "control_changed", hex: cell(hex), side, previous });
  }
}

const sideAlive = (state: WarshardState, side: Side) => state.units.some((u) => u.side === side && (u.status === "map" || u.status === "waiting"));

function finish(state: WarshardState, events: WarshardEvent[], winners: Side[], reason: "victory_points" | "annihilation"): void {
  const vp = victoryPoints(state);
  const [a, b] = state.sides;
  const score = `${sideTitle(a)} ${vp[a]}, ${sideTitle(b)} ${vp[b]}`;
  const line =
    winners.length === 0
      ? reason === "annihilation"
        ? "Both armies are gone: a draw."
        : `A draw on victory points (${score}).`
      : reason === "annihilation"
        ? `${sideTitle(winners[0]!)} wins: the enemy has no unit left on the map and none to come.`
        : `${sideTitle(winners[0]!)} wins on victory points (${score}).`;
  const result = winners.length === 0 ? "draw" : "win";
  state.outcome = { result, winners, reason, line, vp };
  state.phase = "game_over";
  state.pending = null;
  events.push({ kind: "game_over", turn: state.turn, result, winners, reason, vp });
}

/** 9.4: control, then annihilation, the turn limit, or the other side's player-turn. */
export function endPlayerTurn(state: WarshardState, events: WarshardEvent[]): void {
  updateControl(state, events);
  const alive = state.sides.filter((s) => sideAlive(state, s));
  // decision: both sides gone at once (an EX on the last units) is a draw
  if (alive.length < 2) return finish(state, events, alive, "annihilation");
  if (state.turn >= state.turnLimit) {
    const vp = victoryPoints(state);
    const [a, b] = state.sides;
    const winners = vp[a]! > vp[b]! ? [a] : vp[b]! > vp[a]! ? [b] : [];
    return finish(state, events, winners, "victory_points");
  }
  state.turn += 1;
  state.activeSide = otherSide(state, state.activeSide);
  startPlayerTurn(state, events);
}

