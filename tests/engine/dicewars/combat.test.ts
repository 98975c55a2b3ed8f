import { describe, expect, it } from "vitest";
import { dicewars } from "../../../worker/engine/dicewars";
import { resolveAttack } from "../../../worker/engine/dicewars/combat";
import { at, board, err, ok, rolls, scriptedRng } from "./helpers";

describe("dicewars combat (rules 6.2)", () => {
  it.each([
    // source, target, attack roll, defence roll -> captured, target strength
    [8, 5, 6, 3, true, 5],
    [8, 5, 1, 5, false, 4],
    [8, 5, 4, 4, false, 1], // a tie holds, max(1, 0)
    [8, 5, 5, 4, true, 4],
    [8, 5, 2, 3, false, 1], // max(1, d - a)
    [48, 48, 47, 1, true, 46],
    [48, 48, 1, 48, false, 47],
    [2, 1, 1, 1, false, 1], // strength 2 attacks with 1..1 and can never win
    [2, 9, 1, 9, false, 8],
  ] as const)("source %i vs target %i, rolls %i v %i -> captured %s, target %i", (source, target, a, d, captured, left) => {
    const rng = scriptedRng(rolls(a, d));
    const r = resolveAttack(source, target, rng);
    expect(r).toEqual({ attack: source - 1, defence: target, attackRoll: a, defenceRoll: d, captured, targetStrength: left });
    // first 1..A, then 1..D, one integer draw each
    expect(rng.asked).toEqual([source - 1, target]);
  });

  const start = () =>
    board([
      "1:8 2:5 .",
      ".   3:1 .",
      "2:3 .   #",
    ], { count: 3 });

  it("a won attack moves the cell to the attacker with roll - 1 and leaves 1 behind", () => {
    const rng = scriptedRng(rolls(7, 2));
    const { state, events } = ok(dicewars.apply(start(), "p1", { type: "attack", from: [0, 0], to: [1, 0] }, rng));
    expect(at(state, 0, 0)).toEqual([1, 1]);
    expect(at(state, 1, 0)).toEqual([1, 6]);
    expect(state.moves).toBe(1);
    expect(events).toEqual([
      {
        kind: "attack",
        seat: "p1",
        defender: "p2",
        from: [0, 0],
        to: [1, 0],
        attack: 7,
        defence: 5,
        attackRoll: 7,
        defenceRoll: 2,
        captured: true,
        targetStrength: 6,
      },
    ]);
    expect(rng.draws).toBe(2);
  });

  it("a lost attack leaves the defender with max(1, d - a) and the source at 1", () => {
    const { state, events } = ok(dicewars.apply(start(), "p1", { type: "attack", from: [0, 0], to: [1, 0] }, scriptedRng(rolls(2, 5))));
    expect(at(state, 0, 0)).toEqual([1, 1]);
    expect(at(state, 1, 0)).toEqual([2, 3]);
    expect(events[0]).toMatchObject({ captured: false, targetStrength: 3 });
    expect(dicewars.describe(events[0]!)).toBe(
      "P1 (green) attacks P2 (red) at 0201 from 0101: rolls 2 (1-7) against 5 (1-5); the defender holds with strength 3.",
    );
  });

  it("expand draws nothing: the target gets S - 1 and the source keeps 1", () => {
    const rng = scriptedRng();
    const { state, events } = ok(dicewars.apply(start(), "p1", { type: "expand", from: [0, 0], to: [0, 1] }, rng));
    expect(at(state, 0, 1)).toEqual([1, 7]);
    expect(at(state, 0, 0)).toEqual([1, 1]);
    expect(events).toEqual([{ kind: "expand", seat: "p1", from: [0, 0], to: [0, 1], strength: 7 }]);
    expect(rng.draws).toBe(0);
  });

  it("a cell that has moved cannot move again until supply raises it", () => {
    const after = ok(dicewars.apply(start(), "p1", { type: "expand", from: [0, 0], to: [0, 1] }, scriptedRng())).state;
    expect(err(dicewars.apply(after, "p1", { type: "attack", from: [0, 0], to: [1, 0] }, scriptedRng())).code).toBe("too_weak");
    // the new cell can act on the same turn
    ok(dicewars.apply(after, "p1", { type: "attack", from: [0, 1], to: [1, 0] }, scriptedRng(rolls(1, 1))));
  });
});
