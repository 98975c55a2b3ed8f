/**
 * The events `apply` returns (skirmish.md 18), in the order things happen. Every face drawn
 * appears in exactly one: a test record, `initiative.rollOffs` or `end_dice.faces`.
 */
import type { Hex } from "../hex";
import type { TestRecord } from "./dice";
import type { CoverKind } from "./sight";
import type { SkirmishSeat } from "./state";

export type StatusCause = "wounds" | "cleave" | "ko_rule" | "fear" | "coup_de_grace" | "bottled";

export type SkirmishEvent =
  | { kind: "deployed"; model: string; side: SkirmishSeat; hex: Hex; from: Hex | null }
  | { kind: "deployment_ended"; side: SkirmishSeat }
  | { kind: "turn_started"; turn: number }
  | {
      kind: "initiative";
      turn: number;
      leaders: Record<SkirmishSeat, string | null>;
      test: TestRecord;
      faceTotals: Record<SkirmishSeat, number>;
      rollOffs: [number, number][];
      winner: SkirmishSeat;
    }
  | { kind: "activated"; model: string; ap: number; delayRemoved: number; compulsoryAp: number }
  | { kind: "pushed"; model: string; ap: number; delay: number }
  | { kind: "moved"; model: string; path: Hex[]; from: Hex; to: Hex; cost: number; charging: string | null; engages: string[] }
  | { kind: "disengaged"; model: string; opponent: string | null; automatic: boolean; test: TestRecord | null; passed: boolean; path: Hex[]; to: Hex }
  | {
      kind: "close_attack";
      attacker: string;
      target: string;
      weapon: string;
      coupDeGrace: boolean;
      charge: boolean;
      hit: TestRecord | null;
      damage: TestRecord | null;
      impact: number;
      effectiveAR: number;
      raw: number;
      received: number;
    }
  | {
      kind: "range_attack";
      attacker: string;
      target: string;
      weapon: string;
      distance: number;
      or: number;
      orm: number;
      cover: CoverKind[];
      obscured: number;
      hit: TestRecord;
      damage: TestRecord | null;
      impact: number;
      effectiveAR: number;
      raw: number;
      received: number;
    }
  | { kind: "wounded"; model: string; received: number; wounds: number; cause: "attack" | "stun" }
  | { kind: "delay"; model: string; delay: number; reason: "push" | "repeated_attack" | "repeated_disengage" }
  | { kind: "status"; model: string; status: "ko" | "eliminated"; cause: StatusCause }
  | { kind: "fear_test"; model: string; test: TestRecord; fearBefore: number; fear: number }
  | { kind: "rally"; model: string; target: string; test: TestRecord; removed: number }
  | { kind: "reloaded"; model: string; weapon: string; left: number }
  | { kind: "activation_ended"; model: string; reason: "end_activation" | "left_play" }
  | { kind: "bottle_test"; side: SkirmishSeat; model: string | null; dr: number; test: TestRecord | null; bottled: boolean }
  | { kind: "end_dice"; turn: number; faces: number[]; ended: boolean }
  | {
      kind: "game_over";
      turn: number;
      result: "win" | "draw";
      winners: SkirmishSeat[];
      reason: string;
      /** How the game ended (ours, beside 18's fields). */
      endedBy: "no_models_in_play" | "end_dice";
      vp: Record<SkirmishSeat, number>;
      rp: Record<SkirmishSeat, number>;
      keys: Record<SkirmishSeat, string[]>;
    };

export type EventKind = SkirmishEvent["kind"];
