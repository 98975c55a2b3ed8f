/**
 * The map schema scenarios are written in: an odd-q rectangle of `columns` x `rows` hexes
 * numbered CCRR as printed, terrain listed by printed id, and features on hexsides (a river)
 * as pairs of adjacent printed ids. `buildMap` checks it and indexes it for the rules.
 */
import { fromPrintedId, hexKey, hexsideKey, isAdjacent, offsetToAxial, printedId, type Hex } from "../hex";

export interface MapSpec<T extends string = string, F extends string = string> {
  columns: number;
  rows: number;
  /** The terrain of every hex not listed in `terrain`. */
  baseTerrain: T;
  /** Printed ids by terrain (a hex in two lists is an error). */
  terrain?: Partial<Record<T, readonly string[]>>;
  /** Hexside features, each a list of pairs of adjacent printed ids. */
  hexsides?: Partial<Record<F, readonly (readonly string[])[]>>;
}

export interface GridMap<T extends string = string, F extends string = string> {
  columns: number;
  rows: number;
  /** Every hex, column by column. */
  hexes: readonly Hex[];
  onMap(hex: Hex): boolean;
  /** The printed id of a hex on the map. */
  idOf(hex: Hex): string;
  /** The hex of a printed id, or null when it is not on this map. */
  hexOf(id: string): Hex | null;
  terrainAt(hex: Hex): T | null;
  /** The features on the hexside between two adjacent hexes. */
  sideFeatures(a: Hex, b: Hex): readonly F[];
}

/** What is wrong with a map spec, naming the field and the hex. */
export interface MapProblem {
  field: string;
  hex?: string;
  message: string;
}

export function buildMap<T extends string, F extends string>(spec: MapSpec<T, F>): GridMap<T, F> | MapProblem {
  const { columns, rows } = spec;
  if (!Number.isInteger(columns) || !Number.isInteger(rows) || columns < 1 || rows < 1 || columns > 99 || rows > 99) {
    return { field: "columns", message: "columns and rows must be whole numbers from 1 to 99" };
  }
  const hexes: Hex[] = [];
  for (let col = 0; col < columns; col++) for (let row = 0; row < rows; row++) hexes.push(offsetToAxial(col, row));
  const keys = new Set(hexes.map(hexKey));
  const onMap = (h: Hex) => keys.has(hexKey(h));
  const hexOf = (id: string): Hex | null => {
    const h = /^\d{4}$/.test(id) ? fromPrintedId(id) : null;
    return h && onMap(h) ? h : null;
  };
  const terrain = new Map<string, T>();
  for (const [name, ids] of Object.entries(spec.terrain ?? {}) as [T, readonly string[]][]) {
    for (const id of ids) {
      const h = hexOf(id);
      if (!h) return { field: `terrain.${name}`, hex: id, message: `there is no hex ${id} on the ${columns}x${rows} map` };
      if (terrain.has(hexKey(h))) return { field: `terrain.${name}`, hex: id, message: `hex ${id} already has terrain ${terrain.get(hexKey(h))}` };
      terrain.set(hexKey(h), name);
    }
  }
  const sides = new Map<string, F[]>();
  for (const [feature, pairs] of Object.entries(spec.hexsides ?? {}) as [F, readonly (readonly string[])[]][]) {
    for (const pair of pairs) {
      const [a, b] = [hexOf(pair[0] ?? ""), hexOf(pair[1] ?? "")];
      if (!a || !b || pair.length !== 2) return { field: `hexsides.${feature}`, hex: pair.join("-"), message: `${pair.join("-")} is not a pair of hexes on the map` };
      if (!isAdjacent(a, b)) return { field: `hexsides.${feature}`, hex: pair.join("-"), message: `${pair[0]} and ${pair[1]} are not adjacent` };
      const key = hexsideKey(a, b);
      sides.set(key, [...(sides.get(key) ?? []), feature]);
    }
  }
  return {
    columns,
    rows,
    hexes,
    onMap,
    idOf: (h) => printedId(h),
    hexOf,
    terrainAt: (h) => (onMap(h) ? (terrain.get(hexKey(h)) ?? spec.baseTerrain) : null),
    sideFeatures: (a, b) => sides.get(hexsideKey(a, b)) ?? [],
  };
}

export const isMapProblem = (value: unknown): value is MapProblem => typeof value === "object" && value !== null && "field" in value && "message" in value;
