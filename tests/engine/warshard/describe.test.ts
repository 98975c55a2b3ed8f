import { describe, expect, it } from "vitest";
import { warshard, type WarshardEvent } from "../../../worker/engine/warshard";

const EVENTS: [WarshardEvent, string][] = [
  [{ kind: "player_turn_started", turn: 3, side: "germany" }, "Player-turn 3: Germany to move"],
  [{ kind: "phase_skipped", turn: 3, side: "usa", phase: "defense", reason: "no artillery" }, "USA's defender's support phase skipped (no artillery)"],
  [{ kind: "moved", unit: "1", side: "germany", from: [3, 3], to: [4, 4], path: [[3, 4], [4, 4]], cost: 8, mobilityLeft: 0, zoc: true }, "Germany 1 moved 0405 to 0507 for 8 half points, stopping in enemy ZoC"],
  [{ kind: "stack_removed", hex: [2, 2], unit: "i2", side: "blue", tied: ["i1", "i2"], k: 2, pick: 1 }, "draw 1 of 2 among i1, i2"],
  [{ kind: "attack_declared", unit: "1", side: "germany", fight: [5, 4] }, "Germany 1 attacks 0607"],
  [{ kind: "support_declared", unit: "7", side: "usa", fight: [5, 4], role: "defence" }, "USA 7 supports the defence of 0607"],
  [
    {
      kind: "fight_resolved",
      fight: [5, 4],
      attackers: ["1"],
      attackSupport: [],
      defenders: ["3"],
      defenceSupport: [],
      attack: 6,
      defence: 4,
      baseColumn: "1-1",
      attackerOutOfSupply: false,
      defenderOutOfSupply: true,
      column: "2-1",
      die: 3,
      result: "dr",
    },
    "Fight at 0607: 6 vs 4 = 1-1, defender out of supply → 2-1, die 3: dr",
  ],
  [{ kind: "ex_loss", fight: [5, 2], tied: ["a", "b"], k: 2, pick: 0, unit: "a" }, "the attacker loses a (draw 0 of 2 among a, b)"],
  [{ kind: "retreated", unit: "3", side: "usa", from: [5, 4], to: [6, 3], chosenBy: "germany" }, "USA 3 retreated 0607 to 0707 (chosen by Germany)"],
  [{ kind: "retreat_blocked", unit: "3", side: "usa", hex: [5, 4] }, "has nowhere to retreat"],
  [{ kind: "eliminated", unit: "3", side: "usa", hex: [5, 4], cause: "no_retreat" }, "USA 3 eliminated at 0607 with nowhere to retreat"],
  [{ kind: "advanced", fight: [5, 4], unit: "1", from: [4, 4], to: [5, 4] }, "1 advanced from 0507 into 0607"],
  [{ kind: "advance_declined", fight: [5, 4] }, "No advance into 0607"],
  [{ kind: "reinforcement_arrived", unit: "4", side: "usa", hex: [7, 5] }, "USA reinforcement 4 arrived at 0809"],
  [{ kind: "reinforcement_delayed", unit: "4", side: "usa", hex: [7, 5] }, "is delayed"],
  [{ kind: "replacement_roll", unit: "9", side: "germany", die: 5, result: "recovered" }, "Germany replacement roll for 9: 5, recovered"],
  [{ kind: "replacement_placed", unit: "9", side: "germany", hex: [1, 4] }, "Germany 9 returns at 0205"],
  [{ kind: "control_changed", hex: [2, 4], side: "usa", previous: "germany" }, "USA now controls 0306 (was Germany)"],
  [{ kind: "game_over", turn: 20, result: "win", winners: ["germany"], reason: "victory_points", vp: { germany: 20, usa: 10 } }, "Germany wins (victory points Germany 20, USA 10)"],
  [{ kind: "game_over", turn: 9, result: "draw", winners: [], reason: "annihilation", vp: { germany: 0, usa: 0 } }, "a draw (both armies gone)"],
];

describe("§15 describe", () => {
  it.each(EVENTS)("§15 %j reads in plain English", (event, text) => {
    expect(warshard.describe(event)).toContain(text);
  });
});
