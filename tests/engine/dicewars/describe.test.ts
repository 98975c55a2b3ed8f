import { describe, expect, it } from "vitest";
import { dicewars, type DiceWarsEvent } from "../../../worker/engine/dicewars";
import { board } from "./helpers";

describe("dicewars describe and summary", () => {
  it.each([
    [{ kind: "expand", seat: "p1", from: [2, 2], to: [3, 2], strength: 7 }, "P1 (green) expands from 0304 into 0404 with strength 7."],
    [
      { kind: "attack", seat: "p3", defender: "p4", from: [1, 8], to: [2, 8], attack: 9, defence: 4, attackRoll: 6, defenceRoll: 2, captured: true, targetStrength: 5 },
      "P3 (yellow) attacks P4 (cyan) at 0310 from 0209: rolls 6 (1-9) against 2 (1-4) and captures it with strength 5.",
    ],
    [
      { kind: "supply", seat: "p4", territory: 1, given: 1, lost: 0, gains: [{ cell: [8, 1], added: 1 }] },
      "P4 (cyan) ends the turn and receives 1 die of supply on 1 cell (largest territory 1 cell).",
    ],
    [{ kind: "turn", seat: "p2", round: 12 }, "Round 12: P2 (red) to move."],
    [{ kind: "eliminated", seat: "p4", by: "p3" }, "P4 (cyan) has lost its last cell to P3 (yellow) and is eliminated."],
    [
      { kind: "game_over", result: "win", winners: ["p2"], reason: "round_limit", line: "P2 (red) wins at the round limit with the most cells." },
      "Game over: P2 (red) wins at the round limit with the most cells.",
    ],
    [
      {
        kind: "game_over",
        result: "draw",
        winners: ["p1", "p3"],
        reason: "round_limit",
        line: "A draw at the round limit between P1 (green) and P3 (yellow) (equal cells and strength).",
      },
      "Game over: A draw at the round limit between P1 (green) and P3 (yellow) (equal cells and strength).",
    ],
  ])("%j", (event, line) => {
    expect(dicewars.describe(event as DiceWarsEvent)).toBe(line);
  });

  it("summarises a game in play: round, who moves, cells per player", () => {
    const s = { ...board(["1:8 1:2 .", "2:3 .   .", ".   .   3:1"]), round: 4, current: 2 };
    expect(dicewars.summary(s)).toEqual({
      turn: 4,
      phase: "play",
      line: "Round 4: P3 (yellow) to move (P1 (green) 2 cells, P2 (red) 1 cell, P3 (yellow) 1 cell).",
    });
  });

  it("lists its scenarios and options", () => {
    expect(dicewars.scenarios.map((s) => s.id)).toEqual(["10x10", "15x15", "20x20", "25x25"]);
    for (const s of dicewars.scenarios) expect(s.title && s.line).toBeTruthy();
    expect(dicewars.options.map((o) => [o.name, o.default, o.choices])).toEqual([
      ["players", 4, [2, 3, 4]],
      ["roundLimit", "none", ["none", 50, 100, 200]],
    ]);
  });
});
