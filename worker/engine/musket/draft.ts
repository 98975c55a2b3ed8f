/** A working copy of a state that one action may change in place; the map, the conditions, the hexes and the leaders (only ever replaced) are shared, never changed. */
import type { MusketState } from "./state";

export function draftOf(state: MusketState): MusketState {
  // a plain copy, then its changeable fields replaced (a spread with fields after it makes a slow object)
  const draft = { ...state };
  // each unit written out in scenario-units.ts's order (cloning them by spread was a tenth of a game)
  draft.units = state.units.map((u) => ({
    id: u.id,
    side: u.side,
    type: u.type,
    hex: u.hex,
    sp: u.sp,
    maxSp: u.maxSp,
    elite: u.elite,
    activated: u.activated,
    mpUsed: u.mpUsed,
    fired: u.fired,
    roadOk: u.roadOk,
  }));
  // a leader is only ever removed or added, never edited
  draft.leaders = [...state.leaders];
  draft.eliminated = [...state.eliminated];
  draft.exited = [...state.exited];
  draft.holdStreaks = { ...state.holdStreaks };
  return draft;
}
