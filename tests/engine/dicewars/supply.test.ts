import { describe, expect, it } from "vitest";
import { dicewars } from "../../../worker/engine/dicewars";
import { distributeSupply, largestTerritory } from "../../../worker/engine/dicewars/supply";
import { at, board, ok, scriptedRng } from "./helpers";

describe("dicewars supply (rules 7)", () => {
  it("counts the largest connected group only; blocked and foreign cells break it", () => {
    // p1: a group of 3 ([0,0] [1,0] [0,1]), a group of 2 beyond the blocked [2,0], two lone cells;
    // p2: [2,1]-[3,1] and a lone [4,4]
    const s = board([
      "1:2 1:2 #   1:1 1:1",
      "1:3 .   2:4 2:2 .",
      ".   #   1:1 .   .",
      "1:1 .   .   .   .",
      ".   .   .   .   2:1",
    ]);
    expect(largestTerritory(s.size, s.owner, 0)).toBe(3);
    expect(largestTerritory(s.size, s.owner, 1)).toBe(2);
    expect(largestTerritory(s.size, s.owner, 2)).toBe(0);
  });

  it("connects along all six directions, not across the rhombus's long diagonal", () => {
    // [1,0] and [0,1] touch (direction (-1,+1)); [0,0] and [1,1] do not
    const diagonal = board(["1:1 .", ".   1:1"]);
    expect(largestTerritory(2, diagonal.owner, 0)).toBe(1);
    const anti = board([".   1:1", "1:1 ."]);
    expect(largestTerritory(2, anti.owner, 0)).toBe(2);
  });

  it("gives one die at a time to a random non-full cell, in cell order", () => {
    // candidates in cell order (q then r): [0,0] [0,1] [1,0]; [1,1] is full
    const s = board(["1:5 1:2", "1:47 1:48"]);
    const rng = scriptedRng([0, 0, 1, 1]);
    const r = distributeSupply(s.owner, s.strength, 0, 4, rng);
    // draws 1-2: index 0 of 3 -> [0,0] twice; draw 3: index 1 -> [0,1] reaches 48 and drops out;
    // draw 4: index 1 of the remaining [0,0] [1,0] -> [1,0]
    expect(rng.asked).toEqual([3, 3, 3, 2]);
    expect(r.given).toBe(4);
    expect(r.lost).toBe(0);
    expect(s.strength).toEqual([5, 47, 2, 48]); // input untouched
    expect(r.strength).toEqual([7, 48, 3, 48]);
    expect(r.gains).toEqual([
      { index: 0, added: 2 },
      { index: 1, added: 1 },
      { index: 2, added: 1 },
    ]);
  });

  it("discards what cannot be placed once every cell is at 48, and stops drawing", () => {
    const s = board(["1:47 .", "1:48 2:1"]);
    const rng = scriptedRng([0]);
    const r = distributeSupply(s.owner, s.strength, 0, 5, rng);
    expect(r).toMatchObject({ given: 1, lost: 4, strength: [47 + 1, 48, 0, 1] });
    expect(rng.draws).toBe(1);
    const full = board(["1:48 ."]);
    const none = scriptedRng();
    expect(distributeSupply(full.owner, full.strength, 0, 3, none)).toMatchObject({ given: 0, lost: 3 });
    expect(none.draws).toBe(0);
  });

  it("end_turn supplies the player who ended it, by its largest group, then passes the turn", () => {
    // p1: group of 2 ([0,0] [1,0]) and a lone [2,2]; supply 2
    const s = board([
      "1:1 1:4 2:3",
      ".   #   2:1",
      ".   .   1:6",
    ]);
    const rng = scriptedRng([2, 0]);
    const { state, events } = ok(dicewars.apply(s, "p1", { type: "end_turn" }, rng));
    expect(rng.asked).toEqual([3, 3]);
    // candidates in cell order: [0,0] [1,0] [2,2]
    expect(at(state, 2, 2)).toEqual([1, 7]);
    expect(at(state, 0, 0)).toEqual([1, 2]);
    expect(at(state, 1, 0)).toEqual([1, 4]);
    expect(at(state, 2, 0)).toEqual([2, 3]); // p2 gets nothing
    expect(state.current).toBe(1);
    expect(state.moves).toBe(0);
    expect(events).toEqual([
      {
        kind: "supply",
        seat: "p1",
        territory: 2,
        given: 2,
        lost: 0,
        gains: [
          { cell: [0, 0], added: 1 },
          { cell: [2, 2], added: 1 },
        ],
      },
      { kind: "turn", seat: "p2", round: 1 },
    ]);
    expect(events.map(dicewars.describe)).toEqual([
      "P1 (green) ends the turn and receives 2 dice of supply on 2 cells (largest territory 2 cells).",
      "Round 1: P2 (red) to move.",
    ]);
  });

  it("a player whose cells are all full loses its supply and draws nothing", () => {
    const s = board(["1:48 1:48", "2:1 ."]);
    const rng = scriptedRng();
    const { events } = ok(dicewars.apply(s, "p1", { type: "end_turn" }, rng));
    expect(rng.draws).toBe(0);
    expect(events[0]).toMatchObject({ kind: "supply", territory: 2, given: 0, lost: 2, gains: [] });
    expect(dicewars.describe(events[0]!)).toContain("2 lost because every cell is full");
  });
});
