/** Lines and line of sight (musket.md 7.1, skirmish.md 9.1): worked cases computed by hand. */
import { describe, expect, it } from "vitest";
import { hexKey, neighbours, type Hex } from "../../../worker/engine/hex";
import { cubeRound, hexLine, lineSamples } from "../../../worker/engine/grid/line";
import { blockingSamples, lineOfSight } from "../../../worker/engine/grid/sight";

const blocking = (...hexes: Hex[]) => {
  const set = new Set(hexes.map(hexKey));
  return (h: Hex) => set.has(hexKey(h));
};

describe("lines between hexes", () => {
  it.each([
    [[0.3, 0.2], [0, 0]],
    [[0.6, 0.1], [1, 0]],
    [[-0.2, 1.4], [0, 1]],
    [[1.5, -0.4], [1, 0]],
  ] as [[number, number], Hex][])("cube rounding of %j is %j", (point, hex) => {
    expect(cubeRound(point[0], point[1])).toEqual(hex);
  });

  it.each([
    ["along a row", [0, 0], [3, 0], [[[1, 0]], [[2, 0]]]],
    ["a diagonal through hex centres", [0, 0], [2, -2], [[[1, -1]]]],
    ["adjacent hexes have no sample", [0, 0], [1, 0], []],
    // the midpoint (0.5, 0.5) lies on the hexside between (1,0) and (0,1): two candidates
    ["along a hexside", [0, 0], [1, 1], [[[0, 1], [1, 0]]]],
    ["along a hexside, longer", [0, 0], [2, 2], [[[0, 1], [1, 0]], [[1, 1]], [[1, 2], [2, 1]]]],
  ] as [string, Hex, Hex, Hex[][]][])("samples %s from %j to %j", (_, a, b, samples) => {
    expect(lineSamples(a, b)).toEqual(samples);
  });

  it("the traced line runs end to end through adjacent hexes, one per step", () => {
    const line = hexLine([0, 0], [4, -1]);
    expect(line[0]).toEqual([0, 0]);
    expect(line.at(-1)).toEqual([4, -1]);
    expect(line).toHaveLength(5);
    for (let i = 1; i < line.length; i++) expect(neighbours(line[i - 1]!).map(hexKey)).toContain(hexKey(line[i]!));
  });
});

describe("line of sight", () => {
  it.each([
    ["open ground", [], true],
    ["woods on the line", [[2, 0]], false],
    ["woods beside the line", [[1, 1]], true],
    ["woods on the firer's own hex never block", [[0, 0]], true],
    ["woods on the target's hex never block", [[3, 0]], true],
  ] as [string, Hex[], boolean][])("(0,0) to (3,0), %s: %s", (_, woods, sees) => {
    expect(lineOfSight([0, 0], [3, 0], { blocks: blocking(...woods) })).toBe(sees);
  });

  it("a sample on a hexside is blocked if either candidate blocks", () => {
    expect(lineOfSight([0, 0], [1, 1], { blocks: blocking([1, 0]) })).toBe(false);
    expect(lineOfSight([0, 0], [1, 1], { blocks: blocking([0, 1]) })).toBe(false);
    expect(lineOfSight([0, 0], [1, 1], { blocks: blocking([1, 1], [0, 0]) })).toBe(true);
  });

  it("adjacent and identical hexes always see each other", () => {
    expect(lineOfSight([0, 0], [1, 0], { blocks: () => true })).toBe(true);
    expect(lineOfSight([2, 2], [2, 2], { blocks: () => true })).toBe(true);
  });

  it("blockingSamples counts the blocking samples, numbered 1..n-1 from the firer (musket's plunging fire reads them)", () => {
    expect(blockingSamples([0, 0], [4, 0], { blocks: blocking([1, 0], [3, 0]) })).toEqual([1, 3]);
  });

  it("a blocking hexside crossed by the line blocks; one beside it does not", () => {
    const wall = (a: Hex, b: Hex) => [hexKey(a), hexKey(b)].sort().join("|") === "1,0|2,0";
    expect(lineOfSight([0, 0], [3, 0], { blocks: () => false, blocksSide: wall })).toBe(false);
    expect(lineOfSight([0, 1], [3, 1], { blocks: () => false, blocksSide: wall })).toBe(true);
  });
});
