/** musket.md 15: the events, in the order they happen; every drawn value is in exactly one. */
import type { Cell, Edge, Leader, SeatName, Side } from "./state";

export type ChargeOutcome = "attacker_repulsed" | "defender_holds" | "defender_retreats" | "defender_eliminated";
export type EndReason = "end_activation" | "charge" | "exit" | "command_failed" | "terrain_check_failed";

export type MusketEvent =
  | { kind: "activated"; unit: string; side: Side; inCommand: boolean; chance: number; u: number | null; passed: boolean }
  | { kind: "terrain_check"; unit: string; hex: Cell; u: number; passed: boolean }
  | { kind: "moved"; unit: string; from: Cell; to: Cell; cost: number; usesRoad: boolean; moved: boolean }
  | {
      kind: "fired";
      unit: string;
      target: string;
      from: Cell;
      at: Cell;
      distance: number;
      base: number;
      cover: number;
      longRange: number;
      chance: number;
      u1: number;
      hit: boolean;
      u2: number | null;
      damage: number;
    }
  | {
      kind: "charged";
      unit: string;
      target: string;
      origin: Cell;
      at: Cell;
      difficult: boolean;
      /** The chance the attacker was not repulsed (delta >= 1), known before the dice. */
      chance: number;
      uA: number;
      dA: number;
      uD: number;
      dD: number;
      attackerScore: number;
      defenderScore: number;
      delta: number;
      outcome: ChargeOutcome;
      defenderDamage: number;
      attackerDamage: number;
      defenderTo: Cell | null;
      attackerTo: Cell | null;
    }
  | { kind: "leader_casualty"; leader: string; host: string; u: number; killed: boolean; successor: Leader | null }
  | { kind: "morale"; unit: string; chance: number; u: number; passed: boolean; extraHit: boolean; retreatTo: Cell | null }
  | { kind: "eliminated"; unit: string; side: Side; hex: Cell; leaders: string[] }
  | { kind: "exited"; unit: string; side: Side; from: Cell; edge: Edge; sp: number; leaders: string[] }
  | { kind: "activation_ended"; unit: string; reason: EndReason }
  | { kind: "player_turn_ended"; turn: number; side: Side }
  | { kind: "victory_check"; turn: number; satisfied: Record<SeatName, string[]>; holdStreaks: Record<string, number> }
  | { kind: "player_turn_started"; turn: number; side: Side }
  | { kind: "game_over"; turn: number; result: "win" | "draw"; winners: SeatName[]; reason: string; sp: Record<SeatName, number> };
