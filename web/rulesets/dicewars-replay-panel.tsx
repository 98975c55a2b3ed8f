/** The replay card: what the others did since the viewer's last move, an offer to watch it, then step controls. */
import { ReplayControls } from "../components/ReplayControls";
import { plural } from "./dicewars-labels";
import type { Step } from "./dicewars-replay";
import { Rolls } from "./dicewars-rolls";

export function ReplayPanel(p: {
  steps: Step[];
  at: number | null;
  setAt: (i: number | null) => void;
  playing: boolean;
  setPlaying: (x: boolean) => void;
  fast: boolean;
  setFast: (x: boolean) => void;
  complete: boolean;
  seatName: (s: string) => string;
  you: string | null;
}) {
  const n = p.steps.length;
  const ends = p.steps.filter((s) => s.kind === "end_turn").length;
  const moves = p.steps.filter((s) => s.kind === "expand" || s.kind === "attack").length;
  const turns = ends + (p.steps[n - 1]?.kind === "end_turn" ? 0 : 1);
  const who = [...new Set(p.steps.map((s) => p.seatName(s.seat)))].join(", ");
  if (p.at === null)
    return (
      <section class="card replay" aria-label={p.you ? "Since your last move" : "Latest moves"}>
        <h2>{p.you ? "Since your last move" : "Latest moves"}</h2>
        <p>
          {who}: {plural(moves, "move")} in {plural(turns, "turn")}.
        </p>
        <div class="buttons">
          <button
            type="button"
            class="primary"
            onClick={() => {
              p.setAt(0);
              p.setPlaying(true);
            }}
          >
            Watch the replay
          </button>
          <button type="button" onClick={() => p.setAt(0)}>
            Step through it
          </button>
        </div>
      </section>
    );
  const i = Math.min(p.at, n - 1);
  const s = p.steps[i]!;
  // the step's place in its seat's turn
  let first = i;
  while (first > 0 && p.steps[first - 1]!.seat === s.seat && p.steps[first - 1]!.kind !== "end_turn") first--;
  const attack = s.events.find((e) => e.kind === "attack");
  return (
    <section class="card replay on" aria-label="Replay">
      <h2>
        Replay: step {i + 1} of {n}
      </h2>
      <p class="muted">
        {p.seatName(s.seat)}
        {s.bot && !/computer/.test(p.seatName(s.seat)) ? " (computer)" : ""}, round {s.before?.round ?? "?"}
        {s.kind === "end_turn" ? ", end of turn" : `, move ${i - first + 1}`}
      </p>
      {attack && <Rolls e={attack} />}
      <ul class="lines" aria-live="polite">
        {s.lines.map((l, k) => (
          <li key={k}>{l}</li>
        ))}
      </ul>
      <ReplayControls
        at={i}
        count={n}
        setAt={p.setAt}
        playing={p.playing}
        setPlaying={p.setPlaying}
        fast={{ on: p.fast, set: p.setFast }}
        leaveLabel="Skip to now"
      />
      <progress max={n} value={i + 1} aria-label="Replay progress" />
      {!p.complete && <p class="muted">This part of the log could not be fitted to the board; the lines above come from the log.</p>}
    </section>
  );
}
