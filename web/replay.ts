/**
 * The page's replay, for every ruleset: the game rebuilt forward from its start with the
 * bundled engine's `apply` and each action's recorded draws (the engine's one replay), one
 * frame per action. A log that does not replay (a changed engine, a game older than recorded
 * starts) gives the frames it could and `complete: false`: the page then shows the lines only.
 */
import { printedId, type Hex } from "../worker/engine/hex";
import { replay } from "../worker/engine/replay";
import type { AnyRuleset, GameEvent } from "../worker/engine/ruleset";
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

export function rebuild<S>(engine: Replayer, start: S | null, log: readonly LogEntry[], current: S, keepFrom = 0): Rebuilt<S> {
  if (start === null) return { frames: [], complete: false, end: null };
  const turns = log.map((e) => ({ seq: e.seq, seat: e.seat, actions: e.service ? [] : e.actions, draws: e.draws ?? [] }));
  const result = replay<S, GameEvent>(engine, start, turns, { keepFrom });
  const bots = new Map(log.map((e) => [e.seq, e.bot === true]));
  const frames = result.steps.map((s) => ({
    seq: s.seq,
    seat: s.seat,
    bot: bots.get(s.seq) ?? false,
    action: s.action as Record<string, unknown>,
    before: s.before,
    after: s.after,
    events: s.events as unknown as GameEventJson[],
    lines: s.events.map((e) => engine.describe(e)),
  }));
  const last = log.at(-1);
  return {
    frames,
    complete: result.failure === null && JSON.stringify(result.state) === JSON.stringify(current),
    end: result.failure === null ? { seq: last?.seq ?? 0, state: result.state } : null,
  };
}

/**
 * `previous` (rebuilt from the same start) with the log's turns after its end replayed on from
 * there: a game the viewer follows from its start is replayed once, not once for every new batch.
 */
export function rebuildOn<S>(engine: Replayer, start: S | null, previous: Rebuilt<S> | null, log: readonly LogEntry[], current: S): Rebuilt<S> {
  const end = previous?.end;
  if (!previous || !end) return rebuild(engine, start, log, current);
  const after = log.filter((e) => e.seq > end.seq);
  if (after.length === 0) return previous;
  const more = rebuild(engine, end.state, after, current);
  return { frames: [...previous.frames, ...more.frames], complete: more.complete, end: more.end };
}

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
