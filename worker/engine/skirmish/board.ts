/**
 * The board (skirmish.md 2): an odd-q rectangle of cols x rows hexes in axial coordinates,
 * five terrain categories (2.3), deployment zones and the midline (2.2).
 */
import { hexKey, printedHexText, type Hex } from "../hex";
import type { Board, SideIndex, SkirmishState } from "./state";

import { TERRAINS, type Terrain, type TerrainLists } from "./terrain";

export { TERRAINS, type Terrain, type TerrainLists };

export interface TerrainRules {
  /** MU to enter; null: cannot be entered. */
  cost: number | null;
  cover: "soft" | "hard" | null;
  blocksSight: boolean;
}

export const TERRAIN_RULES: Readonly<Record<Terrain, TerrainRules>> = {
  clear: { cost: 1, cover: null, blocksSight: false },
  rough: { cost: 2, cover: null, blocksSight: false },
  soft: { cost: 2, cover: "soft", blocksSight: false },
  hard: { cost: 2, cover: "hard", blocksSight: false },
  blocking: { cost: null, cover: null, blocksSight: true },
};

export const offsetOf = (hex: Hex): { col: number; row: number } => ({ col: hex[0], row: hex[1] + Math.floor(hex[0] / 2) });
export const axialOf = (col: number, row: number): Hex => [col, row - Math.floor(col / 2)];

export function onBoard(board: Board, hex: Hex): boolean {
  const { col, row } = offsetOf(hex);
  return col >= 0 && col < board.cols && row >= 0 && row < board.rows;
}

// the terrain of every hex by offset (col * rows + row), built once a board: terrainAt runs at every step of every path search
const terrainIndex = new WeakMap<Board, Terrain[]>();

function indexOf(board: Board): Terrain[] {
  let index = terrainIndex.get(board);
  if (!index) {
    index = new Array<Terrain>(board.cols * board.rows).fill("clear");
    for (const [terrain, hexes] of Object.entries(board.terrain) as [Terrain, Hex[]][]) {
      for (const h of hexes) if (onBoard(board, h)) index[h[0] * board.rows + h[1] + Math.floor(h[0] / 2)] = terrain;
    }
    terrainIndex.set(board, index);
  }
  return index;
}

/** The terrain of a hex on the board; null off the board. */
export function terrainAt(board: Board, hex: Hex): Terrain | null {
  const col = hex[0];
  const row = hex[1] + Math.floor(col / 2);
  if (col < 0 || col >= board.cols || row < 0 || row >= board.rows) return null;
  return indexOf(board)[col * board.rows + row]!;
}

/** A hex in messages as players read it: the map's printed CCRR id, then axial, e.g. "0419 [3,17]". */
export const hexName = printedHexText;

/** Side 1 deploys on the north rows 0..depth-1, side 0 on the south rows (2.2). */
export function inDeploymentZone(board: Board, depth: number, side: SideIndex, hex: Hex): boolean {
  if (!onBoard(board, hex)) return false;
  const { row } = offsetOf(hex);
  return side === 1 ? row < depth : row >= board.rows - depth;
}

/** A model has crossed the midline when it stands in the opposing half (2.2). */
export function beyondMidline(board: Board, side: SideIndex, hex: Hex): boolean {
  const { row } = offsetOf(hex);
  return side === 0 ? row < board.rows / 2 : row >= board.rows / 2;
}

/** The empty, enterable hexes of a side's zone, by q then r (16). */
export function zoneHexes(state: SkirmishState, side: SideIndex): Hex[] {
  const taken = new Set(state.models.filter((m) => m.hex !== null).map((m) => hexKey(m.hex!)));
  return boardHexes(state.board).filter((h) => inDeploymentZone(state.board, state.deploymentDepth, side, h) && terrainAt(state.board, h) !== "blocking" && !taken.has(hexKey(h)));
}

/** Every hex of the board, sorted by q then r (16). */
export function boardHexes(board: Board): Hex[] {
  const hexes: Hex[] = [];
  for (let col = 0; col < board.cols; col++) for (let row = 0; row < board.rows; row++) hexes.push(axialOf(col, row));
  return hexes.sort((a, b) => a[0] - b[0] || a[1] - b[1]);
}
