/**
 * The replay of what happened since a player's last move, step by step on the board.
 *
 * The page cannot rebuild a DiceWars game from its start (the map comes from the game's secret
 * seed), but every dicewars event carries what it changed: an expand its cells and strength, an
 * attack both strengths before and after, supply every die it added. So the replay walks the
 * log backwards from the server's current state, undoing one event at a time and checking
 * that each undo matches the board it finds. Each step keeps the board before and after it.
 * A log that does not fit (a changed engine, an unknown event) gives the lines only.
 */
import type { GameEventJson, LogEntry } from "../api";
import { EMPTY, cellIndex, type DiceWarsState } from "./dicewars-engine";

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
  /** Null when the log could not be fitted to the board (lines only). */
  before: Board | null;
  after: Board | null;
}

export interface Replay {
  steps: Step[];
  /** True when every step has its boards. */
  complete: boolean;
}

const MOVES = new Set(["expand", "attack", "supply"]);

export function boardOf(state: DiceWarsState): Board {
  return {
    owner: state.owner.slice(),
    strength: state.strength.slice(),
    eliminated: state.players.map((p) => p.eliminated),
    current: state.current,
    round: state.round,
    over: state.phase === "game_over",
  };
}

const clone = (b: Board): Board => ({ ...b, owner: b.owner.slice(), strength: b.strength.slice(), eliminated: b.eliminated.slice() });

/** Player index of "p1".."p4", or -1. */
export function playerIndex(seat: unknown, players: number): number {
  const m = typeof seat === "string" ? /^p([1-4])$/.exec(seat) : null;
  const i = m ? Number(m[1]) - 1 : -1;
  return i < players ? i : -1;
}

/**
 * Index of the first log entry the viewer has not seen: everything after their own last
 * move. A spectator sees the last round: everything after the previous turn of the seat that
 * is to move now (at the end of a game, the last run of entries by one seat).
 */
export function firstUnseen(log: readonly LogEntry[], seat: string | null, toAct: readonly string[]): number {
  let k = log.length;
  if (seat) {
    while (k > 0 && !(log[k - 1]!.seat === seat && !log[k - 1]!.bot)) k--;
    return k;
  }
  const next = toAct[0];
  if (next) {
    while (k > 0 && log[k - 1]!.seat !== next) k--;
    return k;
  }
  const last = log[log.length - 1]?.seat;
  while (k > 0 && log[k - 1]!.seat === last) k--;
  return k;
}

/** Splits an entry's events into steps: each expand, attack or supply starts one. */
function split(entry: LogEntry): Omit<Step, "before" | "after">[] {
  const steps: Omit<Step, "before" | "after">[] = [];
  entry.events.forEach((e, i) => {
    const line = entry.lines?.[i] ?? e.kind;
    const last = steps[steps.length - 1];
    if (!last || MOVES.has(e.kind)) {
      const kind: StepKind = e.kind === "expand" || e.kind === "attack" ? e.kind : e.kind === "supply" ? "end_turn" : "other";
      steps.push({ seq: entry.seq, seat: entry.seat, bot: entry.bot === true, kind, events: [e], lines: [line] });
    } else {
      last.events.push(e);
      last.lines.push(line);
    }
  });
  return steps;
}

const cellOf = (size: number, v: unknown): number => {
  if (!Array.isArray(v) || v.length !== 2) return -1;
  const [q, r] = v as [unknown, unknown];
  if (typeof q !== "number" || typeof r !== "number" || q < 0 || r < 0 || q >= size || r >= size) return -1;
  return cellIndex(size, [q, r]);
};

/**
 * Undoes the events of one step on `b` (in place), newest first. Returns false when the board
 * does not match what an event says it left behind.
 */
function undo(b: Board, size: number, events: readonly GameEventJson[], fallbackSeat: string): boolean {
  const n = b.eliminated.length;
  for (let k = events.length - 1; k >= 0; k--) {
    const e = events[k]!;
    const p = playerIndex(e.seat, n);
    switch (e.kind) {
      case "expand": {
        const f = cellOf(size, e.from);
        const t = cellOf(size, e.to);
        const s = Number(e.strength);
        if (p < 0 || f < 0 || t < 0 || b.owner[t] !== p || b.strength[t] !== s || b.owner[f] !== p || b.strength[f] !== 1) return false;
        b.owner[t] = EMPTY;
        b.strength[t] = 0;
        b.strength[f] = s + 1;
        b.current = p;
        break;
      }
      case "attack": {
        const f = cellOf(size, e.from);
        const t = cellOf(size, e.to);
        const d = playerIndex(e.defender, n);
        const holder = e.captured ? p : d;
        if (p < 0 || d < 0 || f < 0 || t < 0 || b.owner[f] !== p || b.strength[f] !== 1) return false;
        if (b.owner[t] !== holder || b.strength[t] !== Number(e.targetStrength)) return false;
        b.owner[t] = d;
        b.strength[t] = Number(e.defence);
        b.strength[f] = Number(e.attack) + 1;
        b.current = p;
        break;
      }
      case "supply": {
        if (p < 0) return false;
        for (const g of (e.gains as { cell: unknown; added: number }[] | undefined) ?? []) {
          const c = cellOf(size, g.cell);
          if (c < 0 || b.owner[c] !== p || b.strength[c]! - g.added < 1) return false;
          b.strength[c] = b.strength[c]! - g.added;
        }
        // a game ended by the round limit passed the turn (and the round) before ending
        if (events[k + 1]?.kind === "game_over" && events[k + 1]!.reason === "round_limit") b.round -= 1;
        b.current = p;
        break;
      }
      case "turn": {
        // the turn passed from the player who just ended theirs; wrapping round began a round
        const from = playerIndex(events[k - 1]?.kind === "supply" ? events[k - 1]!.seat : fallbackSeat, n);
        if (p < 0 || from < 0 || b.current !== p || b.round !== Number(e.round)) return false;
        if (p <= from) b.round -= 1;
        b.current = from;
        break;
      }
      case "eliminated":
        if (p < 0 || !b.eliminated[p] || b.owner.includes(p)) return false;
        b.eliminated[p] = false;
        break;
      case "game_over":
        b.over = false;
        break;
      default:
        // service events (resigned, timeout claimed, ...) leave the board alone
        break;
    }
  }
  return true;
}

/** The steps of `entries` (the tail of the log), each with its boards when they fit `current`. */
export function buildReplay(current: DiceWarsState, entries: readonly LogEntry[]): Replay {
  const shapes = entries.flatMap(split);
  const board = boardOf(current);
  const boards: { before: Board; after: Board }[] = [];
  let fits = true;
  for (let i = shapes.length - 1; i >= 0 && fits; i--) {
    const after = clone(board);
    fits = undo(board, current.size, shapes[i]!.events, shapes[i]!.seat);
    boards[i] = { before: clone(board), after };
  }
  return {
    steps: shapes.map((s, i) => ({ ...s, before: fits ? boards[i]!.before : null, after: fits ? boards[i]!.after : null })),
    complete: fits,
  };
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
