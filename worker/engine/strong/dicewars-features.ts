/**
 * What a two-player DiceWars position says about its result, as numbers from one player's side
 * against the other: territory and dice, the largest groups that set each end of turn's supply
 * (dicewars.md 7), the captures each side's border cells threaten (6.2: a roll of 1..A against
 * 1..D, ties to the defender), the empty land still to take (6.1) and who is to move. The
 * evaluation (dicewars.ts) weighs them with coefficients fitted on standard self-play.
 */
import { largestGroup, neighbourTable } from "../dicewars/board";
import { EMPTY, MAX_STRENGTH, type DiceWarsState } from "../dicewars/state";

/** WIN[a * 49 + d]: the chance an attack value of a (1..47) beats a defence of d (1..48), 6.2. */
const WIN = (() => {
  const table = new Float64Array(49 * 49);
  for (let a = 1; a < 49; a++) {
    for (let d = 1; d < 49; d++) {
      let wins = 0;
      for (let roll = 1; roll <= a; roll++) wins += Math.min(roll - 1, d) / d;
      table[a * 49 + d] = wins / a;
    }
  }
  return table;
})();

/** The chance a cell of strength `source` (≥ 2) takes a neighbour of strength `target` (≥ 1). */
export const captureChance = (source: number, target: number): number => WIN[(source - 1) * 49 + target]!;

// buffers for the searches of `landClaims`, grown to the largest board and player count seen
let distances = new Int16Array(0);
let queue = new Int16Array(0);

/**
 * How many expansions (6.1) each empty cell is away, through empty cells only: from every cell of
 * `player`, or with `fromRivals` from every cell of every other player; -1 where none reaches it.
 */
export function expansionDistances(state: DiceWarsState, player: number, fromRivals: boolean, into: Int16Array): void {
  const { owner, blocked } = state;
  const table = neighbourTable(state.size);
  if (queue.length < owner.length) queue = new Int16Array(owner.length);
  into.fill(-1, 0, owner.length);
  let head = 0;
  let tail = 0;
  for (let i = 0; i < owner.length; i++) {
    if (fromRivals ? owner[i] !== EMPTY && owner[i] !== player : owner[i] === player) {
      into[i] = 0;
      queue[tail++] = i;
    }
  }
  while (head < tail) {
    const i = queue[head++]!;
    for (let d = 0; d < 6; d++) {
      const n = table[i * 6 + d]!;
      if (n < 0 || blocked[n] || owner[n] !== EMPTY || into[n]! >= 0) continue;
      into[n] = into[i]! + 1;
      queue[tail++] = n;
    }
  }
}

/**
 * The empty land each player would take first in a race of expansions (6.1), by player index:
 * the empty cells nearer to its territory than to any other's, a tie shared among the nearest.
 * The land race decides most games on a large board: whoever ends it with more cells has the
 * larger supply (7) for the rest of the game.
 */
export function landClaims(state: DiceWarsState): number[] {
  const cells = state.owner.length;
  const players = state.players.length;
  if (distances.length < players * cells) distances = new Int16Array(players * cells);
  for (let p = 0; p < players; p++) expansionDistances(state, p, false, distances.subarray(p * cells, (p + 1) * cells));
  const claimed = new Array<number>(players).fill(0);
  for (let i = 0; i < cells; i++) {
    if (state.owner[i] !== EMPTY || state.blocked[i]) continue;
    let nearest = Infinity;
    let ties = 0;
    for (let p = 0; p < players; p++) {
      const d = distances[p * cells + i]!;
      if (d < 0 || d > nearest) continue;
      if (d < nearest) {
        nearest = d;
        ties = 1;
      } else ties++;
    }
    if (ties === 0) continue;
    for (let p = 0; p < players; p++) if (distances[p * cells + i] === nearest) claimed[p]! += 1 / ties;
  }
  return claimed;
}

