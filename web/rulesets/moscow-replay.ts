/**
 * Rebuilds every position of a game from its log with the bundled engine, so the replay can
 * step action by action on the map. Dice come from the logged events (each resolved battle
 * records its die), never from a generator; the result is checked against the server's state,
 * and a log that cannot be replayed (an unknown action, a changed engine) simply gives fewer
 * frames: the page then shows the English lines only.
 */
import type { LogEntry, GameEventJson } from "../api";
import { apply, describe, initialState, type MoscowOptions, type MoscowState, type Rng } from "./moscow-engine";

export interface Frame {
  seq: number;
  seat: string;
  bot: boolean;
  action: Record<string, unknown>;
  before: MoscowState;
  after: MoscowState;
  events: GameEventJson[];
  lines: string[];
}

export interface Rebuilt {
  frames: Frame[];
  /** True when every logged action replayed and the last position equals the server's. */
  complete: boolean;
}

/** An Rng that answers d6() with the logged dice, in order. */
function loggedDice(dice: number[]): Rng {
  let i = 0;
  let draws = 0;
  const next = () => {
    draws++;
    const d = dice[i++] ?? 1;
    return (d - 1) / 6 + 1 / 12;
  };
  return {
    float: next,
    int: (n: number) => Math.floor(next() * n),
    d6: () => Math.floor(next() * 6) + 1,
    get draws() {
      return draws;
    },
  };
}

const sameBoard = (a: MoscowState, b: MoscowState) =>
  a.turn === b.turn && a.phase === b.phase && JSON.stringify(a.units) === JSON.stringify(b.units) && JSON.stringify(a.city_control) === JSON.stringify(b.city_control);

export function rebuild(scenario: string, options: MoscowOptions, log: LogEntry[], current: MoscowState): Rebuilt {
  const start = initialState(scenario, options);
  if (!start) return { frames: [], complete: false };
  let state = start;
  const frames: Frame[] = [];
  for (const entry of log) {
    const dice = entry.events.filter((e) => e.kind === "battle_resolved" && typeof e.die_roll === "number").map((e) => e.die_roll as number);
    const rng = loggedDice(dice);
    for (const raw of entry.actions) {
      const r = apply(state, entry.seat, raw, rng);
      if (!r.ok) return { frames, complete: false };
      frames.push({
        seq: entry.seq,
        seat: entry.seat,
        bot: entry.bot === true,
        action: raw as Record<string, unknown>,
        before: state,
        after: r.state,
        events: r.events as GameEventJson[],
        lines: r.events.map((e) => describe(e)),
      });
      state = r.state;
    }
  }
  return { frames, complete: sameBoard(state, current) };
}

/**
 * The frames a player has not seen: everything after their own last batch. A spectator
 * sees the latest sitting (the last run of batches by one seat).
 */
export function sinceLastMove(frames: Frame[], seat: string | null): Frame[] {
  if (frames.length === 0) return [];
  let k = frames.length;
  if (seat) {
    while (k > 0 && !(frames[k - 1]!.seat === seat && !frames[k - 1]!.bot)) k--;
  } else {
    const last = frames[frames.length - 1]!.seat;
    while (k > 0 && frames[k - 1]!.seat === last) k--;
  }
  return frames.slice(k);
}
