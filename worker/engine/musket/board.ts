/** The board of a game (musket.md 2): odd-q offset rectangle, terrain by hex, edges, who stands where. */
import { hexKey, printedHexText, type Hex } from "../hex";
import { TERRAIN_DEFS, UNIT_DEFS, type Terrain, type TerrainDef } from "./data";
import type { Cell, Edge, MapSpec, MusketState, Side, Unit } from "./state";

/** 2.2: offset (col, row) of an axial hex. */
export function toOffset(h: Hex): { col: number; row: number } {
  return { col: h[0], row: h[1] + Math.floor(h[0] / 2) };
}

export function fromOffset(col: number, row: number): Cell {
  return [col, row - Math.floor(col / 2)];
}

export function onBoard(map: Pick<MapSpec, "cols" | "rows">, h: Hex): boolean {
  const { col, row } = toOffset(h);
  return col >= 0 && col < map.cols && row >= 0 && row < map.rows;
}

/** A hex as players read it: axial, with the printed CCRR id when it is on the board. */
export const hexText = printedHexText;

// the terrain of every hex on the board by offset (col * rows + row), built once a map: read at every step of every search
const terrainIndex = new WeakMap<MapSpec, { byOffset: Terrain[]; listed: Map<string, Terrain> }>();

export function terrainAt(map: MapSpec, h: Hex): Terrain {
  let index = terrainIndex.get(map);
  if (!index) {
    const listed = new Map(map.terrain.map((t) => [hexKey(t.hex), t.type]));
    const byOffset: Terrain[] = [];
    for (let col = 0; col < map.cols; col++) for (let row = 0; row < map.rows; row++) byOffset.push(listed.get(hexKey(fromOffset(col, row))) ?? map.default);
    index = { byOffset, listed };
    terrainIndex.set(map, index);
  }
  const col = h[0];
  const row = h[1] + Math.floor(col / 2);
  if (col >= 0 && col < map.cols && row >= 0 && row < map.rows) return index.byOffset[col * map.rows + row]!;
  return index.listed.get(hexKey(h)) ?? map.default;
}

export const terrainDef = (map: MapSpec, h: Hex): TerrainDef => TERRAIN_DEFS[terrainAt(map, h)];

/** 2.2: the edges a hex lies on (a corner lies on two, decision 3). */
export function edgesOf(map: Pick<MapSpec, "cols" | "rows">, h: Hex): Edge[] {
  const { col, row } = toOffset(h);
  const out: Edge[] = [];
  if (row === 0) out.push("north");
  if (row === map.rows - 1) out.push("south");
  if (col === map.cols - 1) out.push("east");
  if (col === 0) out.push("west");
  return out;
}

/** Every hex of one edge, sorted by q then r. */
export function edgeHexes(map: Pick<MapSpec, "cols" | "rows">, edge: Edge): Cell[] {
  const out: Cell[] = [];
  for (let col = 0; col < map.cols; col++) for (let row = 0; row < map.rows; row++) {
    const h = fromOffset(col, row);
    if (edgesOf(map, h).includes(edge)) out.push(h);
  }
  return out.sort(byHex);
}

export const byHex = (a: Hex, b: Hex): number => a[0] - b[0] || a[1] - b[1];
export const byId = (a: { id: string }, b: { id: string }): number => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
export const sameHex = (a: Hex, b: Hex): boolean => a[0] === b[0] && a[1] === b[1];
export const cell = (h: Hex): Cell => [h[0], h[1]];

export function unitAt(state: Pick<MusketState, "units">, h: Hex): Unit | undefined {
  return state.units.find((u) => sameHex(u.hex, h));
}

export const unitById = (state: Pick<MusketState, "units">, id: string): Unit | undefined => state.units.find((u) => u.id === id);

/** 6.1: the movement points a unit has left this activation. */
export const mpLeft = (unit: Unit): number => Math.max(0, UNIT_DEFS[unit.type].movement - unit.mpUsed);

export const enemiesOf = (state: Pick<MusketState, "units">, side: Side): Unit[] => state.units.filter((u) => u.side !== side);
