/** Range, rings, path search with a cost function, zones of control, the map schema: worked cases. */
import { describe, expect, it } from "vitest";
import { distance, hexKey, neighbours, type Hex } from "../../../worker/engine/hex";
import { buildMap, isMapProblem, type MapSpec } from "../../../worker/engine/grid/map";
import { cheapestPath, cheapestPaths } from "../../../worker/engine/grid/paths";
import { hexesWithin, ring } from "../../../worker/engine/grid/range";
import { zoneOfControl } from "../../../worker/engine/grid/zoc";

const onBoard = (h: Hex) => h[0] >= 0 && h[0] < 5 && h[1] >= -2 && h[1] < 5;

describe("rings and range", () => {
  it.each([0, 1, 2, 3, 5])("ring %i holds 6r hexes (1 for r = 0), all at that distance, none twice", (r) => {
    const hexes = ring([2, -1], r);
    expect(hexes).toHaveLength(r === 0 ? 1 : 6 * r);
    expect(hexes.every((h) => distance(h, [2, -1]) === r)).toBe(true);
    expect(new Set(hexes.map(hexKey)).size).toBe(hexes.length);
  });

  it("ring 1 is the six neighbours; within 2 is 19 hexes", () => {
    expect(new Set(ring([0, 0], 1).map(hexKey))).toEqual(new Set(neighbours([0, 0]).map(hexKey)));
    expect(hexesWithin([0, 0], 2)).toHaveLength(19);
  });
});

describe("cheapest paths", () => {
  const rules = (blocked: Hex[] = [], forest: Hex[] = []) => ({
    cost: (_: Hex, to: Hex) => (!onBoard(to) || blocked.some((b) => hexKey(b) === hexKey(to)) ? null : forest.some((f) => hexKey(f) === hexKey(to)) ? 2 : 1),
  });

  it("goes straight on open ground", () => {
    expect(cheapestPath([0, 0], [2, 0], rules())).toEqual({ path: [[1, 0], [2, 0]], cost: 2 });
  });

  it("goes round an impassable hex, at the cost of one more step", () => {
    const r = cheapestPath([0, 0], [2, 0], rules([[1, 0]]))!;
    expect(r.cost).toBe(3);
    expect(r.path.map(hexKey)).not.toContain("1,0");
    expect(r.path.at(-1)).toEqual([2, 0]);
  });

  it("prefers two clear hexes to one forest hex costing 2 only when cheaper", () => {
    expect(cheapestPath([0, 0], [2, 0], rules([], [[1, 0]]))!.cost).toBe(3);
  });

  it("a budget bounds the search; a hex that stops movement is entered but not left", () => {
    expect(cheapestPaths([1, 1], { ...rules(), budget: 1 }).size).toBe(7);
    const zoc = new Set(["2,1"]);
    const reached = cheapestPaths([1, 1], { ...rules(), budget: 2, stops: (h) => zoc.has(hexKey(h)) });
    expect(reached.has("2,1")).toBe(true);
    expect(reached.get("3,1")?.from).not.toBe("2,1");
  });

  it("an unreachable goal is null", () => {
    expect(cheapestPath([0, 0], [9, 9], rules())).toBeNull();
  });
});

describe("zones of control", () => {
  it("a unit's zone is its six neighbours, less those it does not exert into", () => {
    expect(zoneOfControl([[0, 0]]).size).toBe(6);
    const river = (from: Hex, into: Hex) => !(hexKey(from) === "0,0" && hexKey(into) === "1,0");
    expect([...zoneOfControl([[0, 0]], { exertsInto: river })]).not.toContain("1,0");
    expect(zoneOfControl([[0, 0], [1, 0]]).size).toBe(10);
  });
});

describe("the map schema", () => {
  const spec: MapSpec<"clear" | "forest" | "woods", "river"> = { columns: 4, rows: 3, baseTerrain: "clear", terrain: { forest: ["0201"] }, hexsides: { river: [["0101", "0201"]] } };

  it("indexes terrain and hexside features by printed id", () => {
    const map = buildMap(spec);
    if (isMapProblem(map)) throw new Error(map.message);
    expect(map.hexes).toHaveLength(12);
    expect(map.terrainAt(map.hexOf("0201")!)).toBe("forest");
    expect(map.terrainAt(map.hexOf("0301")!)).toBe("clear");
    expect(map.sideFeatures(map.hexOf("0201")!, map.hexOf("0101")!)).toEqual(["river"]);
    expect(map.hexOf("0504")).toBeNull();
    expect(map.idOf([1, 0])).toBe("0201");
  });

  it.each([
    [{ terrain: { forest: ["0504"] } }, "terrain.forest", "0504"],
    [{ terrain: { forest: ["0201"], woods: ["0201"] } }, "terrain.woods", "0201"],
    [{ hexsides: { river: [["0101", "0301"]] } }, "hexsides.river", "0101-0301"],
  ])("refuses %j naming the field and the hex", (patch, field, hex) => {
    const problem = buildMap({ ...spec, ...patch } as typeof spec);
    expect(problem).toMatchObject({ field, hex });
  });
});
