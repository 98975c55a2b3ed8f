import { type Hex, isHex } from "../hex";
import { type Legal, type LegalChoice, type LegalQuery, type Seat, ruleError } from "../ruleset";
import type { DiceWarsError } from "./errors";
import { cellsOf, neighbourTable } from "./board";
import {
  type Cell,
  type DiceWarsAction,
  type DiceWarsState,
  type MoveAction,
  EMPTY,
  cellIndex,
  onBoard,
  playerOf,
  seatLabel,
  showCell,
} from "./state";

/** A cell off the board has no printed id: the error names the axial pair the action sent. */
const axial = (c: readonly number[]): string => `[${c[0]},${c[1]}]`;

function isNeighbour(size: number, from: number, to: number): boolean {
  const table = neighbourTable(size);
  for (let d = 0; d < 6; d++) if (table[from * 6 + d] === to) return true;
  return false;
}

/** Shape check of an untrusted action; says nothing about the board. */
export function parseAction(action: unknown): DiceWarsAction | DiceWarsError {
  if (typeof action !== "object" || action === null || Array.isArray(action)) {
    return ruleError("bad_action", `An action is a JSON object with a "type" (expand, attack or end_turn), not ${JSON.stringify(action) ?? typeof action}`);
  }
  const { type, from, to } = action as Record<string, unknown>;
  if (type === "end_turn") return { type };
  if (type !== "expand" && type !== "attack") {
    return ruleError("bad_action", `Unknown action type ${JSON.stringify(type) ?? typeof type}: use "expand", "attack" or "end_turn"`, { type });
  }
  if (!isHex(from)) return notACell("from", type, from);
  if (!isHex(to)) return notACell("to", type, to);
  // checked: its own type, from and to are all a move reads (apply keeps none of it)
  return action as MoveAction;
}

const notACell = (name: "from" | "to", type: string, value: unknown): DiceWarsError =>
  ruleError("bad_action", `"${name}" of ${type} must be a cell [q, r] of two integers, not ${JSON.stringify(value) ?? typeof value}`, { field: name });

/**
 * Rules 5/6: checks a move of `player` against the board. Returns the source and target
 * indices, or the rule it breaks.
 */
export function checkMove(state: DiceWarsState, player: number, action: MoveAction): { from: number; to: number } | DiceWarsError {
  const { size } = state;
  const { type, from, to } = action;
  const verb = type === "expand" ? "expand" : "attack";
  if (!onBoard(size, from) || !onBoard(size, to)) {
    const cell = onBoard(size, from) ? to : from;
    return ruleError("off_board", `Cannot ${verb} from ${axial(from)} to ${axial(to)}: ${axial(cell)} is not on the ${size}×${size} board (0 ≤ q, r < ${size})`, { cell });
  }
  const f = cellIndex(size, from);
  const t = cellIndex(size, to);
  const target = state.owner[t];
  if (state.owner[f] !== player) {
    const why = state.blocked[f] ? "it is blocked" : state.owner[f] === EMPTY ? "it is empty" : `it belongs to ${seatLabel(state.players[state.owner[f]!]!.seat)}`;
    return ruleError("not_yours", `Cannot ${verb} from ${showCell(from)}: a move starts from one of your own cells and ${why}`, { from, to });
  }
  if (state.strength[f]! < 2) {
    return ruleError("too_weak", `Cannot ${verb} from ${showCell(from)}: a cell needs strength 2 or more to move and it has ${state.strength[f]}`, { from, to });
  }
  if (!isNeighbour(size, f, t)) {
    return ruleError("not_adjacent", `Cannot ${verb} from ${showCell(from)} to ${showCell(to)}: the target must be one of the six adjacent cells`, { from, to });
  }
  if (state.blocked[t]) {
    return ruleError("blocked", `Cannot ${verb} into ${showCell(to)}: it is blocked and can never be entered`, { from, to });
  }
  if (target === player) {
    return ruleError("own_cell", `Cannot ${verb} ${showCell(to)} from ${showCell(from)}: it is already yours, and your own cells are never targets`, { from, to });
  }
  if (type === "expand" && target !== EMPTY) {
    return ruleError("not_empty", `Cannot expand into ${showCell(to)}: it belongs to ${seatLabel(state.players[target!]!.seat)}; attack it instead`, { from, to });
  }
  if (type === "attack" && target === EMPTY) {
    return ruleError("not_enemy", `Cannot attack ${showCell(to)}: it is empty; expand into it instead`, { from, to });
  }
  return { from: f, to: t };
}

