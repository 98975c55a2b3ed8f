/**
 * What the environment needs to know of each ruleset, as data: its board's hexes, its pieces,
 * its phases and its action types with their parameters. The index spaces built from these are
 * fixed for a scenario (they depend on the board and the piece list at setup, never on play).
 */
import { HEX_COUNT as MOSCOW_HEX_COUNT, hexOf as moscowHexOf, indexOf as moscowIndexOf, UNIT_DEFS as MOSCOW_UNITS } from "../moscow/data";
import type { MoscowState } from "../moscow/state";
import type { DiceWarsState } from "../dicewars/state";
import type { WarshardState } from "../warshard/state";
import { SEAT_OF as MUSKET_SEAT_OF, type MusketState } from "../musket/state";
import { SEATS as SKIRMISH_SEATS, type SkirmishState } from "../skirmish/state";
import type { Hex } from "../hex";

/**
 * A parameter of an action, as the index space counts it:
 * - `unit`: a piece of the scenario (by its place in the piece list);
 * - `unitOrNone`: the same, or none (one more value);
 * - `hex`: a hex of the board; a path (`Hex[]`) counts by its last hex;
 * - `direction`: which of the six neighbours of the previous `hex` parameter (dicewars' from/to);
 * - `number`: a whole number below `max`;
 * - `listed`: the k-th choice of this type in `legal()`'s order (for actions made of lists:
 *   a set-up, a declaration of battles, a choice of losses), up to `max`.
 */
export type Param =
  | { field: string; kind: "unit" | "unitOrNone" | "hex" | "direction" }
  | { field: string; kind: "number"; max: number }
  | { field: "*"; kind: "listed"; max: number };

export interface ActionType {
  /** The action's `type`, or `type:value` where a field splits one type into several (moscow's replacement). */
  name: string;
  params: readonly Param[];
}

export interface Piece {
  id: string;
  seat: string;
  /** null when off the board (not yet placed, eliminated, exited, waiting). */
  hex: Hex | null;
  /** Strength as a number: steps, SP, dice, or wounds left; see README for each ruleset. */
  value: number;
}

export interface Board {
  count: number;
  indexOf(h: Hex): number;
  hexAt(i: number): Hex;
}

export interface RulesetLayout<S> {
  phases: readonly string[];
  phase(state: S): string;
  turn(state: S): number;
  board(state: S): Board;
  pieces(state: S): Piece[];
  actions: readonly ActionType[];
  /** The name of an action's type in `actions`. */
  typeOf(action: { type: string; [field: string]: unknown }): string;
}

/** Odd-q offset rectangles (moscow, warshard, musket, the skirmish): index = col * rows + row. */
export function oddQBoard(cols: number, rows: number): Board {
  return {
    count: cols * rows,
    indexOf(h) {
      const col = h[0];
      const row = h[1] + ((col - (col & 1)) >> 1);
      return col < 0 || col >= cols || row < 0 || row >= rows ? -1 : col * rows + row;
    },
    hexAt(i) {
      const col = Math.floor(i / rows);
      const row = i % rows;
      return [col, row - ((col - (col & 1)) >> 1)];
    },
  };
}

/** DiceWars' rhombus of size x size cells: index = q * size + r. */
function rhombusBoard(size: number): Board {
  return {
    count: size * size,
    indexOf: (h) => (h[0] < 0 || h[0] >= size || h[1] < 0 || h[1] >= size ? -1 : h[0] * size + h[1]),
    hexAt: (i) => [Math.floor(i / size), i % size],
  };
}

const plainType = (a: { type: string }) => a.type;
const unit = (field: string): Param => ({ field, kind: "unit" });
const hex = (field: string): Param => ({ field, kind: "hex" });
const listed = (max: number): Param => ({ field: "*", kind: "listed", max });

const MOSCOW_BOARD: Board = { count: MOSCOW_HEX_COUNT, indexOf: moscowIndexOf, hexAt: moscowHexOf };
const MOSCOW_STEPS: Record<string, number> = { full: 2, half: 1, eliminated: 0 };

const moscowLayout: RulesetLayout<MoscowState> = {
  phases: ["soviet_setup", "german_setup", "german_replacement", "german_panzer_movement", "german_combat", "german_movement", "soviet_replacement", "soviet_rail_movement", "soviet_combat", "soviet_movement", "game_over"],
  phase: (s) => s.phase,
  turn: (s) => s.turn,
  board: () => MOSCOW_BOARD,
  pieces: (s) => s.units.map((u, k) => ({ id: u.id, seat: MOSCOW_UNITS[k]!.side, hex: u.position, value: MOSCOW_STEPS[u.strength] ?? 0 })),
  actions: [
    { name: "setup", params: [listed(16)] },
    { name: "move", params: [unit("unitId"), hex("to")] },
    { name: "end_phase", params: [] },
    { name: "declare_battles", params: [listed(64)] },
    { name: "resolve_battle", params: [{ field: "battleIndex", kind: "number", max: 40 }] },
    { name: "choose_losses", params: [listed(32)] },
    { name: "retreat", params: [listed(32)] },
    { name: "advance", params: [{ field: "unitId", kind: "unitOrNone" }] },
    { name: "replacement:restore", params: [unit("unitId")] },
    { name: "replacement:place", params: [unit("unitId"), hex("hex")] },
    // last, so the indices of the others stay as they were
    { name: "resolve_all_battles", params: [] },
  ],
  typeOf: (a) => (a.type === "replacement" ? `replacement:${String(a.action)}` : a.type),
};

