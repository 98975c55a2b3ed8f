/** The map schema: worked cases. */
import { describe, expect, it } from "vitest";
import { buildMap, isMapProblem, type MapSpec } from "../../../worker/engine/grid/map";

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
