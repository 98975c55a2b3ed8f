/** A running game written back as a scenario (musket.md 4 plus the position fields of scenario.ts): any position can be posted inline. */
import type { MusketState } from "./state";

export function scenarioOf(state: MusketState): Record<string, unknown> {
  return {
    id: state.scenario.id,
    name: state.scenario.name,
    map: state.map,
    sides: state.sides,
    units: state.units,
    leaders: state.leaders,
    firstPlayer: state.firstPlayer,
    turnLimit: state.turnLimit,
    turnLimitWinner: state.turnLimitWinner,
    victory: state.victory,
    turn: state.turn,
    activePlayer: state.activePlayer,
    step: state.step,
    activeUnit: state.activeUnit,
    holdStreaks: state.holdStreaks,
    eliminated: state.eliminated,
    exited: state.exited,
  };
}
