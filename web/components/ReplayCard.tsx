/**
 * The replay card every ruleset shows: first what happened since the viewer's last move in
 * words (the log's lines, as the turn mail says them, dice included) with the offer to watch
 * it beside them, then, once asked, the step on screen with who made it, its lines and the
 * step controls. The ruleset says what the steps add up to (`summary`) and where a step stands
 * (`step`, `extra`).
 */
import type { ComponentChildren } from "preact";
import type { LogEntry } from "../api";
import type { Frame } from "../replay";
import { ReplayControls } from "./ReplayControls";
import type { Replay } from "./useReplay";
import "./replay-card.css";

const list = (names: string[]) => (names.length < 2 ? names.join("") : `${names.slice(0, -1).join(", ")} and ${names.at(-1)}`);

/** What a ruleset says in the card. */
export interface ReplayWords<S> {
  /** "Hans (German) made 12 moves.", given who moved. */
  summary: (who: string, frames: Frame<S>[]) => string;
  /** Where the shown step stands ("turn 3, German combat"). */
  step: (frame: Frame<S>, index: number, frames: Frame<S>[]) => string;
  /** Drawn above the shown step's lines (dice rolls). */
  extra?: (frame: Frame<S>) => ComponentChildren;
  /** Offer the faster speed and a progress bar. */
  fastAndProgress?: boolean;
  /** Offer "Step through it" beside "Watch the replay". */
  stepThrough?: boolean;
}

/** Runs of turns by one player (the computer's apart), each with the log's lines. */
function byWho(entries: readonly LogEntry[]): { seat: string; bot: boolean; lines: string[] }[] {
  const runs: { seat: string; bot: boolean; lines: string[] }[] = [];
  for (const e of entries) {
    const last = runs.at(-1);
    if (last && last.seat === e.seat && last.bot === e.bot) last.lines.push(...(e.lines ?? []));
    else runs.push({ seat: e.seat, bot: e.bot, lines: [...(e.lines ?? [])] });
  }
  return runs;
}

export function ReplayCard<S>(p: ReplayWords<S> & { replay: Replay<S>; seatName: (seat: string) => string; you: string | null }) {
  const { playback: pb, frames, since } = p.replay;
  const count = frames.length;
  // no steps yet because the rules have not come: a tap fetches them (and then plays)
  const unready = count === 0 && p.replay.ready;
  const who = (seat: string, bot: boolean) => {
    const name = p.seatName(seat);
    return bot && !/computer/.test(name) ? `${name} (computer)` : name;
  };
  if (pb.shown === null) {
    if (since.length === 0 && count === 0 && !p.replay.canWatchFromStart) return null;
    const title = p.you ? "Since your last move" : "Latest moves";
    return (
      <section class="card replay" aria-label={title}>
        <div class="replay-head">
          <h2>{title}</h2>
          <div class="buttons">
            <button
              type="button"
              class="primary"
              disabled={unready}
              title={unready ? "The replay is being prepared (or this log cannot be replayed here): the lines say what happened" : undefined}
              onClick={() => p.replay.start(!!p.stepThrough)}
            >
              Watch the replay
            </button>
            {p.stepThrough && (
              <button type="button" disabled={unready} onClick={() => p.replay.start(false)}>
                Step through it
              </button>
            )}
            {p.replay.canWatchFromStart && (
              <button type="button" onClick={p.replay.watchFromStart}>
                Replay from the start
              </button>
            )}
          </div>
        </div>
        {count > 0 && <p class="muted">{p.summary(list([...new Set(frames.map((f) => p.seatName(f.seat)))]), frames)}</p>}
        <div class="since" role="region" aria-label="What happened" tabIndex={0}>
          {byWho(since).map((run, k) => (
            <div key={k} class="since-run">
              <h3>{who(run.seat, run.bot)}</h3>
              <ul class="lines">
                {run.lines.map((l, i) => (
                  <li key={i}>{l}</li>
                ))}
              </ul>
            </div>
          ))}
        </div>
      </section>
    );
  }
  const i = pb.shown;
  const f = frames[i]!;
  return (
    <section class="card replay on" aria-label="Replay">
      <h2>
        {p.replay.fromStart ? "The game from its start" : "Replay"}: step {i + 1} of {count}
      </h2>
      <p class="muted">
        {who(f.seat, f.bot)}, {p.step(f, i, frames)}
      </p>
      {p.extra?.(f)}
      <ul class="lines" aria-live="polite">
        {f.lines.map((l, k) => (
          <li key={k}>{l}</li>
        ))}
      </ul>
      <ReplayControls
        at={i}
        count={count}
        setAt={pb.setAt}
        playing={pb.playing}
        setPlaying={pb.setPlaying}
        fast={p.fastAndProgress ? { on: pb.fast, set: pb.setFast } : undefined}
      />
      {p.fastAndProgress && <progress max={count} value={i + 1} aria-label="Replay progress" />}
      {!p.replay.complete && <p class="muted">Part of the log could not be replayed on this page; the lines above come from the log.</p>}
    </section>
  );
}
