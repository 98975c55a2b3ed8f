/**
 * The game rebuilt forward from its start with the ruleset's `apply` and each action's recorded
 * draws (the engine's one replay), one frame per action. A log that does not replay (a changed
 * engine, a game older than recorded starts) gives the frames it could and `complete: false`:
 * the page then shows the lines only. Loaded with the rules, as the frames need them.
 */
import { replay } from "../worker/engine/replay";
import type { GameEvent } from "../worker/engine/ruleset";
import type { GameEventJson, LogEntry } from "./api";
import type { Rebuilt, Replayer } from "./replay";

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

