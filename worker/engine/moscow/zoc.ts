/** Zones of control: the six hexes around every unit, whatever the terrain or what they hold. */
import { HEX_COUNT, indexOf, NEIGHBOURS, UNIT_DEFS, type Side } from "./data";
import type { MoscowState } from "./state";

/** Marks (1) every hex in the ZOC of `side`'s units. Friendly units never negate it. */
export function zocOf(state: MoscowState, side: Side): Uint8Array {
  const zoc = new Uint8Array(HEX_COUNT);
  state.units.forEach((u, k) => {
    if (!u.position || UNIT_DEFS[k]!.side !== side) return;
    const i = indexOf(u.position);
    if (i < 0) return;
    for (const n of NEIGHBOURS[i]!) zoc[n] = 1;
  });
  return zoc;
}
