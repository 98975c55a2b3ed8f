/**
 * The last move `apply` made, as a hint for the bot: it asks after every move, and a move
 * changes only its two cells, so the bot rescores those instead of comparing whole boards.
 * One slot, overwritten by every move (no object per state: a property on each state, even
 * symbol-keyed, cost more than the rescoring saves). A board's arrays are never mutated and a
 * move makes a new strength array, so the arrays identify the boards before and after.
 */
export const lastMove = {
  ownerBefore: null as readonly number[] | null,
  strengthBefore: null as readonly number[] | null,
  ownerAfter: null as readonly number[] | null,
  strengthAfter: null as readonly number[] | null,
  from: -1,
  to: -1,
};

export function recordMove(ownerBefore: readonly number[], strengthBefore: readonly number[], ownerAfter: readonly number[], strengthAfter: readonly number[], from: number, to: number): void {
  lastMove.ownerBefore = ownerBefore;
  lastMove.strengthBefore = strengthBefore;
  lastMove.ownerAfter = ownerAfter;
  lastMove.strengthAfter = strengthAfter;
  lastMove.from = from;
  lastMove.to = to;
}