export interface LegalMove {
  type: "expand" | "attack";
  from: Cell;
  to: Cell;
  /** Attack value (source strength - 1) and defence value (target strength, 0 when empty). */
  attack: number;
  defence: number;
}

/**
 * Every legal move of `player`, by source in cell order and then by direction order (the
 * order the bot breaks ties in).
 */
export function listMoves(state: DiceWarsState, player: number): LegalMove[] {
  const table = neighbourTable(state.size);
  const { owner, strength, blocked, size } = state;
  const cells = cellsOf(size);
  const moves: LegalMove[] = [];
  for (let f = 0; f < owner.length; f++) {
    if (owner[f] !== player || strength[f]! < 2) continue;
    for (let d = 0; d < 6; d++) {
      const t = table[f * 6 + d]!;
      if (t < 0 || blocked[t] || owner[t] === player) continue;
      moves.push({
        type: owner[t] === EMPTY ? "expand" : "attack",
        from: cells[f]!,
        to: cells[t]!,
        attack: strength[f]! - 1,
        defence: strength[t]!,
      });
    }
  }
  return moves;
}

export interface DiceWarsLegal {
  seat: Seat;
  /** True when this seat must act now. */
  yourTurn: boolean;
  /** end_turn is accepted (always, on your turn). */
  endTurn: boolean;
  /** Cells that have at least one move (after the `from` filter). */
  sources: Cell[];
  moves: LegalMove[];
}

/**
 * The legal moves of `seat` now. Query `from=q,r` keeps only the moves from that cell (the
 * page's "select a source, show its targets").
 */
export function legalFor(state: DiceWarsState, seat: Seat, query?: LegalQuery): DiceWarsLegal {
  const player = playerOf(state, seat);
  const yourTurn = state.phase === "play" && player === state.current;
  let moves = yourTurn ? listMoves(state, player) : [];
  const from = query?.from?.split(",").map(Number);
  if (from && from.length === 2) moves = moves.filter((m) => m.from[0] === from[0] && m.from[1] === from[1]);
  const sources: Cell[] = [];
  for (const m of moves) {
    const last = sources[sources.length - 1];
    if (!last || last[0] !== m.from[0] || last[1] !== m.from[1]) sources.push(m.from);
  }
  return { seat, yourTurn, endTurn: yourTurn, sources, moves };
}

const fromQuery = (query: LegalQuery | undefined): Cell | null => {
  const from = query?.from?.split(",").map(Number);
  return from && from.length === 2 && from.every(Number.isSafeInteger) ? [from[0]!, from[1]!] : null;
};

/**
 * Contract v2: every action `seat` may send now. Query `from=q,r` keeps only the moves from
 * that cell (and drops end_turn).
 */
export function legalChoices(state: DiceWarsState, seat: Seat, query?: LegalQuery): Legal<DiceWarsAction> {
  const player = playerOf(state, seat);
  if (state.phase !== "play" || player !== state.current) return { choices: [] };
  const from = fromQuery(query);
  const choices: LegalChoice<DiceWarsAction>[] = [];
  for (const m of listMoves(state, player)) {
    if (from && (m.from[0] !== from[0] || m.from[1] !== from[1])) continue;
    const verb = m.type === "expand" ? "expand" : `attack (${m.attack} against ${m.defence})`;
    choices.push({ action: { type: m.type, from: m.from, to: m.to }, label: `${showCell(m.from)} ${verb} ${showCell(m.to)}`, from: m.from, to: m.to });
  }
  if (from) return { choices, narrowedBy: ["from"] };
  choices.push({ action: { type: "end_turn" }, label: "end the turn" });
  return { choices };
}