/** Whether empty land is left to take: the land race (6.1) is still on. */
export function racing(state: DiceWarsState): boolean {
  for (let i = 0; i < state.owner.length; i++) if (state.owner[i] === EMPTY && !state.blocked[i]) return true;
  return false;
}

export const DICEWARS_FEATURES = [
  "bias",
  "cells",
  "dice",
  "group",
  "foeGroup",
  "toMove",
  "readyNow",
  "threatNow",
  "threat",
  "foeThreat",
  "frontier",
  "foeFrontier",
  "weakBorder",
  "foeWeakBorder",
  "empty",
  "claims",
  "foeClaims",
] as const;

/**
 * The features of `state` for player `me` against player `foe` (indices into `players`), in
 * DICEWARS_FEATURES order; areas and counts are over the open (unblocked) cells, so one model
 * reads any board size.
 */
export function diceWarsFeatures(state: DiceWarsState, me: number, foe: number): number[] {
  const { owner, strength, blocked, size } = state;
  const table = neighbourTable(size);
  let open = 0;
  let empty = 0;
  let myCells = 0;
  let foeCells = 0;
  let myDice = 0;
  let foeDice = 0;
  // the strength each side's cells that can move still has to spend this turn or the next
  let myReady = 0;
  let foeReady = 0;
  // expected captures from each side's best attack of every cell that can attack
  let myThreat = 0;
  let foeThreat = 0;
  let myFrontier = 0;
  let foeFrontier = 0;
  let myWeak = 0;
  let foeWeak = 0;
  for (let i = 0; i < owner.length; i++) {
    if (blocked[i]) continue;
    open++;
    const o = owner[i]!;
    if (o === EMPTY) {
      empty++;
      continue;
    }
    const s = strength[i]!;
    const mine = o === me;
    if (mine) {
      myCells++;
      myDice += s;
    } else if (o === foe) {
      foeCells++;
      foeDice += s;
    } else continue;
    let best = 0;
    let nextToEmpty = false;
    let nextToEnemy = false;
    for (let d = 0; d < 6; d++) {
      const n = table[i * 6 + d]!;
      if (n < 0 || blocked[n]) continue;
      const no = owner[n]!;
      if (no === EMPTY) nextToEmpty = true;
      else if (no !== o) {
        nextToEnemy = true;
        if (s >= 2) best = Math.max(best, captureChance(s, strength[n]!));
      }
    }
    const movable = s >= 2 && (nextToEmpty || nextToEnemy) ? (s - 1) / MAX_STRENGTH : 0;
    if (mine) {
      myThreat += best;
      myReady += movable;
      if (nextToEmpty) myFrontier++;
      if (nextToEnemy && s <= 2) myWeak++;
    } else {
      foeThreat += best;
      foeReady += movable;
      if (nextToEmpty) foeFrontier++;
      if (nextToEnemy && s <= 2) foeWeak++;
    }
  }
  const area = Math.max(1, open);
  const allDice = Math.max(1, myDice + foeDice);
  const toMove = state.current === me ? 1 : -1;
  // no empty land, nothing to claim: the searches would find none
  const claimed = empty > 0 ? landClaims(state) : null;
  const myClaims = claimed?.[me] ?? 0;
  const foeClaims = claimed?.[foe] ?? 0;
  return [
    1,
    (myCells - foeCells) / area,
    (myDice - foeDice) / allDice,
    largestGroup(size, owner, me) / area,
    largestGroup(size, owner, foe) / area,
    toMove,
    ((toMove > 0 ? myReady : -foeReady) * 10) / area,
    ((toMove > 0 ? myThreat : -foeThreat) * 10) / area,
    (myThreat * 10) / area,
    (foeThreat * 10) / area,
    (myFrontier * 10) / area,
    (foeFrontier * 10) / area,
    (myWeak * 10) / area,
    (foeWeak * 10) / area,
    empty / area,
    myClaims / area,
    foeClaims / area,
  ];
}
