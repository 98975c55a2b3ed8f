/** The game state, actions and pending decisions: plain JSON, camelCase, hexes axial [q, r]. */
import type { Hex } from "../hex";
import type { Outcome, Seat } from "../ruleset";
import type { CrtResult, Terrain, UnitType } from "./data";

export type Side = string;

export const TURN_PHASES = ["movement", "attack", "support", "defense", "resolution", "upkeep"] as const;
export type Phase = (typeof TURN_PHASES)[number] | "game_over";

/** Where a unit is: on the map, waiting to arrive, in the shattered list, or gone for good. */
export type UnitStatus = "map" | "waiting" | "shattered" | "destroyed";

export interface Unit {
  id: string;
  side: Side;
  type: UnitType;
  name?: string;
  /** null unless on the map. */
  hex: Hex | null;
  /** Half movement points (5.1). */
  mobilityLeft: number;
  allocated: boolean;
  status: UnitStatus;
  /** The player-turn a reinforcement arrives (null for units that start on the map). */
  arrives: number | null;
}

export interface MapHexSpec {
  hex: Hex;
  type: Terrain;
  name?: string;
  vp?: number;
}

export interface MapSpec {
  cols: number;
  rows: number;
  default: Terrain;
  /** Every hex that is not `default`, or that has a name or VP. */
  hexes: MapHexSpec[];
}

export interface Fight {
  hex: Hex;
  /** Melee attackers in allocation order. */
  attackers: string[];
  attackSupport: string[];
  defenceSupport: string[];
}

export type EliminationCause = "EX" | "DE" | "AE" | "undefended" | "no_retreat" | "stacking";

/** A unit to be removed in step 3 of 8.5; `group` orders the shattered list inside a Fight. */
export interface Doomed {
  unit: string;
  fight: number;
  group: 0 | 1 | 2;
  cause: EliminationCause;
}

export interface RetreatTask {
  unit: string;
  fight: number;
}

/** Combat resolution in progress (8.5 steps 2-3). */
export interface Resolution {
  retreats: RetreatTask[];
  doomed: Doomed[];
}

/** The upkeep in progress (9). */
export interface Upkeep {
  /** The next Fight whose advance is still to be offered. */
  nextFight: number;
  reinforced: boolean;
  /** Shattered units already rolled for in this upkeep. */
  rolled: string[];
}

export type Pending =
  | { kind: "retreat"; unit: string; side: Side; fight: Hex; options: Hex[] }
  | { kind: "advance"; fight: Hex; side: Side; options: string[] }
  | { kind: "place_replacement"; unit: string; side: Side; options: Hex[] };

export interface Control {
  hex: Hex;
  side: Side;
}

export interface WarshardState {
  scenario: { id: string; title: string };
  map: MapSpec;
  /** [firstSide, second side]. */
  sides: [Side, Side];
  turnLimit: number;
  turn: number;
  activeSide: Side;
  phase: Phase;
  /** Canonical order: the scenario's units, then its reinforcements. */
  units: Unit[];
  fights: Fight[];
  pending: Pending | null;
  resolution: Resolution | null;
  upkeep: Upkeep | null;
  shattered: Record<Side, string[]>;
  replacementPoints: Record<Side, Hex[]>;
  /** Controlled VP hexes, by (q, r). */
  control: Control[];
  outcome: (Outcome & { vp: Record<Side, number> }) | null;
}

export type MoveAction = { type: "move"; unit: string; path: Hex[] };
export type AttackAction = { type: "attack"; unit: string; target: Hex };
export type SupportAction = { type: "support"; unit: string; fight: Hex };
export type RetreatAction = { type: "retreat"; unit: string; to: Hex };
export type AdvanceAction = { type: "advance"; fight: Hex; unit: string };
export type NoAdvanceAction = { type: "no_advance"; fight: Hex };
export type PlaceAction = { type: "place_replacement"; unit: string; hex: Hex };
export type EndAction = { type: "end_movement" } | { type: "end_attacks" } | { type: "end_support" };

export type WarshardAction = MoveAction | AttackAction | SupportAction | RetreatAction | AdvanceAction | NoAdvanceAction | PlaceAction | EndAction;

export type { CrtResult };

/** Who must send the next action: the side owing a decision, the defender in its support phase, else the side on move. */
export function toAct(state: WarshardState): Seat[] {
  if (state.outcome) return [];
  if (state.pending) return [state.pending.side];
  return [state.phase === "defense" ? otherSide(state, state.activeSide) : state.activeSide];
}

/** The side that is not `side`. */
export const otherSide = (state: WarshardState, side: Side): Side => (state.sides[0] === side ? state.sides[1] : state.sides[0]);
