/**
 * The Battle for Moscow map and counters, loaded once from scenarios/moscow/*.json into
 * lookup tables. Internally a hex is an index 0..139 (`(col-1)*10 + (row-1)`); states and
 * actions use axial `[q, r]`, players read printed CCRR ids.
 */
import { buildMap, isMapProblem, type GridMap } from "../grid/map";
import { DIRECTIONS, fromPrintedId, printedId, type Hex } from "../hex";
import standardJson from "../../../scenarios/moscow/standard.json";
import quickstartJson from "../../../scenarios/moscow/quickstart.json";

export type Side = "german" | "soviet";
type UnitType = "panzer" | "infantry";
export type Terrain = "clear" | "forest";

export const enemyOf = (side: Side): Side => (side === "german" ? "soviet" : "german");
export const sideName = (side: Side): string => (side === "german" ? "German" : "Soviet");

/** Flat-top direction names in the hex.ts DIRECTIONS order (0..5). */
const DIRECTION_NAMES = ["SE", "NE", "N", "NW", "SW", "S"] as const;
export type DirectionName = (typeof DIRECTION_NAMES)[number];

export interface UnitDef {
  id: string;
  side: Side;
  type: UnitType;
  /** Printed combat strength at full and at half strength. */
  full: number;
  half: number;
  /** Movement allowance (the same on both sides of the counter). */
  ma: number;
  name: string;
  /** First turn the unit may enter play (1st Shock Army: 4). */
  fromTurn: number;
}

/** One map hex as the page draws it. */
export interface MapHex {
  hex: Hex;
  /** Printed id, CCRR. */
  id: string;
  col: number;
  row: number;
  terrain: Terrain;
  city: string | null;
  moscow: boolean;
  fort: boolean;
  rail: boolean;
  /** Directions (flat-top names) in which track leaves this hex to another map hex. */
  railLinks: DirectionName[];
  /** Sides of this hex that carry a river (including the one map-edge segment). */
  riverSides: DirectionName[];
  setup: Side | null;
  /** The side whose friendly map edge this hex is on. */
  edge: Side | null;
}

export interface RailLine {
  id: string;
  name: string;
  hexes: string[];
  offMap?: { start?: string; end?: string };
}

export interface MoscowMap {
  columns: number;
  rows: number;
  hexes: MapHex[];
  cities: { hex: string; name: string; owner: Side }[];
  moscow: string;
  mudTurns: number[];
  railLines: RailLine[];
  /** River hexsides as pairs of printed ids. */
  rivers: [string, string][];
  setup: Record<Side, string[]>;
  /** Friendly edge column (1-based) of each side. */
  edges: Record<Side, number>;
}

export interface ScenarioFile {
  id: string;
  title: string;
  line: string;
  start: { turn: number; phase: string };
  note?: string;
  german?: Record<string, string>;
  soviet?: Record<string, string>;
}

interface StandardFile extends ScenarioFile {
  map: {
    columns: number;
    rows: number;
    edges: Record<Side, number>;
    forest: string[];
    forts: string[];
    cities: { hex: string; name: string; owner: string }[];
    moscow: string;
    mud: number[];
    rail: RailLine[];
    rivers: string[][];
    riverMapEdges: string[][];
    setup: Record<Side, string[]>;
  };
  units: { id: string; side: string; type: string; full: number; half: number; ma: number; name: string; fromTurn?: number }[];
}

const std = standardJson as unknown as StandardFile;
export const SCENARIO_FILES: readonly ScenarioFile[] = [std, quickstartJson as unknown as ScenarioFile];

const COLUMNS = std.map.columns;
const ROWS = std.map.rows;
export const HEX_COUNT = COLUMNS * ROWS;

/** Index of an axial hex, or -1 when it is off the map. */
export function indexOf(h: Hex): number {
  const col = h[0];
  const row = h[1] + ((col - (col & 1)) >> 1);
  if (col < 0 || col >= COLUMNS || row < 0 || row >= ROWS) return -1;
  return col * ROWS + row;
}

function axialOf(index: number): Hex {
  const col = Math.floor(index / ROWS);
  const row = index % ROWS;
  return [col, row - ((col - (col & 1)) >> 1)];
}

// One frozen pair a hex, shared by every action, event and path that names it (a game makes
// thousands); a Hex is read-only, and a state's positions are copies ([...hexOf(i)]).
const AXIAL: readonly Hex[] = Array.from({ length: HEX_COUNT }, (_, i) => Object.freeze(axialOf(i)) as Hex);

/** The axial hex of index `index` (a shared frozen pair on the map). */
export function hexOf(index: number): Hex {
  return AXIAL[index] ?? axialOf(index);
}

