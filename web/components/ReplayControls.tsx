/** The step buttons every ruleset's replay shares: first, previous, play/pause, next, an optional speed, and a way out. */
import { Icon } from "./Die";

/** The one name of the way out of the replay, on every ruleset's page. */
export const LEAVE_REPLAY = "Back to the game";

export function ReplayControls(p: {
  at: number;
  count: number;
  setAt: (i: number | null) => void;
  playing: boolean;
  setPlaying: (x: boolean) => void;
  /** Offered only where the replay can run faster. */
  fast?: { on: boolean; set: (x: boolean) => void };
}) {
  const { at, count } = p;
  return (
    <div class="buttons replay-controls">
      <button type="button" aria-label="First step" title="First step" onClick={() => p.setAt(0)} disabled={at === 0}>
        <Icon name="first" />
      </button>
      <button type="button" aria-label="Previous step" title="Previous step" onClick={() => p.setAt(at - 1)} disabled={at === 0}>
        <Icon name="prev" />
      </button>
      <button type="button" aria-label={p.playing ? "Pause" : "Play"} title={p.playing ? "Pause" : "Play"} onClick={() => p.setPlaying(!p.playing)}>
        <Icon name={p.playing ? "pause" : "play"} />
      </button>
      <button type="button" aria-label="Next step" title="Next step" onClick={() => p.setAt(at + 1)} disabled={at >= count - 1}>
        <Icon name="next" />
      </button>
      {p.fast && (
        <button type="button" aria-pressed={p.fast.on} title="One step a second, or four" onClick={() => p.fast!.set(!p.fast!.on)}>
          {p.fast.on ? "Fast" : "1 s"}
        </button>
      )}
      <button type="button" class="primary" onClick={() => p.setAt(null)}>
        {LEAVE_REPLAY}
      </button>
    </div>
  );
}
