/** Retreats (8.6): one hex, onto a hex that is enterable, free of enemy units and out of enemy ZoC. */
import { hexKey, type Hex } from "../hex";
import { boardNeighbours, cell, enterable, occupied, otherSide } from "./board";
import type { Unit, WarshardState } from "./state";
import { zocOf } from "./zoc";

/** Legal retreat hexes of `unit` on the current board, in direction order from its hex. */
export function retreatOptions(state: WarshardState, unit: Unit): Hex[] {
  if (!unit.hex) return [];
  const enemy = otherSide(state, unit.side);
  const enemyHexes = occupied(state, enemy);
  const enemyZoc = zocOf(state, enemy);
  return boardNeighbours(state.map, unit.hex)
    .filter((h) => enterable(state.map, h) && !enemyHexes.has(hexKey(h)) && !enemyZoc.has(hexKey(h)))
    .map(cell);
}
