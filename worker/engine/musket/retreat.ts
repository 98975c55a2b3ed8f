/** The retreat hex (musket.md 9.6): the free neighbour most directly away from the attack. */
import { DIRECTIONS, neighbour, type Hex } from "../hex";
import { onBoard, terrainAt, unitAt } from "./board";
import { canEnter } from "./data";
import type { Cell, MusketState, Unit } from "./state";

export function retreatHex(state: Pick<MusketState, "map" | "units">, unit: Unit, source: Hex): Cell | null {
  const pq = unit.hex[0] - source[0];
  const pr = unit.hex[1] - source[1];
  const ps = -pq - pr;
  let best: Cell | null = null;
  let bestScore = -Infinity;
  DIRECTIONS.forEach(([dq, dr], index) => {
    const h = neighbour(unit.hex, index);
    if (!onBoard(state.map, h) || !canEnter(unit.type, terrainAt(state.map, h)) || unitAt(state, h)) return;
    const score = dq * pq + dr * pr + (-dq - dr) * ps;
    // strictly greater: the lowest direction index keeps a tie
    if (score > bestScore) {
      bestScore = score;
      best = [h[0], h[1]];
    }
  });
  return best;
}
