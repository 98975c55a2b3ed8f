/**
 * The page's replay, for every ruleset: its frames (one per action, rebuilt in rebuild.ts once
 * the ruleset's rules have come), what the viewer has not seen, and the arrows of moves.
 */
import { printedId, type Hex } from "../worker/engine/hex";
import type { AnyRuleset } from "../worker/engine/ruleset";
import type { GameEventJson, LogEntry } from "./api";
import type { Arrow } from "./components/HexMap";

export interface Frame<S> {
  seq: number;
  seat: string;
  bot: boolean;
  action: Record<string, unknown>;
  before: S;
  after: S;
  events: GameEventJson[];
  lines: string[];
}

export interface Rebuilt<S> {
  frames: Frame<S>[];
  /** True when every logged action replayed and the last position equals the server's. */
  complete: boolean;
  /** Where the replay stands: the position after the log's turn `seq` (null: it failed), to go on from. */
  end?: { seq: number; state: S } | null;
}

/** What the replay needs of a ruleset: the page bundles these two, not the bot or the setup. */
export type Replayer = Pick<AnyRuleset, "apply" | "describe">;

/** A watcher (no seat) of a game the computer plays alone: the page follows it from its start at the replay's pace. */
export const watchingComputerAlone = (game: { seats: readonly { bot: boolean }[] }, seat: string | null): boolean =>
  seat === null && game.seats.length > 0 && game.seats.every((s) => s.bot);

/**
 * The seq of the first turn a viewer has not seen: everything after their own last move (not
 * the computer's). A spectator sees the last round: everything after the previous turn of the
 * seat to act now (at the end of a game, the last run of turns by one seat).
 */
export function firstUnseen(log: readonly LogEntry[], seat: string | null, toAct: readonly string[]): number {
  let k = log.length;
  if (seat) {
    while (k > 0 && !(log[k - 1]!.seat === seat && !log[k - 1]!.bot)) k--;
  } else if (toAct[0]) {
    while (k > 0 && log[k - 1]!.seat !== toAct[0]) k--;
  } else {
    const last = log[log.length - 1]?.seat;
    while (k > 0 && log[k - 1]!.seat === last) k--;
  }
  return log[k]?.seq ?? Number.MAX_SAFE_INTEGER;
}

/** Arrows for the events of `kinds` that went from one hex to another (a move, an attack), by printed id, classed by kind. */
export function eventArrows(events: readonly GameEventJson[], kinds: readonly string[], cls = ""): Arrow[] {
  return events.flatMap((e) =>
    kinds.includes(e.kind) && Array.isArray(e.from) && Array.isArray(e.to) ? [{ from: printedId(e.from as unknown as Hex), to: printedId(e.to as unknown as Hex), cls: `${cls}${e.kind}` }] : [],
  );
}
