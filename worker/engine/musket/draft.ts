/** A working copy of a state that one action may change in place; the map, the conditions and the hexes (only ever replaced) are shared, never changed. */
import type { MusketState } from "./state";

export function draftOf(state: MusketState): MusketState {
  return {
    ...state,
    units: state.units.map((u) => ({ ...u })),
    leaders: state.leaders.map((l) => ({ ...l })),
    eliminated: [...state.eliminated],
    exited: [...state.exited],
    holdStreaks: { ...state.holdStreaks },
  };
}