const diceWarsLayout: RulesetLayout<DiceWarsState> = {
  phases: ["play", "game_over"],
  phase: (s) => s.phase,
  turn: (s) => s.round,
  board: (s) => rhombusBoard(s.size),
  pieces: (s) => {
    const board = rhombusBoard(s.size);
    return s.owner.map((o, i) => ({ id: String(i), seat: o >= 0 ? s.players[o]!.seat : "", hex: s.blocked[i] ? null : board.hexAt(i), value: s.strength[i]! }));
  },
  actions: [
    { name: "expand", params: [hex("from"), { field: "to", kind: "direction" }] },
    { name: "attack", params: [hex("from"), { field: "to", kind: "direction" }] },
    { name: "end_turn", params: [] },
  ],
  typeOf: plainType,
};

const warshardLayout: RulesetLayout<WarshardState> = {
  phases: ["movement", "attack", "support", "defense", "resolution", "upkeep", "game_over"],
  phase: (s) => s.phase,
  turn: (s) => s.turn,
  board: (s) => oddQBoard(s.map.cols, s.map.rows),
  pieces: (s) => s.units.map((u) => ({ id: u.id, seat: u.side, hex: u.status === "map" ? u.hex : null, value: u.status === "map" ? 1 : 0 })),
  actions: [
    { name: "move", params: [unit("unit"), hex("path")] },
    { name: "end_movement", params: [] },
    { name: "attack", params: [unit("unit"), hex("target")] },
    { name: "end_attacks", params: [] },
    { name: "support", params: [unit("unit"), hex("fight")] },
    { name: "end_support", params: [] },
    { name: "retreat", params: [unit("unit"), hex("to")] },
    { name: "advance", params: [unit("unit"), hex("fight")] },
    { name: "no_advance", params: [hex("fight")] },
    { name: "place_replacement", params: [unit("unit"), hex("hex")] },
  ],
  typeOf: plainType,
};

const musketLayout: RulesetLayout<MusketState> = {
  phases: ["awaiting_activation", "action", "game_over"],
  phase: (s) => s.step,
  turn: (s) => s.turn,
  board: (s) => oddQBoard(s.map.cols, s.map.rows),
  pieces: (s) => {
    // the piece list is fixed at setup: units still on the map, then those gone, by id
    const gone = new Map([...s.eliminated, ...s.exited].map((u) => [u.id, u]));
    const onMap = new Map(s.units.map((u) => [u.id, u]));
    const ids = [...s.units.map((u) => u.id), ...gone.keys()].sort();
    return ids.map((id) => {
      const u = onMap.get(id);
      const g = gone.get(id);
      return u ? { id, seat: MUSKET_SEAT_OF[u.side], hex: u.hex, value: u.sp } : { id, seat: MUSKET_SEAT_OF[g!.side], hex: null, value: 0 };
    });
  },
  actions: [
    { name: "activate", params: [unit("unit")] },
    { name: "end_turn", params: [] },
    { name: "move", params: [hex("to")] },
    { name: "fire", params: [unit("target")] },
    { name: "charge", params: [unit("target")] },
    { name: "exit", params: [] },
    { name: "end_activation", params: [] },
  ],
  typeOf: plainType,
};

const skirmishLayout: RulesetLayout<SkirmishState> = {
  phases: ["deployment", "turn", "game_over"],
  phase: (s) => s.phase,
  turn: (s) => s.turn,
  board: (s) => oddQBoard(s.board.cols, s.board.rows),
  pieces: (s) =>
    s.models.map((m) => ({ id: m.id, seat: SKIRMISH_SEATS[m.side], hex: m.status === "eliminated" ? null : m.hex, value: m.status === "eliminated" ? 0 : Math.max(0, m.profile.attributes.SIZ - m.wounds) })),
  actions: [
    { name: "deploy", params: [unit("model"), hex("hex")] },
    { name: "end_deployment", params: [] },
    { name: "activate", params: [unit("model")] },
    { name: "push", params: [] },
    { name: "move", params: [hex("path")] },
    { name: "disengage", params: [hex("path")] },
    { name: "close_attack", params: [unit("target")] },
    { name: "range_attack", params: [unit("target")] },
    { name: "reload", params: [] },
    { name: "rally", params: [unit("target")] },
    { name: "end_activation", params: [] },
  ],
  typeOf: plainType,
};

export const LAYOUTS: Readonly<Record<string, RulesetLayout<never>>> = {
  moscow: moscowLayout as RulesetLayout<never>,
  dicewars: diceWarsLayout as RulesetLayout<never>,
  warshard: warshardLayout as RulesetLayout<never>,
  musket: musketLayout as RulesetLayout<never>,
  skirmish: skirmishLayout as RulesetLayout<never>,
};
