import { describe, expect, it } from "vitest";
import { warshard, type WarshardState } from "../../../worker/engine/warshard";
import { dice, play, position, refused, setup } from "./helpers";

const unit = (s: WarshardState, id: string) => s.units.find((u) => u.id === id)!;

describe("§5.3 stacking cleanup at the end of the owner's movement phase", () => {
  it("§5.3 lowest Power first, a draw among tied units in canonical order, until one remains; the other side's stacks wait", () => {
    const s = position([
      { id: "a", side: "blue", type: "armor", hex: [2, 2] },
      { id: "i1", side: "blue", type: "infantry", hex: [2, 3] },
      { id: "i2", side: "blue", type: "infantry", hex: [2, 4] },
      { id: "r1", side: "red", type: "infantry", hex: [8, 0] },
      { id: "r2", side: "red", type: "infantry", hex: [8, 1] },
    ]);
    // a stack only a retreat could make, written into the position by hand
    const stacked: WarshardState = JSON.parse(JSON.stringify(s));
    for (const id of ["i1", "i2"]) unit(stacked, id).hex = [2, 2];
    unit(stacked, "r2").hex = [8, 0];
    const rng = dice(1);
    const r = play(stacked, "blue", { type: "end_movement" }, rng);
    expect(rng.draws).toBe(1);
    expect(r.events.filter((e) => e.kind === "stack_removed")).toEqual([
      { kind: "stack_removed", hex: [2, 2], unit: "i2", side: "blue", tied: ["i1", "i2"], k: 2, pick: 1 },
      { kind: "stack_removed", hex: [2, 2], unit: "i1", side: "blue", tied: ["i1"], k: null, pick: null },
    ]);
    expect(r.state.shattered.blue).toEqual(["i2", "i1"]);
    expect(unit(r.state, "r2").hex).toEqual([8, 0]);
  });

  it("§8.6 a retreat may end on a friendly unit (making a stack) but never in enemy ZoC", () => {
    let s = position(
      [
        { id: "a", side: "blue", type: "armor", hex: [4, 2] },
        { id: "d", side: "red", type: "infantry", hex: [5, 2] },
        { id: "f", side: "red", type: "infantry", hex: [6, 1] },
        { id: "bhq", side: "blue", type: "hq", hex: [3, 3] },
      ],
      { start: { turn: 1, phase: "attack" } },
    );
    s = play(s, "blue", { type: "attack", unit: "a", target: [5, 2] }).state;
    const r = play(s, "blue", { type: "end_attacks" }, dice(4));
    expect(r.state.pending).toMatchObject({ kind: "retreat", unit: "d", side: "blue", options: [[6, 2], [6, 1], [5, 3]] });
    const after = play(r.state, "blue", { type: "retreat", unit: "d", to: [6, 1] }).state;
    expect(unit(after, "d").hex).toEqual([6, 1]);
    expect(unit(after, "f").hex).toEqual([6, 1]);
  });
});

