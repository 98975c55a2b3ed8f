/** The plain-JSON game state and action shapes of Battle for Moscow (moscow.md, seed §4.3-4.4). */
import type { Outcome } from "../ruleset";
import type { Side } from "./data";

export type Phase =
  | "soviet_setup"
  | "german_setup"
  | "german_replacement"
  | "german_panzer_movement"
  | "german_combat"
  | "german_movement"
  | "soviet_replacement"
  | "soviet_rail_movement"
  | "soviet_combat"
  | "soviet_movement"
  | "game_over";

/** The eight phases of a turn, in order. */
export const TURN_PHASES: readonly Phase[] = [
  "german_replacement",
  "german_panzer_movement",
  "german_combat",
  "german_movement",
  "soviet_replacement",
  "soviet_rail_movement",
  "soviet_combat",
  "soviet_movement",
];

export const LAST_TURN = 7;

export type Strength = "full" | "half" | "eliminated";

export interface UnitState {
  id: string;
  /** Axial [q, r], or null when the unit is off the map (eliminated, or not yet set up). */
  position: [number, number] | null;
  strength: Strength;
}

export type CrtResult = "NE" | "AL" | "DR" | "DRL" | "DE" | "EX";

export interface Battle {
  attackers: string[];
  defender: string;
  resolved: boolean;
  /** Set once resolved. */
  result?: CrtResult;
  dieRoll?: number | null;
  /** Where the defender stood when the battle was resolved (the hex an attacker may advance into). */
  defenderHex?: [number, number];
}

export type ChoiceAction = ChooseLossesAction | RetreatAction | AdvanceAction;

export interface Pending {
  kind: "losses" | "retreat" | "advance";
  battleIndex: number;
  unitId?: string;
  minLoss?: number;
  options: ChoiceAction[];
}

export interface MoscowOptions {
  sovietReplacements: 3 | 4 | 5;
  germanReplacementTurns: "every" | "even";
  rules: "gdw1986" | "seed-spec";
}

export interface MoscowState {
  scenario: string;
  options: MoscowOptions;
  turn: number;
  phase: Phase;
  units: UnitState[];
  /** Owner of every city, by city name. */
  cityControl: Record<string, Side>;
  /** The battles declared this combat phase, in declared order (battleIndex = place in this list). */
  pendingBattles: Battle[];
  battlesDeclared: boolean;
  pending: Pending | null;
  movedThisPhase: string[];
  /** True unless the German still has this turn's replacement to use. */
  germanReplacementUsed: boolean;
  sovietReplacementsRemaining: number;
  firstShockArmyAvailable: boolean;
  /** Units restored or brought back in the current replacement phase (never both on one unit). */
  replacedThisTurn: string[];
  /** Printed ids of cities where a new unit entered in the current replacement phase. */
  citiesUsedThisTurn: string[];
  outcome: Outcome | null;
}

export interface Placement {
  unitId: string;
  hex: [number, number];
}

export type SetupAction = { type: "setup"; placements: Placement[] };
export type MoveAction = { type: "move"; unitId: string; to: [number, number] };
export type DeclareBattlesAction = { type: "declare_battles"; battles: { attackers: string[]; defender: string }[] };
export type ResolveBattleAction = { type: "resolve_battle"; battleIndex: number };
/** Every declared battle not yet resolved, in the declared order, up to the first choice owed. */
export type ResolveAllBattlesAction = { type: "resolve_all_battles" };
export type ChooseLossesAction = { type: "choose_losses"; steps: string[] };
export type RetreatAction = { type: "retreat"; unitId: string; path: [number, number][] };
export type AdvanceAction = { type: "advance"; unitId: string | null };
export type ReplacementAction =
  | { type: "replacement"; action: "restore"; unitId: string }
  | { type: "replacement"; action: "place"; unitId: string; hex: [number, number] };
export type EndPhaseAction = { type: "end_phase" };

export type MoscowAction =
  | SetupAction
  | MoveAction
  | DeclareBattlesAction
  | ResolveBattleAction
  | ResolveAllBattlesAction
  | ChooseLossesAction
  | RetreatAction
  | AdvanceAction
  | ReplacementAction
  | EndPhaseAction;

const PHASE_OWNER: ReadonlyMap<string, Side | null> = new Map<Phase, Side | null>([
  ["soviet_setup", "soviet"],
  ["german_setup", "german"],
  ["german_replacement", "german"],
  ["german_panzer_movement", "german"],
  ["german_combat", "german"],
  ["german_movement", "german"],
  ["soviet_replacement", "soviet"],
  ["soviet_rail_movement", "soviet"],
  ["soviet_combat", "soviet"],
  ["soviet_movement", "soviet"],
  ["game_over", null],
]);

/** Who plays a phase (a phase name the engine does not know goes by its first word, as it always did). */
export function phaseOwner(phase: Phase): Side | null {
  const owner = PHASE_OWNER.get(phase);
  if (owner !== undefined) return owner;
  return phase.startsWith("german") ? "german" : "soviet";
}

/** The one side to act, or null once the game is over (toAct without a list, for the engine's own checks). */
export function sideToAct(state: MoscowState): Side | null {
  return state.outcome ? null : phaseOwner(state.phase);
}

/** Who is to act: the phase's owner, nobody once the game is over. */
export function toAct(state: MoscowState): Side[] {
  const side = sideToAct(state);
  return side ? [side] : [];
}
