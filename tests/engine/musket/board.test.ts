import { describe, expect, it } from "vitest";
import { neighbours } from "../../../worker/engine/hex";
import { edgeHexes, edgesOf, fromOffset, onBoard, toOffset } from "../../../worker/engine/musket/board";
import { TERRAIN_DEFS, UNIT_DEFS, canEnter, type Terrain, type UnitType } from "../../../worker/engine/musket/data";

describe("§2 map and coordinates", () => {
  it.each([
    [[2, 2], [2, 1]],
    [[0, 0], [0, 0]],
    [[3, 4], [3, 3]],
    [[6, 0], [6, -3]],
    [[7, 2], [7, -1]],
  ] as const)("§2.2 offset %j is axial %j and back", (offset, axial) => {
    expect(fromOffset(offset[0], offset[1])).toEqual(axial);
    expect(toOffset(axial)).toEqual({ col: offset[0], row: offset[1] });
  });

  it("§2.2 worked example: the neighbours of offset (2,2) in direction order", () => {
    expect(neighbours([2, 1])).toEqual([[3, 1], [3, 0], [2, 0], [1, 1], [1, 2], [2, 2]]);
  });

  it.each([
    [[0, 0], ["north", "west"]],
    [[5, -2], ["north", "east"]],
    [[5, 3], ["south", "east"]],
    [[0, 5], ["south", "west"]],
    [[2, 1], []],
    [[3, 4], ["south"]],
  ] as const)("§2.2 on a 6x6 board hex %j lies on the edges %j (corners on two, decision 3)", (hex, edges) => {
    expect(edgesOf({ cols: 6, rows: 6 }, hex)).toEqual(edges);
  });

  it("§2.2 the board is the odd-q rectangle; an edge lists its hexes sorted", () => {
    const map = { cols: 7, rows: 9 };
    expect(onBoard(map, [6, -3])).toBe(true);
    expect(onBoard(map, [6, 6])).toBe(false);
    expect(onBoard(map, [3, 5])).toBe(true);
    expect(edgeHexes({ cols: 8, rows: 6 }, "east")).toEqual([[7, -3], [7, -2], [7, -1], [7, 0], [7, 1], [7, 2]]);
  });
});

describe("§3 components", () => {
  it.each([
    ["line_infantry", 1, "move_or_fire", 2, 65, true, 0],
    ["light_infantry", 1, "fire_and_move", 2, 50, false, 0],
    ["dragoons", 2, "move_or_fire", 2, 50, true, 0],
    ["light_horse", 2, "move_only", 0, 0, true, 0],
    ["horse", 2, "move_only", 0, 0, true, 1],
    ["artillery", 1, "move_or_fire", 4, 50, false, 0],
  ] as const)("§3.1 %s: MP %i, %s, range %i, base %i%%, charges %s, bonus %i", (type, mp, action, range, base, charges, bonus) => {
    const d = UNIT_DEFS[type];
    expect([d.movement, d.actionType, d.fireRange, d.basePercent, d.canCharge, d.chargeBonus, d.defaultSp]).toEqual([mp, action, range, base, charges, bonus, 4]);
  });

  it("§3.1 only Light Infantry skips terrain checks and passes through friends; Line Infantry never charges cavalry", () => {
    const types = Object.keys(UNIT_DEFS) as UnitType[];
    expect(types.filter((t) => !UNIT_DEFS[t].terrainCheck)).toEqual(["light_infantry"]);
    expect(types.filter((t) => UNIT_DEFS[t].passThroughFriends)).toEqual(["light_infantry"]);
    expect(UNIT_DEFS.line_infantry.cannotCharge).toEqual(["dragoons", "light_horse", "horse"]);
  });

  it.each([
    ["open", "all"],
    ["woods", "light_infantry"],
    ["town", "line_infantry light_infantry"],
    ["marsh", ""],
    ["lake", ""],
    ["river", ""],
    ["ford", "all"],
    ["bridge", "all"],
    ["road", "all"],
    ["hilltop", "all"],
  ] as const)("§3.3 %s may be entered by: %s", (terrain, who) => {
    const types = Object.keys(UNIT_DEFS) as UnitType[];
    const expected = who === "all" ? types : who === "" ? [] : who.split(" ");
    expect(types.filter((t) => canEnter(t, terrain as Terrain))).toEqual(expected);
  });

  it("§3.3 only woods and town block and give cover; only the hilltop is high and difficult; only the road is a road", () => {
    const all = Object.entries(TERRAIN_DEFS);
    expect(all.filter(([, d]) => d.blocksLos).map(([t]) => t)).toEqual(["woods", "town"]);
    expect(all.filter(([, d]) => d.coverPercent === -15).map(([t]) => t)).toEqual(["woods", "town"]);
    expect(all.filter(([, d]) => d.difficult && d.elevation === 1 && d.blocksGroundToGround).map(([t]) => t)).toEqual(["hilltop"]);
    expect(all.filter(([, d]) => d.road).map(([t]) => t)).toEqual(["road"]);
  });
});
