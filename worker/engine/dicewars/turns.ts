import type { Outcome, Seat } from "../ruleset";
import type { DiceWarsEvent } from "./events";
import { type DiceWarsPlayer, type DiceWarsState, EMPTY, copyState, seatLabel, seatOf } from "./state";

type Ending = Outcome & { reason: "last_player_standing" | "round_limit" };

function ending(result: "win" | "draw", winners: Seat[], reason: Ending["reason"]): Ending {
  const names = winners.map(seatLabel).join(" and ");
  const line =
    reason === "last_player_standing"
      ? `${names} wins as the last player standing.`
      : result === "draw"
        ? `A draw at the round limit between ${names} (equal cells and strength).`
        : `${names} wins at the round limit with the most cells.`;
  return { result, winners, reason, line };
}

/** Cells owned by each player. */
export function cellCounts(state: Pick<DiceWarsState, "owner" | "players">): number[] {
  const counts = state.players.map(() => 0);
  for (const o of state.owner) if (o !== EMPTY) counts[o]!++;
  return counts;
}

/** Total strength of each player. */
export function strengthTotals(state: Pick<DiceWarsState, "owner" | "strength" | "players">): number[] {
  const totals = state.players.map(() => 0);
  state.owner.forEach((o, i) => {
    if (o !== EMPTY) totals[o]! += state.strength[i]!;
  });
  return totals;
}

/**
 * The next player after `current` in circular order who is not eliminated, and whether
 * play wrapped round to the lowest surviving index (which starts a new round).
 */
export function nextPlayer(players: readonly DiceWarsPlayer[], current: number): { player: number; newRound: boolean } {
  for (let step = 1; step <= players.length; step++) {
    const player = (current + step) % players.length;
    if (!players[player]!.eliminated) return { player, newRound: player <= current };
  }
  return { player: current, newRound: false };
}

/**
 * Rules 6.3: called after `defender` lost a cell. Marks it eliminated when it has none left
 * and ends the game when only one player still owns cells.
 */
export function checkElimination(state: DiceWarsState, defender: number, by: number, events: DiceWarsEvent[]): DiceWarsState {
  if (state.owner.includes(defender)) return state;
  const players = state.players.map((p, i) => (i === defender ? { ...p, eliminated: true } : p));
  events.push({ kind: "eliminated", seat: seatOf(defender), by: seatOf(by) });
  const alive = players.flatMap((p, i) => (p.eliminated ? [] : [i]));
  const next = copyState(state);
  next.players = players;
  if (alive.length > 1) return next;
  const outcome = ending("win", [seatOf(alive[0]!)], "last_player_standing");
  events.push({ kind: "game_over", ...outcome });
  next.phase = "game_over";
  next.outcome = outcome;
  return next;
}

/**
 * Rules 7 (optional cap): when the last round has ended, the player with the most cells
 * wins, ties broken by total strength; a tie on both is a draw between the tied players.
 */
export function roundLimitOutcome(state: DiceWarsState): Ending {
  const cells = cellCounts(state);
  const totals = strengthTotals(state);
  const alive = state.players.flatMap((p, i) => (p.eliminated ? [] : [i]));
  const better = (a: number, b: number) => cells[a]! - cells[b]! || totals[a]! - totals[b]!;
  const best = alive.reduce((a, b) => (better(b, a) > 0 ? b : a));
  const top = alive.filter((i) => better(i, best) === 0).map(seatOf);
  return ending(top.length === 1 ? "win" : "draw", top, "round_limit");
}

/** Hands the turn to the next surviving player (with `strength`, its supply given), ending the game if the round limit passed. */
export function passTurn(state: DiceWarsState, events: DiceWarsEvent[], strength: number[] = state.strength): DiceWarsState {
  const { player, newRound } = nextPlayer(state.players, state.current);
  const round = newRound ? state.round + 1 : state.round;
  const passed = copyState(state);
  passed.strength = strength;
  passed.current = player;
  passed.round = round;
  passed.moves = 0;
  if (state.roundLimit !== null && round > state.roundLimit) {
    const outcome = roundLimitOutcome(passed);
    events.push({ kind: "game_over", ...outcome });
    passed.phase = "game_over";
    passed.outcome = outcome;
    return passed;
  }
  events.push({ kind: "turn", seat: seatOf(player), round });
  return passed;
}
