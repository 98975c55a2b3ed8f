/**
 * DiceWars' evaluation. Two players on a board with fitted coefficients: the chance p1 wins, a
 * logistic regression on the position's features (dicewars-features.ts) fitted on standard
 * self-play. Otherwise, by hand: a player's share of the cells, of the dice, and of its largest
 * group, which sets its supply (dicewars.md 7).
 */
import { largestGroup } from "../dicewars/board";
import { playerOf, type DiceWarsAction, type DiceWarsState } from "../dicewars/state";
import type { Seat } from "../ruleset";
import { diceWarsFeatures, landClaims, racing } from "./dicewars-features";
import { fittedChance } from "./fitted";
import { diceWarsOwnAction } from "./dicewars-policy";

/**
 * Coefficients over DICEWARS_FEATURES per board, two players, one model while empty land is left
 * (the land race, which decides most games: `node --import tsx bench/strong-fit-dicewars.ts 400 2
 * 0.05 <board> race`) and one after it (`... 400 10 0.05 <board> after`): every 2nd or 10th position
 * of standard self-play with a random action in 5% of the standard's places. Boards without one
 * keep the hand-written evaluation (10x10 and 15x15 met issue 28's target with it).
 */
const FITTED: Readonly<Record<string, { race: readonly number[]; after: readonly number[] }>> = {
  "20x20": {
    race: [1.025,19.203,-0.484,10.085,-9.166,-0.06,7.638,2.644,3.624,-6.556,1.802,-3.731,1.341,-3.442,-0.301,10.558,-10.859],
    after: [0.407,19.818,19.026,9.767,-9.927,0.225,0.461,2.19,1.011,-5.149,0,0,0.644,-0.924,0,0,0],
  },
  "25x25": {
    race: [0.429,21.087,3.551,10.7,-10.223,0.232,4.155,1.915,8.006,-9.549,1.58,-3.04,2.866,-3.957,-0.101,13.112,-13.213],
    after: [0.292,18.384,12.573,9.022,-9.1,0.136,1.57,1.938,2.053,-4.589,0,0,1.264,-1.432,0,0,0],
  },
};

export function evaluateDiceWars(state: DiceWarsState, seat: Seat): number {
  const me = playerOf(state, seat);
  if (me < 0) return 0;
  const models = state.players.length === 2 ? FITTED[state.scenario] : undefined;
  if (models) {
    const first = fittedChance(diceWarsFeatures(state, 0, 1), racing(state) ? models.race : models.after);
    return me === 0 ? first : 1 - first;
  }
  return byHand(state, me);
}

function byHand(state: DiceWarsState, me: number): number {
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
  // with more than two players, the land each would take first in the race counts as its own
  const claimed = state.players.length > 2 && racing(state) ? landClaims(state) : null;
  const land = claimed ? (cells + claimed[me]!) / (owned + claimed.reduce((a, b) => a + b, 0)) : cells / owned;
  return 0.3 * land + 0.3 * (allDice === 0 ? 0 : dice / allDice) + 0.4 * (group / owned);
}

/** The largest board that affords the whole search (15x15), and the most cells a board with 3-4 players is costed as (20x20). */
const WHOLE_SEARCH_CELLS = 15 * 15;
const MULTIPLAYER_COSTED_CELLS = 20 * 20;

/**
 * Boards up to 15x15 afford the whole search; a larger one's actions cost about as its cells, so
 * it affords that much less. With 3 or 4 players, 25x25 keeps 20x20's share (7 futures a candidate,
 * not 4): with 4 the strong p2 gained 11 points there, with 7 it gained 22, at a decision's p99 of
 * 4.7 ms (bench/README.md, "a third look").
 */
export function diceWarsBoard(state: DiceWarsState): number {
  const cells = state.size * state.size;
  return Math.min(1, WHOLE_SEARCH_CELLS / (state.players.length > 2 ? Math.min(cells, MULTIPLAYER_COSTED_CELLS) : cells));
}

/** The strong seat's own play with 3 or 4 players (dicewars-policy.ts); two players keep the standard's, with which their fitted evaluation met the target. */
export function diceWarsOwn(state: DiceWarsState, seat: Seat): DiceWarsAction | undefined {
  return state.players.length > 2 ? diceWarsOwnAction(state, playerOf(state, seat)) : undefined;
}