function indexOfPrinted(id: string): number {
  const h = fromPrintedId(id);
  const i = h ? indexOf(h) : -1;
  if (i < 0) throw new Error(`scenario data: bad hex ${id}`);
  return i;
}

/** On-map neighbours of every hex, by index, in hex.ts direction order (SE NE N NW SW S on this flat-top map). */
export const NEIGHBOURS: readonly (readonly number[])[] = Array.from({ length: HEX_COUNT }, (_, i) => {
  const h = hexOf(i);
  return DIRECTIONS.map((d) => indexOf([h[0] + d[0], h[1] + d[1]])).filter((n) => n >= 0);
});

const AXIAL_Q = Int8Array.from({ length: HEX_COUNT }, (_, i) => hexOf(i)[0]);
const AXIAL_R = Int8Array.from({ length: HEX_COUNT }, (_, i) => hexOf(i)[1]);

/** Hex distance between two hex indices (hex.ts distance() without building hexes). */
export function hexDistance(a: number, b: number): number {
  const dq = AXIAL_Q[a]! - AXIAL_Q[b]!;
  const dr = AXIAL_R[a]! - AXIAL_R[b]!;
  return Math.max(Math.abs(dq), Math.abs(dr), Math.abs(dq + dr));
}

function directionIndex(a: number, b: number): number {
  const ha = hexOf(a);
  const hb = hexOf(b);
  return DIRECTIONS.findIndex((d) => ha[0] + d[0] === hb[0] && ha[1] + d[1] === hb[1]);
}

/**
 * The printed map on the shared map schema (terrain by printed id, rivers on hexsides); the
 * tables below index it by hex number for the engine's hot loops.
 */
function printedMap(): GridMap<Terrain, "river"> {
  const map = buildMap<Terrain, "river">({
    columns: std.map.columns,
    rows: std.map.rows,
    baseTerrain: "clear",
    terrain: { forest: std.map.forest },
    hexsides: { river: std.map.rivers },
  });
  if (isMapProblem(map)) throw new Error(`scenario data: ${map.field} ${map.hex ?? ""}: ${map.message}`);
  return map;
}
const GRID = printedMap();

export const FOREST = Uint8Array.from({ length: HEX_COUNT }, (_, i) => (GRID.terrainAt(hexOf(i)) === "forest" ? 1 : 0));
export const FORT = new Uint8Array(HEX_COUNT);
for (const id of std.map.forts) FORT[indexOfPrinted(id)] = 1;

export const MOSCOW = indexOfPrinted(std.map.moscow);
const MUD_TURNS: readonly number[] = std.map.mud;
/** By turn (past the last turn too, so that a read stays in bounds): 1 on a mud turn; isMud is asked at nearly every action. */
const MUD_BY_TURN = Uint8Array.from({ length: Math.max(32, ...MUD_TURNS) + 1 }, (_, t) => (MUD_TURNS.includes(t) ? 1 : 0));
export const isMud = (turn: number): boolean => MUD_BY_TURN[turn] === 1;

/** City name by hex index, or undefined. */
export const CITY_AT: ReadonlyMap<number, string> = new Map(std.map.cities.map((c) => [indexOfPrinted(c.hex), c.name]));
export const CITY_OWNERS: Readonly<Record<string, Side>> = Object.fromEntries(std.map.cities.map((c) => [c.name, c.owner as Side]));

/** Hexes linked by track to each hex (railLinks only, never plain adjacency). */
export const RAIL_ADJ: readonly number[][] = Array.from({ length: HEX_COUNT }, () => []);
export const RAIL = new Uint8Array(HEX_COUNT);
for (const line of std.map.rail) {
  for (let k = 0; k < line.hexes.length; k++) {
    const a = indexOfPrinted(line.hexes[k]!);
    RAIL[a] = 1;
    if (k === 0) continue;
    const b = indexOfPrinted(line.hexes[k - 1]!);
    if (!RAIL_ADJ[a]!.includes(b)) RAIL_ADJ[a]!.push(b);
    if (!RAIL_ADJ[b]!.includes(a)) RAIL_ADJ[b]!.push(a);
  }
}

// 1 by pair of hex indices (lower first) when the hexside between them carries a river: a table,
// not a set, as the odds of every attack the computer weighs ask it for each attacker.
const RIVER_BETWEEN = new Uint8Array(HEX_COUNT * HEX_COUNT);
const sideKey = (a: number, b: number) => (a < b ? a * HEX_COUNT + b : b * HEX_COUNT + a);
for (let a = 0; a < HEX_COUNT; a++) for (const b of NEIGHBOURS[a]!) if (GRID.sideFeatures(hexOf(a), hexOf(b)).includes("river")) RIVER_BETWEEN[sideKey(a, b)] = 1;
/** True when the hexside between two adjacent hexes carries a river. */
export const isRiver = (a: number, b: number): boolean => RIVER_BETWEEN[sideKey(a, b)] === 1;

