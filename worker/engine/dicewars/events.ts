/** The events of DiceWars: what the log, the mails and the page's replay read. */
import type { Seat } from "../ruleset";
import type { CombatResult } from "./combat";
import type { Cell } from "./state";

export type DiceWarsEvent =
  | { kind: "expand"; seat: Seat; from: Cell; to: Cell; strength: number }
  | ({ kind: "attack"; seat: Seat; defender: Seat; from: Cell; to: Cell } & CombatResult)
  | { kind: "supply"; seat: Seat; territory: number; given: number; lost: number; gains: { cell: Cell; added: number }[] }
  | { kind: "turn"; seat: Seat; round: number }
  | { kind: "eliminated"; seat: Seat; by: Seat }
  | { kind: "game_over"; result: "win" | "draw"; winners: Seat[]; reason: "last_player_standing" | "round_limit"; line: string };
