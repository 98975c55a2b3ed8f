/**
 * The strong computer's own DiceWars play with 3 or 4 players (worker/engine/strong/dicewars-policy.ts):
 * the standard's priorities (rules 8.2) less the attack that cannot change anything, and risky
 * attacks aimed at the strongest neighbour (6.2).
 */
import { describe, expect, it } from "vitest";
import { dicewars } from "../../worker/engine/dicewars";
import { diceWarsOwn } from "../../worker/engine/strong/dicewars";
import { board, scriptedRng } from "./dicewars/helpers";

const standard = (rows: string[], count: number) => dicewars.bot(board(rows, { count }), "p1", scriptedRng());
const own = (rows: string[], count: number) => diceWarsOwn(board(rows, { count }), "p1");

describe("the strong computer's own DiceWars play with 3 or 4 players", () => {
  const cases: { rule: string; rows: string[]; standard: unknown; own: unknown }[] = [
    {
      rule: "6.2: a source of 2 rolls 1, never beats a defence of 1 and leaves it at 1, so it ends the turn where the standard attacks",
      rows: ["1:2 2:1 #", "# # #", "# # 3:4"],
      standard: { type: "attack", from: [0, 0], to: [1, 0] },
      own: { type: "end_turn" },
    },
    {
      rule: "6.2: a failed attack leaves the defender at its roll less the attacker's, so the risky attack goes to the strongest neighbour (the standard takes the first direction)",
      rows: ["1:4 2:5 #", "3:9 # #", "# # #"],
      standard: { type: "attack", from: [0, 0], to: [1, 0] },
      own: { type: "attack", from: [0, 0], to: [0, 1] },
    },
    {
      rule: "6.2: a source of 2 against a defence of 2 still takes a die from it, as the standard does",
      rows: ["1:2 2:2 #", "# # #", "# # 3:4"],
      standard: { type: "attack", from: [0, 0], to: [1, 0] },
      own: { type: "attack", from: [0, 0], to: [1, 0] },
    },
    {
      rule: "8.2: a favourable attack comes before a risky one, as the standard's",
      rows: ["1:8 2:3 #", "3:9 # #", "# # #"],
      standard: { type: "attack", from: [0, 0], to: [1, 0] },
      own: { type: "attack", from: [0, 0], to: [1, 0] },
    },
    {
      rule: "8.2: an expansion comes before a risky attack, as the standard's",
      rows: ["1:6 2:9 #", ". # #", "# # 3:2"],
      standard: { type: "expand", from: [0, 0], to: [0, 1] },
      own: { type: "expand", from: [0, 0], to: [0, 1] },
    },
  ];
  for (const c of cases) {
    it(c.rule, () => {
      expect(standard(c.rows, 3)).toEqual(c.standard);
      expect(own(c.rows, 3)).toEqual(c.own);
    });
  }

  it("is the standard's with two players (their fitted evaluation met the target with it)", () => {
    expect(own(["1:2 2:1", "# #"], 2)).toBeUndefined();
  });
});
