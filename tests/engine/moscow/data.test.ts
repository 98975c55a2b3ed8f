import { existsSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { distance, printedId } from "../../../worker/engine/hex";
import { MAP, UNIT_DEFS } from "../../../worker/engine/moscow";
import { hexOf, indexOf, isRiver, NEIGHBOURS, RAIL_ADJ } from "../../../worker/engine/moscow/data";
import { h, neighboursOf } from "./helpers";

const SHARED = new URL("../../../../shared/data/moscow/", import.meta.url);

describe("§Map data: pinned counts", () => {
  const count = (f: (x: (typeof MAP.hexes)[number]) => boolean) => MAP.hexes.filter(f).length;
  it.each([
    ["140 hexes (14 columns x 10 rows)", MAP.hexes.length, 140],
    ["25 forest hexes", count((x) => x.terrain === "forest"), 25],
    ["22 fortifications, all on clear hexes", count((x) => x.fort && x.terrain === "clear"), 22],
    ["11 cities", count((x) => x.city !== null), 11],
    ["57 river hexsides", MAP.rivers.length, 57],
    ["35 setup hexes", count((x) => x.setup !== null), 35],
    ["22 German setup hexes", count((x) => x.setup === "german"), 22],
    ["13 Soviet setup hexes", count((x) => x.setup === "soviet"), 13],
    ["68 rail hexes", count((x) => x.rail), 68],
    ["10 German edge hexes (column 01)", count((x) => x.edge === "german" && x.col === 1), 10],
    ["10 Soviet edge hexes (column 14)", count((x) => x.edge === "soviet" && x.col === 14), 10],
  ])("%s", (_name, actual, expected) => expect(actual).toBe(expected));

  it("Moscow is 1103 and the only Moscow hex; it is a city, not a fortification", () => {
    const m = MAP.hexes.filter((x) => x.moscow);
    expect(m.map((x) => x.id)).toEqual(["1103"]);
    expect(m[0]!.city).toBe("Moscow");
    expect(m[0]!.fort).toBe(false);
    expect(m[0]!.riverSides.sort()).toEqual(["NW", "S", "SW"]);
  });

  it("Smolensk and Roslavl start German, every other city Soviet", () => {
    const german = MAP.cities.filter((c) => c.owner === "german").map((c) => c.name).sort();
    expect(german).toEqual(["Roslavl", "Smolensk"]);
    expect(MAP.cities.filter((c) => c.owner === "soviet")).toHaveLength(9);
  });
});

describe("§Units: the 39-counter roster", () => {
  const side = (s: string) => UNIT_DEFS.filter((u) => u.side === s);
  it("39 units: 17 Soviet, 22 German (8 panzer, 14 infantry)", () => {
    expect(UNIT_DEFS).toHaveLength(39);
    expect(side("soviet")).toHaveLength(17);
    expect(side("german")).toHaveLength(22);
    expect(side("german").filter((u) => u.type === "panzer")).toHaveLength(8);
    expect(side("german").filter((u) => u.type === "infantry")).toHaveLength(14);
  });
  it.each([
    ["1S", 10, 5, 4],
    ["3", 8, 4, 4],
    ["50", 8, 4, 4],
    ["XXIV", 12, 6, 6],
    ["XLI", 12, 6, 6],
    ["LVII", 12, 6, 6],
    ["XLVI", 10, 5, 6],
    ["XLVII", 9, 4, 6],
    ["LVI", 9, 4, 6],
    ["XL", 8, 4, 6],
    ["XLVIII", 8, 4, 6],
    ["XXII", 8, 4, 4],
    ["XXXV", 8, 4, 4],
    ["VII", 7, 4, 4],
    ["VIII", 7, 4, 4],
    ["IX", 7, 4, 4],
    ["V", 6, 3, 4],
    ["XIII", 6, 3, 4],
    ["XX", 6, 3, 4],
    ["XXVII", 6, 3, 4],
    ["LIII", 6, 3, 4],
    ["VI", 5, 2, 4],
    ["XII", 5, 2, 4],
    ["XXXIV", 4, 2, 4],
    ["XLII", 4, 2, 4],
  ])("%s is %i-%i with MA %i", (unit, full, half, ma) => {
    const u = UNIT_DEFS.find((x) => x.id === unit)!;
    expect([u.full, u.half, u.ma]).toEqual([full, half, ma]);
  });
  it("16 ordinary Soviet armies are 8-4 / 4-4; 1st Shock Army arrives from turn 4", () => {
    const armies = side("soviet").filter((u) => u.id !== "1S");
    expect(armies).toHaveLength(16);
    expect(armies.every((u) => u.full === 8 && u.half === 4 && u.ma === 4 && u.fromTurn === 1)).toBe(true);
    expect(UNIT_DEFS.find((u) => u.id === "1S")!.fromTurn).toBe(4);
  });
});

describe("§Hex geometry: axial coordinates and printed CCRR ids (seed §11 critical path)", () => {
  // Offsets of the printed map ([dCol, dRow] by column parity), independent of the engine.
  const odd: Record<string, [number, number]> = { N: [0, -1], NE: [1, -1], SE: [1, 0], S: [0, 1], SW: [-1, 0], NW: [-1, -1] };
  const even: Record<string, [number, number]> = { N: [0, -1], NE: [1, 0], SE: [1, 1], S: [0, 1], SW: [-1, 1], NW: [-1, 0] };
  it("every hex's neighbours match the printed map's column-parity offsets", () => {
    for (const x of MAP.hexes) {
      const table = x.col % 2 === 1 ? odd : even;
      const expected = Object.values(table)
        .map(([dc, dr]) => [x.col + dc, x.row + dr])
        .filter(([c, r]) => c! >= 1 && c! <= 14 && r! >= 1 && r! <= 10)
        .map(([c, r]) => `${String(c).padStart(2, "0")}${String(r).padStart(2, "0")}`)
        .sort();
      expect(neighboursOf(x.id), x.id).toEqual(expected);
    }
  });
  it.each([
    ["0101", [0, 0]],
    ["0110", [0, 9]],
    ["0201", [1, 0]],
    ["0504", [4, 1]],
    ["1103", [10, -3]],
    ["1410", [13, 3]],
  ])("%s is axial %j and back", (pid, axial) => {
    expect(h(pid)).toEqual(axial);
    expect(printedId(axial as [number, number])).toBe(pid);
  });
  it.each([
    ["0101", "0101", 0],
    ["0504", "0505", 1],
    ["0504", "0604", 1],
    ["0101", "1410", 16],
    ["0504", "1103", 6],
  ])("distance %s-%s is %i", (a, b, d) => expect(distance(h(a), h(b))).toBe(d));
  it("off-map hexes have no index", () => {
    expect(indexOf(h("0101").map((v, i) => (i === 0 ? v - 1 : v)) as [number, number])).toBe(-1);
    expect(indexOf([14, 0])).toBe(-1);
  });
  it("rail links are symmetric and only between adjacent hexes; 0602 and 0702 are both rail but not linked", () => {
    RAIL_ADJ.forEach((links, i) => {
      for (const j of links) {
        expect(RAIL_ADJ[j]).toContain(i);
        expect(NEIGHBOURS[i]).toContain(j);
      }
    });
    const a = indexOf(h("0602"));
    const b = indexOf(h("0702"));
    expect(NEIGHBOURS[a]).toContain(b);
    expect(RAIL_ADJ[a]).not.toContain(b);
  });
  it("river hexsides are symmetric and match the per-hex river sides", () => {
    for (const [a, b] of MAP.rivers) {
      expect(isRiver(indexOf(h(a)), indexOf(h(b)))).toBe(true);
      expect(isRiver(indexOf(h(b)), indexOf(h(a)))).toBe(true);
    }
    expect(isRiver(indexOf(h("1102")), indexOf(h("1103")))).toBe(false);
    expect(isRiver(indexOf(h("1002")), indexOf(h("1103")))).toBe(true);
    const sides = MAP.hexes.reduce((n, x) => n + x.riverSides.length, 0);
    expect(sides).toBe(2 * 57 + 1); // plus the map-edge segment on 1405
    expect(printedId(hexOf(indexOf(h("1405"))))).toBe("1405");
  });
});

describe.skipIf(!existsSync(SHARED))("§Map data: scenarios/moscow agrees with shared/data/moscow", () => {
  const map = existsSync(SHARED) ? JSON.parse(readFileSync(new URL("map.json", SHARED), "utf8")) : null;
  const units = existsSync(SHARED) ? JSON.parse(readFileSync(new URL("units.json", SHARED), "utf8")) : null;
  it("every hex has the same terrain, fort, city, rail links, river sides and setup marker", () => {
    for (const src of map.hexes) {
      const x = MAP.hexes.find((y) => y.id === src.id)!;
      expect([x.hex[0], x.hex[1]], src.id).toEqual([src.q, src.r]);
      expect(x.terrain, src.id).toBe(src.terrain);
      expect(x.fort, src.id).toBe(src.fortification);
      expect(x.city, src.id).toBe(src.city?.name ?? null);
      expect(x.rail, src.id).toBe(src.rail);
      expect([...x.railLinks].sort(), src.id).toEqual([...src.railLinks].sort());
      expect([...x.riverSides].sort(), src.id).toEqual([...src.riverSides].sort());
      expect(x.setup, src.id).toBe(src.setup);
    }
  });
  it("every unit has the counter's strengths and movement", () => {
    for (const src of units.units) {
      const u = UNIT_DEFS.find((x) => x.id === src.id.replace(/^(DE|SU)-/, ""))!;
      expect([u.side, u.type, u.full, u.half, u.ma]).toEqual([src.side, src.type, src.full, src.half, src.movement]);
    }
  });
});
