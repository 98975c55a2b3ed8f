import { describe, expect, it } from "vitest";
import { blockingIndices, los } from "../../../worker/engine/musket";
import { position, type UnitSpec } from "./helpers";

type Hex = [number, number];
interface Case {
  name: string;
  from: Hex;
  to: Hex;
  terrain?: [Hex, string][];
  units?: UnitSpec[];
  blocking: number[];
  sees: boolean;
}

const cases: Case[] = [
  { name: "open ground", from: [0, 1], to: [0, 5], blocking: [], sees: true },
  { name: "woods on the middle sample", from: [0, 1], to: [0, 5], terrain: [[[0, 3], "woods"]], blocking: [2], sees: false },
  { name: "a town blocks like woods", from: [0, 1], to: [0, 5], terrain: [[[0, 2], "town"]], blocking: [1], sees: false },
  { name: "woods on the firer's own hex never block", from: [0, 1], to: [0, 5], terrain: [[[0, 1], "woods"], [[0, 5], "woods"]], blocking: [], sees: true },
  { name: "adjacent hexes always see each other", from: [0, 1], to: [0, 2], terrain: [[[0, 1], "woods"], [[0, 2], "woods"]], blocking: [], sees: true },
  { name: "a hexside sample blocks when one candidate is woods", from: [0, 2], to: [2, 1], terrain: [[[1, 1], "woods"]], blocking: [1], sees: false },
  { name: "a hexside sample blocks when the other candidate is woods", from: [0, 2], to: [2, 1], terrain: [[[1, 2], "woods"]], blocking: [1], sees: false },
  { name: "a hexside sample with both candidates clear", from: [0, 2], to: [2, 1], terrain: [[[1, 3], "woods"]], blocking: [], sees: true },
  { name: "a unit of either side on a sample blocks", from: [0, 1], to: [0, 5], units: [{ id: "x", side: 1, hex: [0, 4] }], blocking: [3], sees: false },
  { name: "a hilltop blocks ground-to-ground sight", from: [0, 1], to: [0, 5], terrain: [[[0, 3], "hilltop"]], blocking: [2], sees: false },
  { name: "a hilltop does not block when the firer stands on a hill", from: [0, 1], to: [0, 5], terrain: [[[0, 1], "hilltop"], [[0, 3], "hilltop"]], blocking: [], sees: true },
  { name: "a hilltop does not block when the target stands on a hill", from: [0, 1], to: [0, 5], terrain: [[[0, 5], "hilltop"], [[0, 3], "hilltop"]], blocking: [], sees: true },
  { name: "marsh, lake, river, ford, bridge and road never block", from: [0, 0], to: [0, 7], terrain: [[[0, 1], "marsh"], [[0, 2], "lake"], [[0, 3], "river"], [[0, 4], "ford"], [[0, 5], "bridge"], [[0, 6], "road"]], blocking: [], sees: true },
  { name: "two blocking samples block", from: [0, 1], to: [0, 5], terrain: [[[0, 2], "woods"], [[0, 4], "woods"]], blocking: [1, 3], sees: false },
];

const firers = (from: Hex, type: string): UnitSpec[] => [{ id: "firer", side: 0, type, hex: from }];

describe("§7 line of sight", () => {
  it.each(cases)("§7.1-7.2 $name", ({ from, to, terrain = [], units = [], blocking, sees }) => {
    const s = position({ terrain, units });
    expect(blockingIndices(s, from, to)).toEqual(blocking);
    expect(los(s, from, to)).toBe(sees);
  });

  it("§7.1 a hex off the board sees nothing", () => {
    const s = position({ units: [] });
    expect(los(s, [0, 1], [0, 9])).toBe(false);
    expect(los(s, [-1, 1], [0, 1])).toBe(false);
  });

  const plunging: [string, string, Hex[], Hex, boolean][] = [
    ["artillery on a hill sees past one blocking sample next to itself", "artillery", [[0, 2]], [0, 5], true],
    ["artillery on a hill sees past one blocking sample next to the target", "artillery", [[0, 4]], [0, 5], true],
    ["artillery on a hill does not see past a blocking middle sample", "artillery", [[0, 3]], [0, 5], false],
    ["artillery on a hill does not see past two blocking samples", "artillery", [[0, 2], [0, 4]], [0, 5], false],
    ["line infantry on a hill gets no plunging fire", "line_infantry", [[0, 2]], [0, 5], false],
    ["plunging fire reaches 4 hexes at most", "artillery", [[0, 2]], [0, 6], false],
  ];
  it.each(plunging)("§7.3 %s", (_, type, woods, to, sees) => {
    const s = position({ terrain: [[[0, 1], "hilltop"], ...woods.map((h): [Hex, string] => [h, "woods"])], units: firers([0, 1], type) });
    expect(los(s, [0, 1], to)).toBe(sees);
  });

  it("§7.3 artillery off the hill, or no unit on the firing hex: no exception", () => {
    const flat = position({ terrain: [[[0, 2], "woods"]], units: firers([0, 1], "artillery") });
    expect(los(flat, [0, 1], [0, 5])).toBe(false);
    const empty = position({ terrain: [[[0, 1], "hilltop"], [[0, 2], "woods"]], units: [] });
    expect(los(empty, [0, 1], [0, 5])).toBe(false);
  });
});
