import type { Rng } from "../rng";
import { largestGroup } from "./board";
import { MAX_STRENGTH } from "./state";

/** Size of the player's largest group of connected owned cells (rules 7.1). */
export function largestTerritory(size: number, owner: readonly number[], player: number): number {
  return largestGroup(size, owner, player);
}

export interface SupplyResult {
  /** New strength array (the input is not touched). */
  strength: number[];
  /** Dice added, by cell index, in cell order. */
  gains: { index: number; added: number }[];
  given: number;
  /** Supply discarded because every cell was full. */
  lost: number;
}

// the cells still open to supply, kept between calls (a game asks at every end of turn)
let open = new Int16Array(0);

/**
 * Rules 7.2: `amount` times, pick one of the player's cells below MAX_STRENGTH (in cell
 * order) with one integer draw and add 1 to it; once all are full the rest is lost and
 * nothing more is drawn.
 */
export function distributeSupply(
  owner: readonly number[],
  strength: readonly number[],
  player: number,
  amount: number,
  rng: Rng,
): SupplyResult {
  const supplied = supply(owner, strength, player, amount, rng);
  const gains: { index: number; added: number }[] = [];
  for (let i = 0; i < owner.length; i++) if (supplied.strength[i] !== strength[i]) gains.push({ index: i, added: supplied.strength[i]! - strength[i]! });
  return { strength: supplied.strength, gains, given: supplied.given, lost: supplied.lost };
}

/** distributeSupply without the list of gains (apply makes the event's own from the two strength arrays). */
export function supply(owner: readonly number[], strength: readonly number[], player: number, amount: number, rng: Rng): Omit<SupplyResult, "gains"> {
  const next = strength.slice();
  if (open.length < owner.length) open = new Int16Array(owner.length);
  let openCount = 0;
  for (let i = 0; i < owner.length; i++) if (owner[i] === player && next[i]! < MAX_STRENGTH) open[openCount++] = i;
  let given = 0;
  while (given < amount && openCount > 0) {
    const k = rng.int(openCount);
    const i = open[k]!;
    next[i] = next[i]! + 1;
    given++;
    if (next[i] === MAX_STRENGTH) {
      open.copyWithin(k, k + 1, openCount);
      openCount--;
    }
  }
  return { strength: next, given, lost: amount - given };
}
