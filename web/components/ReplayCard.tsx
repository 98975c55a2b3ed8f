/**
 * The replay card every ruleset shows: first an offer to watch what happened since the
 * viewer's last move, then the step on screen with its lines and the step controls. The
 * ruleset says who did what (`summary`) and what a step is (`step`, `extra`).
 */
import type { ComponentChildren } from "preact";
import { ReplayControls } from "./ReplayControls";
import type { Playback } from "./usePlayback";

export function ReplayCard(p: {
  playback: Playback;
  count: number;
  /** "Hans (German) made 12 moves." */
  summary: string;
  you: string | null;
  /** The shown step's header line ("Hans (German), turn 3, German combat"). */
  step: ComponentChildren;
  /** The shown step's English lines. */
  lines: readonly string[];
  /** Drawn above the lines (dice rolls). */
  extra?: ComponentChildren;
  complete: boolean;
  /** Offer the faster speed and a progress bar. */
  fastAndProgress?: boolean;
  /** Offer "Step through it" beside "Watch the replay". */
  stepThrough?: boolean;
  leaveLabel: string;
}) {
  const { playback: pb, count } = p;
  const title = p.you ? "Since your last move" : "Latest moves";
  if (pb.shown === null)
    return (
      <section class="card replay" aria-label={title}>
        <h2>{title}</h2>
        <p>{p.summary}</p>
        <div class="buttons">
          <button
            type="button"
            class="primary"
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
        </div>
      </section>
    );
  const i = pb.shown;
  return (
    <section class="card replay on" aria-label="Replay">
      <h2>
        Replay: step {i + 1} of {count}
      </h2>
      <p class="muted">{p.step}</p>
      {p.extra}
      <ul class="lines" aria-live="polite">
        {p.lines.map((l, k) => (
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
      {!p.complete && <p class="muted">Part of the log could not be replayed on this page; the lines above come from the log.</p>}
    </section>
  );
}