describe("§9.1 advances", () => {
  const won = () => {
    let s = position(
      [
        { id: "a", side: "blue", type: "armor", hex: [4, 2] },
        { id: "i", side: "blue", type: "infantry", hex: [4, 3] },
        { id: "art", side: "blue", type: "artillery", hex: [5, 1] },
        { id: "far", side: "blue", type: "artillery", hex: [2, 3] },
        { id: "d", side: "red", type: "infantry", hex: [5, 2] },
      ],
      { start: { turn: 1, phase: "attack" } },
    );
    s = play(s, "blue", { type: "attack", unit: "a", target: [5, 2] }).state;
    s = play(s, "blue", { type: "attack", unit: "i", target: [5, 2] }).state;
    s = play(s, "blue", { type: "end_attacks" }).state;
    s = play(s, "blue", { type: "support", unit: "art", fight: [5, 2] }).state;
    s = play(s, "blue", { type: "support", unit: "far", fight: [5, 2] }).state;
    // 13 vs 2, red out of supply: 6-1, die 1: DE
    return play(s, "blue", { type: "end_support" }, dice(1)).state;
  };

  it("§9.1 every surviving attacker next to the emptied hex may advance, melee or support; a distant supporter may not", () => {
    const s = won();
    expect(s.pending).toEqual({ kind: "advance", fight: [5, 2], side: "blue", options: ["a", "i", "art"] });
    expect(warshard.legal(s, "blue").choices.map((c) => c.action.type)).toEqual(["advance", "advance", "advance", "no_advance"]);
    expect(refused(s, "blue", { type: "advance", fight: [5, 2], unit: "far" }).code).toBe("illegal_choice");
    const r = play(s, "blue", { type: "advance", fight: [5, 2], unit: "i" });
    expect(r.events[0]).toEqual({ kind: "advanced", fight: [5, 2], unit: "i", from: [4, 3], to: [5, 2] });
    expect(unit(r.state, "i").hex).toEqual([5, 2]);
  });

  it("§9.1 no_advance is always an option", () => {
    const r = play(won(), "blue", { type: "no_advance", fight: [5, 2] });
    expect(r.events[0]).toEqual({ kind: "advance_declined", fight: [5, 2] });
    expect(r.state.pending).toBeNull();
  });
});

describe("§9.2 reinforcements", () => {
  it("§12 boot_camp: usa's armor and HQ arrive in the usa upkeep of player-turn 6, with no mobility", () => {
    let s = setup("boot_camp");
    s = { ...s, turn: 6, activeSide: "usa" };
    const r = play(s, "usa", { type: "end_movement" });
    expect(r.events.filter((e) => e.kind === "reinforcement_arrived").map((e) => (e as { unit: string }).unit)).toEqual(["4", "5"]);
    expect(unit(r.state, "4")).toMatchObject({ status: "map", hex: [7, 5] });
    expect(unit(r.state, "5")).toMatchObject({ status: "map", hex: [9, 6] });
  });

  it("§9.2 a reinforcement whose hex is occupied waits for the next upkeep of its side", () => {
    const s = position(
      [
        { id: "b", side: "blue", type: "infantry", hex: [1, 1] },
        { id: "x", side: "red", type: "infantry", hex: [5, 2] },
      ],
      { reinforcements: [{ id: "r", side: "blue", type: "armor", hex: [1, 1], turn: 1 }, { id: "q", side: "blue", type: "armor", hex: [1, 2], turn: 3 }] },
    );
    const r = play(s, "blue", { type: "end_movement" });
    expect(r.events.filter((e) => e.kind.startsWith("reinforcement"))).toEqual([{ kind: "reinforcement_delayed", unit: "r", side: "blue", hex: [1, 1] }]);
    expect(unit(r.state, "r").status).toBe("waiting");
    expect(unit(r.state, "q").status).toBe("waiting");
  });
});

