/** Zones of control: the six hexes around every unit, whatever the terrain or what they hold. */
import type { Hex } from "../hex";
import { HEX_COUNT, hexOf, indexOf, NEIGHBOURS, UNIT_DEFS, type Side } from "./data";
import type { MoscowState } from "./state";

const NO_ZOC: readonly number[] = Array.from({ length: HEX_COUNT }, () => 0);

/** Marks (1) every hex in the ZOC of `side`'s units. Friendly units never negate it. */
export function zocOf(state: MoscowState, side: Side): number[] {
  const zoc = NO_ZOC.slice();
  const units = state.units;
  for (let k = 0; k < units.length; k++) {
    const p = units[k]!.position;
    if (!p || UNIT_DEFS[k]!.side !== side) continue;
    const i = indexOf(p);
    if (i < 0) continue;
    const adj = NEIGHBOURS[i]!;
    for (let j = 0; j < adj.length; j++) zoc[adj[j]!] = 1;
  }
  return zoc;
}

/** Every hex in the ZOC of `side`'s units. */
export function zocHexes(state: MoscowState, side: Side): Hex[] {
  const zoc = zocOf(state, side);
  const out: Hex[] = [];
  for (let i = 0; i < HEX_COUNT; i++) if (zoc[i]) out.push(hexOf(i));
  return out;
}
