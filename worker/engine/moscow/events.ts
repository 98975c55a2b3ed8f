/** The events of Battle for Moscow: what the log, the mails and the page's replay read. */
import type { Hex } from "../hex";
import type { Side } from "./data";
import type { CrtResult, Phase, Strength } from "./state";

type Cell = [number, number];

export type MoscowEvent =
  | { kind: "setup_done"; side: Side; placements: { unit_id: string; hex: string }[]; pool: string[] }
  | { kind: "phase_started"; turn: number; phase: Phase; mud: boolean }
  | { kind: "phase_skipped"; turn: number; phase: Phase; reason: string }
  | { kind: "moved"; unit_id: string; side: Side; from: Cell | null; to: Hex; path: Hex[]; rail?: true }
  | { kind: "city_captured"; city: string; hex: Hex; side: Side; previous: Side | undefined }
  | {
      kind: "battles_declared";
      side: Side;
      battles: { attackers: string[]; defender: string; odds: string; modified_odds: string }[];
    }
  | {
      kind: "battle_resolved";
      battle_index: number;
      side: Side;
      attackers: string[];
      defender: string;
      defender_hex: Cell | null;
      attack: number;
      defense: number;
      odds: string;
      terrain_modifiers: string[];
      modified_odds: string;
      die_roll: number | null;
      result: CrtResult;
    }
  | { kind: "step_lost"; unit_id: string; side: Side; hex: Cell | null; from: Strength; to: Strength; value: number; cause: string }
  | { kind: "eliminated"; unit_id: string; side: Side; hex: Cell | null; from: Strength; cause: string }
  | { kind: "retreat_blocked"; unit_id: string; hex: Cell | null }
  | { kind: "retreated"; unit_id: string; side: Side; from: Cell | null; to: Hex; path: readonly Hex[] }
  | { kind: "advanced"; unit_id: string; side: Side; from: Cell | null; to: Cell }
  | { kind: "advance_declined"; battle_index: number; side: Side }
  | { kind: "replacement"; side: Side; action: "restore" | "place"; unit_id: string; hex: Cell | Hex | null }
  | { kind: "game_over"; turn: number; winners: Side[]; reason: "moscow"; moscow: Side };
