/** A working copy of a state that one action may change in place; the map, the conditions, the hexes and the leaders (only ever replaced) are shared, never changed. */
import type { MusketState } from "./state";

export function draftOf(state: MusketState): MusketState {
  // every field written out in the order scenario.ts gives a state (cloning by spread made slow
  // objects and was a tenth of a game), so a state's JSON keeps its key order
  return {
    scenario: state.scenario,
    map: state.map,
    sides: state.sides,
    firstPlayer: state.firstPlayer,
    turnLimit: state.turnLimit,
    turnLimitWinner: state.turnLimitWinner,
    victory: state.victory,
    turn: state.turn,
    activePlayer: state.activePlayer,
    step: state.step,
    activeUnit: state.activeUnit,
    holdStreaks: { ...state.holdStreaks },
    units: state.units.map((u) => ({
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
    })),
    // a leader is only ever removed or added, never edited
    leaders: [...state.leaders],
    eliminated: [...state.eliminated],
    exited: [...state.exited],
    outcome: state.outcome,
  };
}
