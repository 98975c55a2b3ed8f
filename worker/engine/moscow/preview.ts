/** Page-friendly helpers in axial hexes (the engine works on hex indices internally). */
import type { Hex } from "../hex";
import { occupancy } from "./board";
import { communicationMap } from "./communication";
import { indexOf, type Side } from "./data";
import type { MoscowState, UnitState } from "./state";

/** Is `hex` in communication with `side`'s friendly map edge (moscow.md §Communication)? */
export function inCommunication(state: MoscowState, side: Side, hex: Hex): boolean {
  const i = indexOf(hex);
  return i >= 0 && communicationMap(state, side)[i] === 1;
}

/** The unit standing on `hex`, if any. */
export function unitAt(state: MoscowState, hex: Hex): UnitState | null {
  const i = indexOf(hex);
  if (i < 0) return null;
  const k = occupancy(state)[i]!;
  return k >= 0 ? state.units[k]! : null;
}
