import { describe, expect, it } from "vitest";
import { rngFromSeed } from "../../../worker/engine/rng";
import { warshard, type WarshardState } from "../../../worker/engine/warshard";
import { dice, play, position, setup } from "./helpers";

const botOf = (s: WarshardState, seat: string) => warshard.bot(s, seat, rngFromSeed("bot"));

describe("§16 the computer player", () => {
  it("§16 movement: the first unit in canonical order goes to the reachable hex nearest a goal (ties: cheaper, lower (q, r)); HQs stay", () => {
    const s = setup("boot_camp");
    // Bastogne [2,4] is a goal at distance 0 and costs 4
    expect(botOf(s, "germany")).toEqual({ type: "move", unit: "1", path: [[2, 4]] });
    const moved = play(s, "germany", botOf(s, "germany")).state;
    expect(botOf(moved, "germany")).toEqual({ type: "end_movement" });
  });

  it("§16 attack: only a Fight reaching 2-1 with every adjacent unit is declared, with the first of them", () => {
    const weak = position([{ id: "i", side: "blue", type: "infantry", hex: [4, 2] }, { id: "d", side: "red", type: "armor", hex: [5, 2] }], { start: { turn: 1, phase: "attack" } });
    expect(botOf(weak, "blue")).toEqual({ type: "end_attacks" });
    const strong = position(
      [
        { id: "i", side: "blue", type: "infantry", hex: [4, 3] },
        { id: "a", side: "blue", type: "armor", hex: [4, 2] },
        { id: "d", side: "red", type: "infantry", hex: [5, 2] },
        { id: "hq", side: "red", type: "hq", hex: [7, 1] },
      ],
      { start: { turn: 1, phase: "attack" } },
    );
    expect(botOf(strong, "blue")).toEqual({ type: "attack", unit: "i", target: [5, 2] });
  });

  it("§16 defence: the first eligible unit supports the Fight with the worst column it can lower", () => {
    let s = position(
      [
        { id: "a", side: "blue", type: "armor", hex: [4, 2] },
        { id: "b", side: "blue", type: "infantry", hex: [3, 5] },
        { id: "d", side: "red", type: "infantry", hex: [5, 2] },
        { id: "e", side: "red", type: "infantry", hex: [4, 5] },
        { id: "art", side: "red", type: "artillery", hex: [6, 3] },
      ],
      { start: { turn: 1, phase: "attack" } },
    );
    s = play(s, "blue", { type: "attack", unit: "b", target: [4, 5] }).state;
    s = play(s, "blue", { type: "attack", unit: "a", target: [5, 2] }).state;
    s = play(s, "blue", { type: "end_attacks" }).state;
    expect(s.phase).toBe("defense");
    // nobody has an HQ, so the shifts cancel: [4,5] is 1 vs 2 (1-2), [5,2] is 6 vs 2 (3-1), the worse one for red
    expect(botOf(s, "red")).toEqual({ type: "support", unit: "art", fight: [5, 2] });
    expect(warshard.standingOrder(s, "red", "most_threatened")).toEqual({ type: "support", unit: "art", fight: [5, 2] });
    expect(warshard.standingOrder(s, "red", "hold_back")).toEqual({ type: "end_support" });
    expect(warshard.standingOrder(s, "blue", "hold_back")).toBeNull();
  });

  it("§16 retreat: the option furthest from the unit's own side; advance with the highest Defence", () => {
    let s = position(
      [
        { id: "a", side: "blue", type: "armor", hex: [4, 2] },
        { id: "i", side: "blue", type: "infantry", hex: [4, 3] },
        { id: "bhq", side: "blue", type: "hq", hex: [3, 3] },
        { id: "d", side: "red", type: "infantry", hex: [5, 2] },
        { id: "f", side: "red", type: "infantry", hex: [8, 3] },
      ],
      { start: { turn: 1, phase: "attack" } },
    );
    s = play(s, "blue", { type: "attack", unit: "i", target: [5, 2] }).state;
    s = play(s, "blue", { type: "attack", unit: "a", target: [5, 2] }).state;
    s = play(s, "blue", { type: "end_attacks" }, dice(4)).state;
    expect(s.pending).toMatchObject({ kind: "retreat", unit: "d", options: [[6, 2], [6, 1]] });
    // f at [8,3]: [6,2] is 3 away, [6,1] 4
    expect(botOf(s, "blue")).toEqual({ type: "retreat", unit: "d", to: [6, 1] });
    expect(warshard.standingOrder(s, "blue", "toward_my_lines")).toBeNull();
    s = play(s, "blue", botOf(s, "blue")).state;
    expect(botOf(s, "blue")).toEqual({ type: "advance", fight: [5, 2], unit: "a" });
  });

  it("§16 the retreat standing orders a defender leaves for the attacker's units", () => {
    let s = position(
      [
        { id: "i", side: "blue", type: "infantry", hex: [4, 2] },
        { id: "bhq", side: "blue", type: "hq", hex: [2, 2] },
        { id: "d", side: "red", type: "infantry", hex: [5, 2] },
      ],
      { start: { turn: 1, phase: "attack" } },
    );
    s = play(s, "blue", { type: "attack", unit: "i", target: [5, 2] }).state;
    s = play(s, "blue", { type: "end_attacks" }, dice(4)).state;
    expect(s.pending).toMatchObject({ kind: "retreat", unit: "i", side: "red", options: [[4, 1], [3, 2], [3, 3]] });
    expect(warshard.owed(s)).toMatchObject({ seat: "red", kind: "retreat" });
    expect(warshard.standingOrder(s, "red", "first_option")).toEqual({ type: "retreat", unit: "i", to: [4, 1] });
    expect(warshard.standingOrder(s, "red", "toward_my_lines")).toEqual({ type: "retreat", unit: "i", to: [4, 1] });
    // away from blue's HQ at [2,2]: [4,1] is 2 away, [3,2] and [3,3] 1
    expect(warshard.standingOrder(s, "red", "away_from_their_lines")).toEqual({ type: "retreat", unit: "i", to: [4, 1] });
  });

  it("§16 movement: an artillery unit with an enemy in Range stays; one without never stops next to an enemy; HQs never move", () => {
    const s = position([
      { id: "hq", side: "blue", type: "hq", hex: [1, 1] },
      { id: "near", side: "blue", type: "artillery", hex: [3, 2] },
      { id: "far", side: "blue", type: "artillery", hex: [0, 6] },
      { id: "e", side: "red", type: "infantry", hex: [5, 1] },
    ]);
    const move = botOf(s, "blue");
    expect(move).toMatchObject({ type: "move", unit: "far" });
    if (move.type !== "move") throw new Error("expected a move");
    const to = move.path.at(-1)!;
    expect(Math.max(Math.abs(to[0] - 5), Math.abs(to[1] - 1), Math.abs(to[0] + to[1] - 6))).toBeGreaterThan(1);
    const after = play(s, "blue", move).state;
    expect(botOf(after, "blue")).toEqual({ type: "end_movement" });
  });
});
