/**
 * The state of a skirmish game (skirmish.md 3.7, 6): plain JSON, never mutated.
 */
import type { Hex } from "../hex";
import type { Outcome, Seat } from "../ruleset";
import type { GameSize, Lighting } from "./data/catalog";
import type { Profile } from "./data/profile";
import type { TerrainLists } from "./terrain";

export type SideIndex = 0 | 1;
export const SEATS = ["attacker", "defender"] as const;
export type SkirmishSeat = (typeof SEATS)[number];

export const seatOf = (side: SideIndex): SkirmishSeat => SEATS[side];
export const sideOfSeat = (seat: Seat): SideIndex | null => (seat === "attacker" ? 0 : seat === "defender" ? 1 : null);
export const otherSide = (side: SideIndex): SideIndex => (side === 0 ? 1 : 0);

export const MODEL_STATUSES = ["in_play", "ko", "eliminated"] as const;
export type ModelStatus = (typeof MODEL_STATUSES)[number];

export interface ModelState {
  id: string;
  side: SideIndex;
  name: string;
  profile: Profile;
  /** null only while the model waits to be deployed. */
  hex: Hex | null;
  wounds: number;
  delay: number;
  fear: number;
  status: ModelStatus;
  /** Eliminated by its side bottling out (12.5). */
  bottled: boolean;
  done: boolean;
  /** Reload actions its ranged weapon still needs (0 = loaded). */
  ammo: number;
  fearTestedThisTurn: boolean;
  ralliedThisTurn: boolean;
  crossedMidline: boolean;
}

export interface LastAction {
  type: string;
  /** After a charging Move: the enemies it was a charging move against (8.2). */
  chargeTargets: string[];
}

export interface Activation {
  model: string;
  ap: number;
  attacksMade: number;
  disengagesMade: number;
  pushed: boolean;
  contactMovedInto: string[];
  lastAction: LastAction | null;
  compulsoryApLeft: number;
}

export type Phase = "deployment" | "turn" | "game_over";

/** The variant "activations in a row" (VARIANTS.md): 1 is the rules as written (6.3). */
export type ActivationsInARow = 1 | 2 | 3 | "all";

export interface SkirmishOptions {
  lighting: "scenario" | Lighting;
  koIsElimination: "no" | "yes";
  activationsInARow: ActivationsInARow;
}

export interface Board {
  cols: number;
  rows: number;
  terrain: TerrainLists;
}

export interface SideRecord {
  name: string;
  startCount: number;
  startBP: number;
  bottled: boolean;
}

export interface SkirmishState {
  scenario: { id: string; title: string };
  gameSize: GameSize;
  lighting: Lighting;
  visibility: number;
  koIsElimination: boolean;
  endGameFromTurn: number;
  deploymentDepth: number;
  board: Board;
  sides: [SideRecord, SideRecord];
  /** Every model, side 0's in assembly order, then side 1's. */
  models: ModelState[];
  phase: Phase;
  /** The side placing its models during deployment. */
  deploying: SideIndex | null;
  turn: number;
  /** The side that won this turn's initiative. */
  initiativeSide: SideIndex;
  /** The side choosing or acting with a model now. */
  activeSide: SideIndex;
  /**
   * How many activations a side makes in a row before the other side's (VARIANTS.md), and how
   * many the active side has begun in its current row. Games created before the variant have
   * neither: they play the rules as written (1).
   */
  activationsInARow?: ActivationsInARow;
  activationsThisRow?: number;
  activation: Activation | null;
  endDice: number;
  firstCrosser: SideIndex | null;
  outcome: Outcome | null;
}

/** The side that chooses now: the deploying side, then the active one; nobody once the game is over. */
export function toActSide(state: SkirmishState): SideIndex | null {
  if (state.phase === "game_over") return null;
  if (state.phase === "deployment") return state.deploying;
  return state.activeSide;
}

export function modelById(state: SkirmishState, id: string): ModelState | undefined {
  return state.models.find((m) => m.id === id);
}

export const sideModels = (state: SkirmishState, side: SideIndex): ModelState[] => state.models.filter((m) => m.side === side);

/** The active side may begin another activation before the other side's row (6.3, VARIANTS.md). */
export function rowOpen(state: SkirmishState): boolean {
  const limit = state.activationsInARow ?? 1;
  return limit === "all" || (state.activationsThisRow ?? 0) < limit;
}
