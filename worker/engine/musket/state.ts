/** The plain-JSON state, scenario pieces and actions of musket (musket.md 3.2, 4, 5). */
import type { Outcome, Seat } from "../ruleset";
import type { Terrain, UnitType } from "./data";

export type Cell = [number, number];
export type Side = 0 | 1;
export type SeatName = "blue" | "red";
export const SEAT_OF: Readonly<Record<Side, SeatName>> = { 0: "blue", 1: "red" };
export const sideOfSeat = (seat: string): Side | null => (seat === "blue" ? 0 : seat === "red" ? 1 : null);
export const otherSide = (side: Side): Side => (side === 0 ? 1 : 0);

export type Step = "awaiting_activation" | "action" | "game_over";
export type Edge = "north" | "south" | "east" | "west";

/** What a unit is and where it stands, on the map or off it. */
export interface UnitIdentity {
  id: string;
  side: Side;
  type: UnitType;
  hex: Cell;
  sp: number;
  maxSp: number;
  elite: boolean;
}

export interface Unit extends UnitIdentity {
  activated: boolean;
  mpUsed: number;
  fired: boolean;
  roadOk: boolean;
}

export interface Leader {
  id: string;
  unit: string;
  radius: number;
}

/** A unit off the map: eliminated (with the hex it fell on) or exited (with its edge and SP). */
export interface RemovedUnit extends UnitIdentity {
  edge?: Edge;
}

export interface MapSpec {
  layout: "odd-q-rect";
  cols: number;
  rows: number;
  default: Terrain;
  terrain: { hex: Cell; type: Terrain }[];
}

interface ConditionBase {
  id: string;
  group?: string;
}
export type Condition = ConditionBase &
  (
    | { kind: "eliminate_units"; count: number }
    | { kind: "control_hexes"; hexes: Cell[]; requireAll: boolean; atTurn: number | null }
    | { kind: "hold_hexes"; hexes: Cell[]; requireAll: boolean; turns: number }
    | { kind: "exit_units"; edge: Edge; count: number; fromTurn: number }
  );

export type MusketOutcome = Outcome;

export interface MusketState {
  scenario: { id: string; name: string };
  map: MapSpec;
  sides: Record<"0" | "1", { name: string }>;
  firstPlayer: Side;
  turnLimit: number;
  turnLimitWinner: Side | null;
  victory: Record<"0" | "1", Condition[]>;
  turn: number;
  activePlayer: Side;
  step: Step;
  activeUnit: string | null;
  /** Units on the map, in scenario order. */
  units: Unit[];
  leaders: Leader[];
  eliminated: RemovedUnit[];
  exited: RemovedUnit[];
  /** hold_hexes condition id -> consecutive end-of-turn checks passed. */
  holdStreaks: Record<string, number>;
  outcome: MusketOutcome | null;
}

export type MusketAction =
  | { type: "activate"; unit: string }
  | { type: "end_turn" }
  | { type: "move"; to: Cell }
  | { type: "fire"; target: string }
  | { type: "charge"; target: string }
  | { type: "exit" }
  | { type: "end_activation" };

/** Who is to act: the active player's seat, nobody once the game is over. */
export function toAct(state: MusketState): Seat[] {
  return state.outcome ? [] : [SEAT_OF[state.activePlayer]];
}
