/**
 * The last units array made from another by replacing one unit's record (board.ts withUnit), so
 * that the kept board (reach-memo.ts) syncs to a move by reading that one unit. Apart from both
 * because the page imports the board but not the reach search: the note keeps it that way.
 */
import type { UnitState } from "./state";

export const lastReplaced: { from: readonly UnitState[] | null; to: readonly UnitState[] | null; unit: number } = { from: null, to: null, unit: -1 };

/** `to` is a copy of `from` with only unit `k`'s record replaced. */
export function noteUnitReplaced(from: readonly UnitState[], to: readonly UnitState[], k: number): void {
  lastReplaced.from = from;
  lastReplaced.to = to;
  lastReplaced.unit = k;
}
