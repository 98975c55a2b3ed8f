/** The replay card: an offer to watch what happened since the viewer's last move, then step controls. */
import { ReplayControls } from "../components/ReplayControls";
import { phaseText } from "./moscow-engine";
import type { MoscowFrame as Frame } from "./moscow-playback";

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
      <ReplayControls at={i} count={n} setAt={p.setAt} playing={p.playing} setPlaying={p.setPlaying} leaveLabel="Back to the game" />
      {!p.complete && <p class="muted">Part of the log could not be replayed on this page; the lines above come from the log.</p>}
    </section>
  );
}
