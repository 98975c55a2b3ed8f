import type { DiceWarsState } from "./state";

/** The board a move was made on (its arrays, never mutated) and the cells it changed. */
export interface MoveLink {
  owner: readonly number[];
  strength: readonly number[];
  from: number;
  to: number;
}

const LINK = Symbol("dicewars.moveBefore");

/**
 * Which move made a state, recorded by `apply` on its expand and attack results as a hidden
 * (symbol-keyed, non-enumerable) property: JSON, structuredClone and deep equality never
 * see it. Only a cache hint: the bot uses it to rescore the cells a move changed instead
 * of the whole board, and a state without it (e.g. one read back from JSON) is handled from
 * scratch. It holds the previous board's arrays, not the previous state, so a chain of
 * states does not keep its history alive. (A WeakMap side table costs far more: V8 keeps
 * its entries through minor collections.)
 */
export function recordMove(next: DiceWarsState, prev: DiceWarsState, from: number, to: number): void {
  const link: MoveLink = { owner: prev.owner, strength: prev.strength, from, to };
  Object.defineProperty(next, LINK, { value: link, enumerable: false });
}

export function moveBefore(state: DiceWarsState): MoveLink | undefined {
  return (state as unknown as { [LINK]?: MoveLink })[LINK];
}