export const SETUP_HEXES: Readonly<Record<Side, readonly number[]>> = {
  german: std.map.setup.german.map(indexOfPrinted),
  soviet: std.map.setup.soviet.map(indexOfPrinted),
};

/** Friendly edge hexes of each side (whole columns 01 and 14). */
const EDGE_COLUMN: Readonly<Record<Side, number>> = std.map.edges;
const EDGE = new Int8Array(HEX_COUNT); // 0 none, 1 German, 2 Soviet
for (let i = 0; i < HEX_COUNT; i++) {
  const col = Math.floor(i / ROWS) + 1;
  if (col === EDGE_COLUMN.german) EDGE[i] = 1;
  else if (col === EDGE_COLUMN.soviet) EDGE[i] = 2;
}
export const isEdgeOf = (i: number, side: Side): boolean => EDGE[i] === (side === "german" ? 1 : 2);

export const UNIT_DEFS: readonly UnitDef[] = std.units.map((u) => ({
  id: u.id,
  side: u.side as Side,
  type: u.type as UnitType,
  full: u.full,
  half: u.half,
  ma: u.ma,
  name: u.name,
  fromTurn: u.fromTurn ?? 1,
}));
export const UNIT_INDEX: ReadonlyMap<string, number> = new Map(UNIT_DEFS.map((u, i) => [u.id, i]));
/** A side as an index of the engine's per-side arrays (0 german, 1 soviet). */
export const SIDE_INDEX: Readonly<Record<Side, 0 | 1>> = { german: 0, soviet: 1 };
/** Each unit's SIDE_INDEX by unit index, for inner loops. */
export const UNIT_SIDE: Readonly<Uint8Array> = Uint8Array.from(UNIT_DEFS, (d) => SIDE_INDEX[d.side]);
/** Units a side must place in its setup phase. */
export function setupUnits(side: Side): string[] {
  return UNIT_DEFS.filter((d) => d.side === side && d.fromTurn <= 1).map((d) => d.id);
}
export const unitDef = (id: string): UnitDef | undefined => {
  const i = UNIT_INDEX.get(id);
  return i === undefined ? undefined : UNIT_DEFS[i];
};

/** "1103 Moscow", "0704": how a player sees a hex. */
export function hexLabel(h: Hex | number): string {
  const i = typeof h === "number" ? h : indexOf(h);
  if (i < 0) return typeof h === "number" ? `#${h}` : `[${h[0]},${h[1]}] (off the map)`;
  const id = printedId(hexOf(i));
  const city = CITY_AT.get(i);
  return city ? `${id} ${city}` : id;
}

const riverEdgeExtra = new Map<number, DirectionName[]>();
for (const [id, side] of std.map.riverMapEdges) {
  const i = indexOfPrinted(id!);
  riverEdgeExtra.set(i, [...(riverEdgeExtra.get(i) ?? []), side as DirectionName]);
}

/** The map in a shape handy for drawing and previews. */
export const MAP: MoscowMap = {
  columns: COLUMNS,
  rows: ROWS,
  hexes: Array.from({ length: HEX_COUNT }, (_, i): MapHex => {
    const hex = hexOf(i);
    const linked = (list: readonly number[]) =>
      list.map((n) => DIRECTION_NAMES[directionIndex(i, n)]!).sort((a, b) => DIRECTION_NAMES.indexOf(a) - DIRECTION_NAMES.indexOf(b));
    const setup = SETUP_HEXES.german.includes(i) ? "german" : SETUP_HEXES.soviet.includes(i) ? "soviet" : null;
    return {
      hex,
      id: printedId(hex),
      col: Math.floor(i / ROWS) + 1,
      row: (i % ROWS) + 1,
      terrain: FOREST[i] ? "forest" : "clear",
      city: CITY_AT.get(i) ?? null,
      moscow: i === MOSCOW,
      fort: FORT[i] === 1,
      rail: RAIL[i] === 1,
      railLinks: linked(RAIL_ADJ[i]!),
      riverSides: [...linked(NEIGHBOURS[i]!.filter((n) => isRiver(i, n))), ...(riverEdgeExtra.get(i) ?? [])],
      setup,
      edge: EDGE[i] === 1 ? "german" : EDGE[i] === 2 ? "soviet" : null,
    };
  }),
  cities: std.map.cities.map((c) => ({ hex: c.hex, name: c.name, owner: c.owner as Side })),
  moscow: std.map.moscow,
  mudTurns: [...MUD_TURNS],
  railLines: std.map.rail,
  rivers: std.map.rivers.map(([a, b]) => [a!, b!]),
  setup: { german: [...std.map.setup.german], soviet: [...std.map.setup.soviet] },
  edges: { ...EDGE_COLUMN },
};
