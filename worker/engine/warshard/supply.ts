/**
 * Supply (5.4): a hex is in supply for a side when a trace of at most four steps leads to it
 * from one of the side's HQs, through hexes that are enterable, free of enemy units and out of
 * enemy ZoC. The hex reached may itself be in enemy ZoC (decision, 5.4).
 */
import { hexKey, type Hex } from "../hex";
import { boardNeighbours, enterable, occupied, otherSide } from "./board";
import { SUPPLY_RANGE, UNIT_DEFS } from "./data";
import type { Side, WarshardState } from "./state";
import { zocOf } from "./zoc";

/** Keys of every hex in supply for `side` on the current board. */
export function suppliedHexes(state: WarshardState, side: Side): Set<string> {
  const enemy = otherSide(state, side);
  const enemyHexes = occupied(state, enemy);
  const enemyZoc = zocOf(state, enemy);
  const passable = (h: Hex) => enterable(state.map, h) && !enemyHexes.has(hexKey(h)) && !enemyZoc.has(hexKey(h));
  const supplied = new Set<string>();
  let frontier: Hex[] = [];
  for (const u of state.units) {
    if (u.status !== "map" || u.side !== side || !u.hex || !UNIT_DEFS[u.type].suppliesArmy) continue;
    if (!supplied.has(hexKey(u.hex))) {
      supplied.add(hexKey(u.hex));
      frontier.push(u.hex);
    }
  }
  // the HQ hexes start the trace whatever stands around them; an end hex is never checked, and an
  // enemy-occupied end hex being "in supply" is harmless: supply is only read for own units' hexes
  const sources = new Set(frontier.map(hexKey));
  for (let step = 1; step <= SUPPLY_RANGE; step++) {
    const next: Hex[] = [];
    for (const h of frontier) {
      if (!sources.has(hexKey(h)) && !passable(h)) continue;
      for (const n of boardNeighbours(state.map, h)) {
        if (supplied.has(hexKey(n))) continue;
        supplied.add(hexKey(n));
        next.push(n);
      }
    }
    frontier = next;
  }
  return supplied;
}
