/** The replay card: an offer to watch what happened since the viewer's last move, then step controls. */
import { Icon } from "../components/Die";
import { phaseText } from "./moscow-engine";
import type { Frame } from "./moscow-replay";

export function ReplayPanel(p: {
  frames: Frame[];
  at: number | null;
  setAt: (i: number | null) => void;
  playing: boolean;
  setPlaying: (x: boolean) => void;
  complete: boolean;
  seatName: (s: string) => string;
  you: string | null;
}) {
  const n = p.frames.length;
  const who = [...new Set(p.frames.map((f) => p.seatName(f.seat)))].join(" and ");
  if (p.at === null)
    return (
      <section class="card replay" aria-label="Since your last move">
        <h2>{p.you ? "Since your last move" : "Latest moves"}</h2>
        <p>
          {who} made {n} move{n === 1 ? "" : "s"}.
        </p>
        <button type="button" class="primary" onClick={() => p.setAt(0)}>
          Watch the replay
        </button>
      </section>
    );
  const i = Math.min(p.at, n - 1);
  const f = p.frames[i]!;
  return (
    <section class="card replay on" aria-label="Replay">
      <h2>
        Replay: step {i + 1} of {n}
      </h2>
      <p class="muted">
        {p.seatName(f.seat)}
        {f.bot ? " (computer)" : ""}, turn {f.after.turn}, {phaseText(f.before.phase)}
      </p>
      <ul class="lines" aria-live="polite">
        {f.lines.map((l, k) => (
          <li key={k}>{l}</li>
        ))}
      </ul>
      <div class="buttons replay-controls">
        <button type="button" aria-label="First step" title="First step" onClick={() => p.setAt(0)} disabled={i === 0}>
          <Icon name="first" />
        </button>
        <button type="button" aria-label="Previous step" title="Previous step" onClick={() => p.setAt(i - 1)} disabled={i === 0}>
          <Icon name="prev" />
        </button>
        <button type="button" aria-label={p.playing ? "Pause" : "Play"} title={p.playing ? "Pause" : "Play"} onClick={() => p.setPlaying(!p.playing)}>
          <Icon name={p.playing ? "pause" : "play"} />
        </button>
        <button type="button" aria-label="Next step" title="Next step" onClick={() => p.setAt(i + 1)} disabled={i >= n - 1}>
          <Icon name="next" />
        </button>
        <button type="button" class="primary" onClick={() => p.setAt(null)}>
          Back to the game
        </button>
      </div>
      {!p.complete && <p class="muted">Part of the log could not be replayed on this page; the lines above come from the log.</p>}
    </section>
  );
}
