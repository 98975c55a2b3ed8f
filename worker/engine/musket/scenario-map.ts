/** The map of a scenario (musket.md 2.2, 4): an odd-q rectangle with its non-default terrain. */
import { hexKey } from "../hex";
import { hexText } from "./board";
import { TERRAINS, type Terrain } from "./data";
import { bad, eachOf, hexOn, isBad, isInt, isObject, type Bad } from "./scenario-fields";
import type { MapSpec } from "./state";

const MAX_SIDE = 30;

function terrainType(t: unknown, field: string): Terrain | Bad {
  return (TERRAINS as readonly unknown[]).includes(t) ? (t as Terrain) : bad(field, `must be one of ${TERRAINS.join(", ")}`);
}

export function parseMap(v: unknown): MapSpec | Bad {
  if (!isObject(v)) return bad("map", 'must be {"layout": "odd-q-rect", "cols", "rows", "default", "terrain"}');
  if (v.layout !== undefined && v.layout !== "odd-q-rect") return bad("map.layout", 'the only layout is "odd-q-rect"');
  // decision: boards up to 30x30, far beyond the shipped 8x6, to bound the work of one action
  if (!isInt(v.cols, 1, MAX_SIDE)) return bad("map.cols", `must be a whole number from 1 to ${MAX_SIDE}`);
  if (!isInt(v.rows, 1, MAX_SIDE)) return bad("map.rows", `must be a whole number from 1 to ${MAX_SIDE}`);
  const base = v.default === undefined ? "open" : terrainType(v.default, "map.default");
  if (isBad(base)) return base;
  const size = { cols: v.cols, rows: v.rows };
  const listed = v.terrain ?? [];
  if (!Array.isArray(listed)) return bad("map.terrain", 'must be a list of {"hex": [q, r], "type": ...}');
  const seen = new Set<string>();
  const terrain = eachOf(listed, (entry, i) => {
    const field = `map.terrain[${i}]`;
    if (!isObject(entry)) return bad(field, 'must be {"hex": [q, r], "type": ...}');
    const hex = hexOn(size, entry.hex, `${field}.hex`);
    if (isBad(hex)) return hex;
    if (seen.has(hexKey(hex))) return bad(`${field}.hex`, `hex ${hexText(hex)} is listed twice`, hex);
    seen.add(hexKey(hex));
    const type = terrainType(entry.type, `${field}.type`);
    return isBad(type) ? type : { hex, type };
  });
  if (isBad(terrain)) return terrain;
  return { layout: "odd-q-rect", cols: v.cols, rows: v.rows, default: base, terrain };
}
