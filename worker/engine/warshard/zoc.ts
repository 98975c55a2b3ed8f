/** Zones of control (5.2): every hex next to a unit of the side, any type, on the board. */
import { hexKey } from "../hex";
import { boardNeighbours } from "./board";
import type { Side, WarshardState } from "./state";

export function zocOf(state: WarshardState, side: Side): Set<string> {
  const zone = new Set<string>();
  for (const u of state.units) {
    if (u.status !== "map" || u.side !== side || !u.hex) continue;
    for (const n of boardNeighbours(state.map, u.hex)) zone.add(hexKey(n));
  }
  return zone;
}
