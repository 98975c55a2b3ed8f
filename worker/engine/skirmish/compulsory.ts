/**
 * Compulsory actions of Disordered and Panicked models (skirmish.md 12.3): the first 1 or 2 AP
 * go to the first of disengage, move away, rally itself; the list is re-evaluated each time.
 */
import { distance, type Hex } from "../hex";
import { disengageReach, moveReach, type Reach } from "./movement";
import { seesOnBoard } from "./sight";
import { enemiesInPlay, engaged, panicked, disordered } from "./status";
import type { ModelState, SkirmishState } from "./state";

export type CompulsoryKind = "disengage" | "move" | "rally";

export interface Requirement {
  required: CompulsoryKind;
  /** The accepted destinations (disengage and move); empty for rally. */
  reaches: Reach[];
}

export const compulsoryApFor = (m: ModelState): number => (panicked(m) ? 2 : disordered(m) ? 1 : 0);

export function nearestEnemyDistance(state: SkirmishState, m: ModelState, from: Hex): number {
  return Math.min(Infinity, ...enemiesInPlay(state, m).map((e) => distance(e.hex!, from)));
}

// decision: a model "may benefit from Rally" only while it holds Fear (a fearless one gains nothing), so Rally needs a target with Fear
/** A model may benefit from Rally this turn: not rallied yet and holding Fear. */
export const mayBenefitFromRally = (m: ModelState): boolean => !m.ralliedThisTurn && m.fear > 0;

/** The required action for the next compulsory AP, or null when the requirement lapses. */
export function requirement(state: SkirmishState, m: ModelState): Requirement | null {
  if (engaged(state, m)) {
    const reaches = disengageReach(state, m);
    if (reaches.length > 0) return { required: "disengage", reaches };
    return null;
  }
  const seen = enemiesInPlay(state, m).some((e) => seesOnBoard(state.board, m.hex!, e.hex!));
  if (seen) {
    const now = nearestEnemyDistance(state, m, m.hex!);
    const reaches = moveReach(state, m).filter((r) => nearestEnemyDistance(state, m, r.hex) > now);
    if (reaches.length > 0) return { required: "move", reaches };
  }
  if (mayBenefitFromRally(m)) return { required: "rally", reaches: [] };
  return null;
}