describe("§9.3 replacements", () => {
  const shattered = (points: number[][], hq = true) =>
    position(
      [
        { id: "b", side: "blue", type: "infantry", hex: [1, 1] },
        ...(hq ? [{ id: "hq", side: "blue", type: "hq", hex: [1, 3] }] : []),
        { id: "gone", side: "blue", type: "armor", status: "shattered" },
        { id: "x", side: "red", type: "infantry", hex: [8, 0] },
      ],
      { replacementPoints: { blue: points } },
    );

  it.each([
    [1, "destroyed", "destroyed", []],
    [3, "destroyed", "destroyed", []],
    [4, "stays", "shattered", ["gone"]],
  ])("§9.3 die %i: %s", (die, result, status, list) => {
    const rng = dice(die);
    const r = play(shattered([[0, 3], [0, 4]]), "blue", { type: "end_movement" }, rng);
    expect(r.events.find((e) => e.kind === "replacement_roll")).toEqual({ kind: "replacement_roll", unit: "gone", side: "blue", die, result });
    expect(unit(r.state, "gone").status).toBe(status);
    expect(r.state.shattered.blue).toEqual(list);
  });

  it("§9.3 5-6 recovers the unit: the owner chooses among eligible points, or the engine places it on the only one", () => {
    const two = play(shattered([[0, 3], [0, 4]]), "blue", { type: "end_movement" }, dice(5));
    expect(two.state.pending).toEqual({ kind: "place_replacement", unit: "gone", side: "blue", options: [[0, 3], [0, 4]] });
    const placed = play(two.state, "blue", { type: "place_replacement", unit: "gone", hex: [0, 4] });
    expect(unit(placed.state, "gone")).toMatchObject({ status: "map", hex: [0, 4] });
    const one = play(shattered([[0, 3]]), "blue", { type: "end_movement" }, dice(6));
    expect(one.events.find((e) => e.kind === "replacement_placed")).toEqual({ kind: "replacement_placed", unit: "gone", side: "blue", hex: [0, 3] });
  });

  it("§9.3 no die when no point is empty and in supply", () => {
    const rng = dice();
    play(shattered([[0, 3]], false), "blue", { type: "end_movement" }, rng);
    expect(rng.draws).toBe(0);
    play(shattered([[1, 1]]), "blue", { type: "end_movement" }, rng);
    expect(rng.draws).toBe(0);
  });
});

describe("§9.4 §10 control and the end of the game", () => {
  const map = { cols: 10, rows: 10, hexes: [{ hex: [2, 2], type: "city", name: "A", vp: 10 }, { hex: [7, 0], type: "plains", vp: 5 }] };

  it("§9.4 a VP hex occupied by one side becomes its own at the end of the player-turn", () => {
    let s = position([{ id: "b", side: "blue", type: "infantry", hex: [2, 3] }, { id: "x", side: "red", type: "infantry", hex: [8, 0] }], { map });
    expect(s.control).toEqual([]);
    s = play(s, "blue", { type: "move", unit: "b", path: [[2, 2]] }).state;
    const r = play(s, "blue", { type: "end_movement" });
    expect(r.events.find((e) => e.kind === "control_changed")).toEqual({ kind: "control_changed", hex: [2, 2], side: "blue", previous: null });
  });

  it.each([
    ["more VP wins", [2, 2], [7, 0], "win", ["blue"]],
    ["equal VP is a draw", [5, 5], [8, 3], "draw", []],
  ])("§10 at the turn limit: %s", (_name, blueHex, redHex, result, winners) => {
    const s = position([{ id: "b", side: "blue", type: "infantry", hex: blueHex }, { id: "x", side: "red", type: "infantry", hex: redHex }], {
      map,
      turnLimit: 2,
      start: { turn: 2, phase: "movement" },
    });
    const r = play(s, "red", { type: "end_movement" });
    expect(warshard.outcome(r.state)).toMatchObject({ result, winners, reason: "victory_points" });
    expect(r.events.at(-1)).toMatchObject({ kind: "game_over", turn: 2, result, winners });
    expect(warshard.toAct(r.state)).toEqual([]);
    expect(refused(r.state, "blue", { type: "end_movement" }).code).toBe("game_ended");
  });

  it("§9.4 annihilation: a side with no unit on the map and none to come loses at once", () => {
    let s = position(
      [{ id: "a", side: "blue", type: "armor", hex: [4, 2] }, { id: "d", side: "red", type: "hq", hex: [5, 2] }],
      { start: { turn: 1, phase: "attack" } },
    );
    s = play(s, "blue", { type: "attack", unit: "a", target: [5, 2] }).state;
    s = play(s, "blue", { type: "end_attacks" }).state;
    const r = play(s, "blue", { type: "no_advance", fight: [5, 2] });
    expect(warshard.outcome(r.state)).toMatchObject({ result: "win", winners: ["blue"], reason: "annihilation" });
  });
});
