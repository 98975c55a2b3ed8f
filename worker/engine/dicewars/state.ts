import { printedId, type Hex } from "../hex";
import type { Outcome, Seat } from "../ruleset";

/** Constants of the hexo rules (rules/dicewars.md, data/dicewars/config.json). */
export const START_STRENGTH = 8;
export const MAX_STRENGTH = 48;
export const BLOCKED_CHANCE = 0.15;
export const MAX_MAP_ATTEMPTS = 100;
export const MIN_PLAYERS = 2;
export const MAX_PLAYERS = 4;
export const BOT_MAX_MOVES = 50;
/** `owner` of a cell nobody owns. */
export const EMPTY = -1;

/** Seats in turn order; player index i plays seat `p{i+1}`. */
export const SEATS = ["p1", "p2", "p3", "p4"] as const;

export const COLOURS: readonly { name: string; hex: string }[] = [
  { name: "green", hex: "#4ecca3" },
  { name: "red", hex: "#e94560" },
  { name: "yellow", hex: "#f9ed69" },
  { name: "cyan", hex: "#00adb5" },
];

export interface DiceWarsPlayer {
  seat: Seat;
  eliminated: boolean;
}

/**
 * The whole game as plain JSON. The board is an N x N axial rhombus (0 <= q, r < N) stored
 * as three flat arrays in cell order: index = q * size + r (see `cellIndex`).
 */
export interface DiceWarsState {
  scenario: string;
  size: number;
  /** Last round to play, or null for no limit. */
  roundLimit: number | null;
  players: DiceWarsPlayer[];
  /** Index into `players` of the player to act. */
  current: number;
  /** Starts at 1; a round ends when play returns to the lowest-index surviving player. */
  round: number;
  /** Expand/attack moves the current player has made this turn. */
  moves: number;
  phase: "play" | "game_over";
  outcome: Outcome | null;
  /** True: never passable, never owned. */
  blocked: boolean[];
  /** Player index owning the cell, or EMPTY (-1) when nobody does (always for blocked cells). */
  owner: number[];
  /** 0 when unowned, 1..48 when owned. */
  strength: number[];
}

/**
 * A copy of the state's own fields in their order, for the caller to change some of: a spread
 * followed by fields makes a slow object, and play copies the state at every move.
 */
export function copyState(s: DiceWarsState): DiceWarsState {
  return {
    scenario: s.scenario,
    size: s.size,
    roundLimit: s.roundLimit,
    players: s.players,
    current: s.current,
    round: s.round,
    moves: s.moves,
    phase: s.phase,
    outcome: s.outcome,
    blocked: s.blocked,
    owner: s.owner,
    strength: s.strength,
  };
}

export type Cell = Hex;

export interface MoveAction {
  type: "expand" | "attack";
  from: Cell;
  to: Cell;
}
export interface EndTurnAction {
  type: "end_turn";
}
export type DiceWarsAction = MoveAction | EndTurnAction;

export function cellIndex(size: number, cell: Hex): number {
  return cell[0] * size + cell[1];
}

export function cellAt(size: number, index: number): Cell {
  return [Math.floor(index / size), index % size];
}

export function onBoard(size: number, cell: Hex): boolean {
  return cell[0] >= 0 && cell[0] < size && cell[1] >= 0 && cell[1] < size;
}

export function seatOf(player: number): Seat {
  return SEATS[player] ?? `p${player + 1}`;
}

/** Player index of a seat that takes part in this game, or -1. */
export function playerOf(state: DiceWarsState, seat: unknown): number {
  const { players } = state;
  for (let i = 0; i < players.length; i++) if (players[i]!.seat === seat) return i;
  return -1;
}

/**
 * A cell as players read it in messages, the log and the mail: the printed id the page's hex
 * numbers show ("0307"; the page draws cell [q, r] at printedId([q, r])), as every ruleset names hexes.
 */
export function showCell(cell: Hex): string {
  return printedId(cell);
}

export function seatLabel(seat: unknown): string {
  const i = typeof seat === "string" ? SEATS.indexOf(seat as (typeof SEATS)[number]) : -1;
  return i >= 0 ? `${String(seat).toUpperCase()} (${COLOURS[i]!.name})` : String(seat);
}
