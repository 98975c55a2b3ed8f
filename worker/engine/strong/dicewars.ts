/** DiceWars' evaluation: a player's share of the cells, of the dice, and of its largest group, which sets its supply (dicewars.md 7.1). */
import { largestGroup } from "../dicewars/board";
import { playerOf, type DiceWarsState } from "../dicewars/state";
import type { Seat } from "../ruleset";

export function evaluateDiceWars(state: DiceWarsState, seat: Seat): number {
  const me = playerOf(state, seat);
  if (me < 0) return 0;
  let cells = 0;
  let owned = 0;
  let dice = 0;
  let allDice = 0;
  for (let i = 0; i < state.owner.length; i++) {
    const owner = state.owner[i]!;
    if (owner < 0) continue;
    owned++;
    allDice += state.strength[i]!;
    if (owner === me) {
      cells++;
      dice += state.strength[i]!;
    }
  }
  if (owned === 0) return 0.5;
  const group = largestGroup(state.size, state.owner, me);
  return 0.3 * (cells / owned) + 0.3 * (allDice === 0 ? 0 : dice / allDice) + 0.4 * (group / owned);
}

/** Boards up to 15x15 afford the whole search; a larger one's actions cost about as its cells, so it affords that much less. */
export const diceWarsBoard = (state: DiceWarsState): number => Math.min(1, 225 / (state.size * state.size));
