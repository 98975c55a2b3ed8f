/**
 * The replay card every ruleset shows: first an offer to watch what happened since the
 * viewer's last move, then the step on screen with who made it, its lines and the step
 * controls. The ruleset says what the steps add up to (`summary`) and where a step stands
 * (`step`, `extra`).
 */
import type { ComponentChildren } from "preact";
import type { Frame } from "../replay";
import { ReplayControls } from "./ReplayControls";
import type { Replay } from "./useReplay";

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
  leaveLabel: string;
}

export function ReplayCard<S>(p: ReplayWords<S> & { replay: Replay<S>; seatName: (seat: string) => string; you: string | null }) {
  const { playback: pb, frames } = p.replay;
  const count = frames.length;
  if (count === 0 && !p.replay.canWatchFromStart) return null;
  const title = p.you ? "Since your last move" : "Latest moves";
  if (pb.shown === null)
    return (
      <section class="card replay" aria-label={title}>
        <h2>{title}</h2>
        {count > 0 && <p>{p.summary(list([...new Set(frames.map((f) => p.seatName(f.seat)))]), frames)}</p>}
        <div class="buttons">
          <button
            type="button"
            class="primary"
            disabled={count === 0}
            onClick={() => {
              pb.setAt(0);
              if (p.stepThrough) pb.setPlaying(true);
            }}
          >
            Watch the replay
          </button>
          {p.stepThrough && (
            <button type="button" onClick={() => pb.setAt(0)}>
              Step through it
            </button>
          )}
          {p.replay.canWatchFromStart && (
            <button type="button" onClick={p.replay.watchFromStart}>
              Replay from the start
            </button>
          )}
        </div>
      </section>
    );
  const i = pb.shown;
  const f = frames[i]!;
  const who = p.seatName(f.seat);
  return (
    <section class="card replay on" aria-label="Replay">
      <h2>
        {p.replay.fromStart ? "The game from its start" : "Replay"}: step {i + 1} of {count}
      </h2>
      <p class="muted">
        {who}
        {f.bot && !/computer/.test(who) ? " (computer)" : ""}, {p.step(f, i, frames)}
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
        leaveLabel={p.leaveLabel}
      />
      {p.fastAndProgress && <progress max={count} value={i + 1} aria-label="Replay progress" />}
      {!p.replay.complete && <p class="muted">Part of the log could not be replayed on this page; the lines above come from the log.</p>}
    </section>
  );
}
