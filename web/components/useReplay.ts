/**
 * What happened since the viewer's last move, on screen, for every ruleset: the positions
 * rebuilt forward from the log with the bundled engine, the step shown, and (where the ruleset
 * asks) playing them by themselves when the move comes back to the viewer.
 */
import { useEffect, useRef } from "preact/hooks";
import type { RulesetPageProps } from "../rulesets/types";
import { firstUnseen, type Frame, type Replayer } from "../replay";
import { useFromStart, useRebuilt } from "./useRebuilt";
import { usePlayback, type PlaybackOptions } from "./usePlayback";

export interface ReplayOptions extends PlaybackOptions {
  /** Play the others' turns at once when the move comes back to the viewer (and on opening the page on their move). */
  autoplay?: boolean;
}

export function useReplay<S>(engine: Replayer, props: RulesetPageProps<S>, myTurn: boolean, opts: ReplayOptions) {
  const { game, log } = props;
  const { rebuilt, fromStart, setFromStart } = useRebuilt(engine, props);
  const frames = rebuilt?.frames ?? [];
  // the whole game, followed while the computer plays it on, waits at its last step for the next
  const playback = usePlayback(frames.length, { ...opts, follow: fromStart && game.status === "active" });
  const watchFromStart = useFromStart(fromStart, setFromStart, playback, frames.length);
  const frame: Frame<S> | null = playback.shown === null ? null : (frames[playback.shown] ?? null);

  const autoplay = useRef(!!opts.autoplay && myTurn);
  const wasMyTurn = useRef(myTurn);
  useEffect(() => {
    if (opts.autoplay && myTurn && !wasMyTurn.current) autoplay.current = true;
    wasMyTurn.current = myTurn;
  }, [myTurn]);
  useEffect(() => {
    if (!autoplay.current || !rebuilt) return;
    autoplay.current = false;
    if (rebuilt.frames.length > 0) {
      playback.setAt(0);
      playback.setPlaying(true);
    }
  }, [rebuilt]);

  return {
    frames,
    complete: rebuilt?.complete ?? false,
    playback,
    frame,
    replaying: playback.replaying,
    /** The replay shows the whole game from its start ("Replay from the start"). */
    fromStart,
    watchFromStart,
    canWatchFromStart: (log?.length ?? 0) > 0 && props.start !== null,
    /** The others' turns came back with an answer: play them once the log holding them arrives. */
    playWhenLoaded: () => (autoplay.current = true),
  };
}

export type Replay<S = unknown> = ReturnType<typeof useReplay<S>>;
