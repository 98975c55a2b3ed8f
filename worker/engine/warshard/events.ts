/** What apply() reports (15), in the order things happen. Every value drawn is in one event. */
import type { Hex } from "../hex";
import type { CrtResult } from "./data";
import type { FightOdds } from "./odds";
import type { EliminationCause, Phase, Side } from "./state";

export type WarshardEvent =
  | { kind: "player_turn_started"; turn: number; side: Side }
  | { kind: "phase_skipped"; turn: number; side: Side; phase: Phase; reason: string }
  | { kind: "moved"; unit: string; side: Side; from: Hex; to: Hex; path: Hex[]; cost: number; mobilityLeft: number; zoc: boolean }
  | { kind: "stack_removed"; hex: Hex; unit: string; side: Side; tied: string[]; k: number | null; pick: number | null }
  | { kind: "attack_declared"; unit: string; side: Side; fight: Hex }
  | { kind: "support_declared"; unit: string; side: Side; fight: Hex; role: "attack" | "defence" }
  | ({ kind: "fight_resolved"; fight: Hex; die: number | null; result: CrtResult | "none" | "auto" } & FightOdds)
  | { kind: "ex_loss"; fight: Hex; tied: string[]; k: number | null; pick: number | null; unit: string }
  | { kind: "retreated"; unit: string; side: Side; from: Hex; to: Hex; chosenBy: Side | "engine" }
  | { kind: "retreat_blocked"; unit: string; side: Side; hex: Hex }
  | { kind: "eliminated"; unit: string; side: Side; hex: Hex; cause: EliminationCause }
  | { kind: "advanced"; fight: Hex; unit: string; from: Hex; to: Hex }
  | { kind: "advance_declined"; fight: Hex }
  | { kind: "reinforcement_arrived"; unit: string; side: Side; hex: Hex }
  | { kind: "reinforcement_delayed"; unit: string; side: Side; hex: Hex }
  | { kind: "replacement_roll"; unit: string; side: Side; die: number; result: "destroyed" | "stays" | "recovered" }
  | { kind: "replacement_placed"; unit: string; side: Side; hex: Hex }
  | { kind: "control_changed"; hex: Hex; side: Side; previous: Side | null }
  | { kind: "game_over"; turn: number; result: "win" | "draw"; winners: Side[]; reason: string; vp: Record<Side, number> };
