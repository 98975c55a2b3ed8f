/**
 * The board of a game (2): odd-q offset rectangle stored in the state, read in axial [q, r].
 * Lookups are indexed once per map object (the map is never changed after setup).
 */
import { hexKey, neighbours, printedId, type Hex } from "../hex";
import { TERRAIN_DEFS, type Terrain } from "./data";
import type { MapHexSpec, MapSpec, Side, Unit, WarshardState } from "./state";
// toAct (state.ts) needs it, and board.ts reads state.ts's types: it lives there
export { otherSide } from "./state";

export const offsetOf = (h: Hex): [number, number] => [h[0], h[1] + Math.floor(h[0] / 2)];
export const axialOf = (col: number, row: number): Hex => [col, row - Math.floor(col / 2)];
export const cell = (h: Hex): [number, number] => [h[0], h[1]];
export const sameHex = (a: Hex, b: Hex): boolean => a[0] === b[0] && a[1] === b[1];

/** "hex 0607": the hex as the map prints it (an error's details carry the axial pair and the source's offset too). */
export const hexLabel = (h: Hex): string => `hex ${printedId(h)}`;

/** A side as players read it: "germany" is Germany, a short name such as "usa" is initials (USA). */
export const sideTitle = (side: string): string => (side.length <= 3 ? side.toUpperCase() : side.replace(/_/g, " ").replace(/^./, (c) => c.toUpperCase()));

/** Ascending (q, r). */
export const byQR = (a: Hex, b: Hex): number => a[0] - b[0] || a[1] - b[1];

interface BoardIndex {
  special: Map<string, MapHexSpec>;
}

const indexes = new WeakMap<MapSpec, BoardIndex>();

function indexOf(map: MapSpec): BoardIndex {
  let index = indexes.get(map);
  if (!index) {
    index = { special: new Map(map.hexes.map((h) => [hexKey(h.hex), h])) };
    indexes.set(map, index);
  }
  return index;
}

export function onBoard(map: MapSpec, h: Hex): boolean {
  const [col, row] = offsetOf(h);
  return col >= 0 && col < map.cols && row >= 0 && row < map.rows;
}

export function terrainAt(map: MapSpec, h: Hex): Terrain | null {
  if (!onBoard(map, h)) return null;
  return indexOf(map).special.get(hexKey(h))?.type ?? map.default;
}

/** Half points to enter, or null when the hex is off the board or may not be entered. */
export function moveCost(map: MapSpec, h: Hex): number | null {
  const t = terrainAt(map, h);
  return t === null ? null : TERRAIN_DEFS[t].moveCost;
}

export const enterable = (map: MapSpec, h: Hex): boolean => moveCost(map, h) !== null;

export function defenceMultiplier(map: MapSpec, h: Hex): number {
  const t = terrainAt(map, h);
  return t === null ? 1 : TERRAIN_DEFS[t].defenceMultiplier;
}

export const hexName = (map: MapSpec, h: Hex): string | undefined => indexOf(map).special.get(hexKey(h))?.name;
export const vpOf = (map: MapSpec, h: Hex): number => indexOf(map).special.get(hexKey(h))?.vp ?? 0;

/** The victory points each side holds now: the VP hexes it controls (9.4). */
export function victoryPoints(state: WarshardState): Record<Side, number> {
  const vp: Record<Side, number> = { [state.sides[0]]: 0, [state.sides[1]]: 0 };
  for (const c of state.control) vp[c.side] = (vp[c.side] ?? 0) + vpOf(state.map, c.hex);
  return vp;
}

/** VP hexes in (q, r) order. */
export const vpHexes = (map: MapSpec): Hex[] => map.hexes.filter((h) => (h.vp ?? 0) > 0).map((h) => h.hex).sort(byQR);

/** Neighbours on the board, in direction order. */
export const boardNeighbours = (map: MapSpec, h: Hex): Hex[] => neighbours(h).filter((n) => onBoard(map, n));

/** Every hex of the board, by q then r. */
export function allHexes(map: MapSpec): Hex[] {
  const out: Hex[] = [];
  for (let col = 0; col < map.cols; col++) for (let row = 0; row < map.rows; row++) out.push(axialOf(col, row));
  return out.sort(byQR);
}


export const onMap = (state: WarshardState): Unit[] => state.units.filter((u) => u.status === "map");
export const unitById = (state: WarshardState, id: string): Unit | undefined => state.units.find((u) => u.id === id);
export const canonicalIndex = (state: WarshardState, id: string): number => state.units.findIndex((u) => u.id === id);

export function unitsAt(state: WarshardState, h: Hex): Unit[] {
  return state.units.filter((u) => u.status === "map" && u.hex !== null && sameHex(u.hex, h));
}

/** Keys of hexes holding at least one unit of `side` (or of any side when omitted). */
export function occupied(state: WarshardState, side?: Side, except?: string): Set<string> {
  const out = new Set<string>();
  for (const u of state.units) if (u.status === "map" && u.hex && (side === undefined || u.side === side) && u.id !== except) out.add(hexKey(u.hex));
  return out;
}
