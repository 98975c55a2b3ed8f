/**
 * The replay on screen, for every ruleset: which step is shown (null: the position now),
 * playing on by itself one step at a time (faster on request), and leaving at the end.
 */
import { useEffect, useState } from "preact/hooks";

export interface PlaybackOptions {
  stepMs: number;
  fastMs?: number;
  /** At the last step while playing: stay on it (false) or go back to the position now (true). */
  leaveAtEnd?: boolean;
  /** At the last step while playing, wait there for the steps still to come (a game followed as the computer plays it). */
  follow?: boolean;
}

export function usePlayback(count: number, { stepMs, fastMs = stepMs, leaveAtEnd = false, follow = false }: PlaybackOptions) {
  const [at, setAtState] = useState<number | null>(null);
  const [playing, setPlaying] = useState(false);
  const [fast, setFast] = useState(false);
  useEffect(() => {
    if (!playing || at === null) return;
    if (at >= count - 1 && follow) return;
    if (at >= count - 1 && !leaveAtEnd) {
      setPlaying(false);
      return;
    }
    const t = window.setTimeout(
      () => {
        if (at >= count - 1) {
          setPlaying(false);
          setAtState(null);
        } else setAtState(at + 1);
      },
      fast ? fastMs : stepMs,
    );
    return () => clearTimeout(t);
    // new steps arriving (a game followed as the computer plays) restart the wait only at the last step:
    // restarting it at every batch would hold the replay still while the batches come faster than a step
  }, [playing, at, at !== null && at >= count - 1, fast, follow]);

  /** Show step `i`; null leaves the replay (and stops playing). */
  const setAt = (i: number | null) => {
    setAtState(i);
    if (i === null) setPlaying(false);
  };
  const replaying = at !== null && count > 0;
  return { at, setAt, playing, setPlaying, fast, setFast, replaying, shown: replaying ? Math.min(at!, count - 1) : null };
}

export type Playback = ReturnType<typeof usePlayback>;
