/** A working copy of a state that one action may change in place; the map and the conditions are shared, never changed. */
import type { MusketState } from "./state";

export function draftOf(state: MusketState): MusketState {
  return {
    ...state,
    units: state.units.map((u) => ({ ...u, hex: [u.hex[0], u.hex[1]] })),
    leaders: state.leaders.map((l) => ({ ...l })),
    eliminated: [...state.eliminated],
    exited: [...state.exited],
    holdStreaks: { ...state.holdStreaks },
  };
}
