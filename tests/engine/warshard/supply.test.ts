import { describe, expect, it } from "vitest";
import { hexKey } from "../../../worker/engine/hex";
import { suppliedHexes } from "../../../worker/engine/warshard";
import { position } from "./helpers";

/** A one-row board is a chain of hexes: column c is axial [c, -floor(c/2)]. */
const col = (c: number): [number, number] => [c, -Math.floor(c / 2)];
const line = (units: Record<string, unknown>[], hexes: Record<string, unknown>[] = []) =>
  position(units, { map: { cols: 9, rows: 1, hexes } });
const suppliedColumns = (state: ReturnType<typeof line>, side: string) =>
  [...suppliedHexes(state, side)].map((k) => Number(k.split(",")[0])).sort((a, b) => a - b);

describe("§5.4 supply traced to HQs", () => {
  it.each([
    ["at most four steps from the HQ", [], [], [0, 1, 2, 3, 4]],
    ["an enemy unit blocks, its ZoC hex is the last hex reached", [{ id: "e", side: "red", type: "infantry", hex: col(4) }], [], [0, 1, 2, 3]],
    ["water is never passed through", [], [{ hex: col(2), type: "water" }], [0, 1, 2]],
    ["the HQ's own hex counts even in enemy ZoC; an enemy next to it cuts the trace", [{ id: "e", side: "red", type: "infantry", hex: col(1) }], [], [0, 1]],
  ])("§5.4 %s", (_name, extra, hexes, expected) => {
    const s = line([{ id: "hq", side: "blue", type: "hq", hex: col(0) }, { id: "z", side: "red", type: "infantry", hex: col(8) }, ...extra], hexes);
    expect(suppliedColumns(s, "blue")).toEqual(expected);
  });

  it("§5.4 §17 a side with no HQ on the map has nothing in supply", () => {
    const s = line([{ id: "hq", side: "blue", type: "hq", hex: col(0) }, { id: "z", side: "red", type: "infantry", hex: col(8) }]);
    expect(suppliedHexes(s, "red").size).toBe(0);
    expect(suppliedHexes(s, "blue").has(hexKey(col(0)))).toBe(true);
  });
});
