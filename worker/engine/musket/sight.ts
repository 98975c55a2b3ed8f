/** Line of sight (musket.md 7): blocking samples counted on the shared line, and plunging fire. */
import { distance, type Hex } from "../hex";
import { blockingSamples } from "../grid/sight";
import { onBoard, terrainAt, terrainDef, unitAt } from "./board";
import { PLUNGING_RANGE } from "./data";
import type { MusketState } from "./state";

type Board = Pick<MusketState, "map" | "units">;

/** 7.2: what makes one sample hex block, for a line between `from` and `to`. */
function blocker(state: Board, from: Hex, to: Hex): (h: Hex) => boolean {
  const groundToGround = terrainDef(state.map, from).elevation === 0 && terrainDef(state.map, to).elevation === 0;
  return (h) => {
    if (!onBoard(state.map, h)) return false;
    const t = terrainDef(state.map, h);
    return t.blocksLos || unitAt(state, h) !== undefined || (t.blocksGroundToGround && groundToGround);
  };
}

/** 7.1 step 3-4: the indices (1 .. n-1) of the samples that block. */
export function blockingIndices(state: Board, from: Hex, to: Hex): number[] {
  return blockingSamples(from, to, { blocks: blocker(state, from, to) });
}

/** 7.3: artillery on a hilltop sees past one blocking sample next to either end. */
function plunges(state: Board, from: Hex, to: Hex, blocked: number): boolean {
  const n = distance(from, to);
  const firer = unitAt(state, from);
  return firer?.type === "artillery" && terrainAt(state.map, from) === "hilltop" && n <= PLUNGING_RANGE && (blocked === 1 || blocked === n - 1);
}

/** 7.1: does `from` see `to`? */
export function los(state: Board, from: Hex, to: Hex): boolean {
  if (!onBoard(state.map, from) || !onBoard(state.map, to)) return false;
  if (distance(from, to) <= 1) return true;
  const blocked = blockingIndices(state, from, to);
  if (blocked.length === 0) return true;
  return blocked.length === 1 && plunges(state, from, to, blocked[0]!);
}
