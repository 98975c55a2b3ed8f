import { describe, expect, it } from "vitest";
import { STRENGTH_TABLE, diceOfStrength, strengthOfDice } from "../../../worker/engine/dicewars/strength";
import { MAX_STRENGTH } from "../../../worker/engine/dicewars/state";

describe("dicewars strength formula F = (count - 1) * 6 + top", () => {
  it("pins the seed's table", () => {
    expect(STRENGTH_TABLE).toEqual([
      { dice: [4], strength: 4 },
      { dice: [6], strength: 6 },
      { dice: [6, 1], strength: 7 },
      { dice: [6, 6, 2], strength: 14 },
      { dice: [6, 6, 6, 6, 6, 6, 6, 6], strength: 48 },
    ]);
  });

  it.each(STRENGTH_TABLE.map((row) => [row.dice.join(","), row] as const))("dice [%s] <-> strength", (_, row) => {
    expect(strengthOfDice(row.dice)).toBe(row.strength);
    expect(diceOfStrength(row.strength)).toEqual(row.dice);
  });

  it("round-trips every strength 1..48 with at most 8 dice, all sixes but the top", () => {
    expect(MAX_STRENGTH).toBe(48);
    for (let f = 1; f <= MAX_STRENGTH; f++) {
      const dice = diceOfStrength(f);
      expect(strengthOfDice(dice)).toBe(f);
      expect(dice.length).toBe(Math.floor((f - 1) / 6) + 1);
      expect(dice.length).toBeLessThanOrEqual(8);
      expect(dice.slice(0, -1).every((d) => d === 6)).toBe(true);
      expect(dice[dice.length - 1]).toBeGreaterThanOrEqual(1);
      expect(dice[dice.length - 1]).toBeLessThanOrEqual(6);
    }
  });

  it("shows nothing for an empty cell", () => {
    expect(diceOfStrength(0)).toEqual([]);
    expect(strengthOfDice([])).toBe(0);
  });
});
