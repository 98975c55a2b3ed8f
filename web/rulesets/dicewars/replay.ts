/**
 * What a DiceWars replay step shows: the board (owners, strengths, who is out, whose turn)
 * before and after one action. The steps themselves come from the shared forward replay
 * (web/replay.ts), fed the log's recorded draws.
 */
import type { GameEventJson } from "../../api";
import type { DiceWarsState } from "./engine";

/** The parts of a position that change during play. */
export interface Board {
  owner: number[];
  strength: number[];
  eliminated: boolean[];
  /** Player index to act, and the round. */
  current: number;
  round: number;
  over: boolean;
}

export type StepKind = "expand" | "attack" | "end_turn" | "other";

export interface Step {
  seq: number;
  seat: string;
  bot: boolean;
  kind: StepKind;
  events: GameEventJson[];
  lines: string[];
  /** Null when the log could not be replayed (lines only). */
  before: Board | null;
  after: Board | null;
}

export interface Replay {
  steps: Step[];
  /** True when every step has its boards. */
  complete: boolean;
}

/** States are never mutated, so a board shares their arrays. */
export function boardOf(state: DiceWarsState): Board {
  return {
    owner: state.owner,
    strength: state.strength,
    eliminated: state.players.map((p) => p.eliminated),
    current: state.current,
    round: state.round,
    over: state.phase === "game_over",
  };
}

/** Player index of "p1".."p4", or -1. */
export function playerIndex(seat: unknown, players: number): number {
  const m = typeof seat === "string" ? /^p([1-4])$/.exec(seat) : null;
  const i = m ? Number(m[1]) - 1 : -1;
  return i < players ? i : -1;
}

/** The state a board shows, for the helpers that take a whole state. */
export function stateWith(base: DiceWarsState, b: Board): DiceWarsState {
  return {
    ...base,
    owner: b.owner,
    strength: b.strength,
    players: base.players.map((p, i) => ({ ...p, eliminated: b.eliminated[i] ?? p.eliminated })),
    current: b.current,
    round: b.round,
    phase: b.over ? "game_over" : "play",
  };
}
