/** A working copy of a state that one action may change in place; the map, the conditions, the hexes and the leaders (only ever replaced) are shared, never changed. */
import type { MusketState } from "./state";

export function draftOf(state: MusketState): MusketState {
  return {
    ...state,
    units: state.units.map((u) => ({ ...u })),
    // a leader is only ever removed or added, never edited
    leaders: [...state.leaders],
    eliminated: [...state.eliminated],
    exited: [...state.exited],
    holdStreaks: { ...state.holdStreaks },
  };
}
