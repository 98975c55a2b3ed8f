/**
 * What happened since the viewer's last move, on screen, for every ruleset: the positions
 * rebuilt forward from the log with the bundled engine, the step shown, and (where the ruleset
 * asks) playing them by themselves when the move comes back to the viewer.
 */
import { useEffect, useRef, useState } from "preact/hooks";
import type { RulesetPageProps } from "../rulesets/types";
import { firstUnseen, rebuild, type Frame, type Rebuilt, type Replayer } from "../replay";
import { usePlayback, type PlaybackOptions } from "./usePlayback";

export interface ReplayOptions extends PlaybackOptions {
  /** Play the others' turns at once when the move comes back to the viewer (and on opening the page on their move). */
  autoplay?: boolean;
}

export function useReplay<S>(engine: Replayer, props: RulesetPageProps<S>, myTurn: boolean, opts: ReplayOptions) {
  const { game, log } = props;
  // rebuilding runs the engine over the whole log: after the first paint, and only once the log
  // has caught up with the game (the computer may still be thinking): until then the last replay stays
  const [rebuilt, setRebuilt] = useState<Rebuilt<S> | null>(null);
  useEffect(() => {
    if (!log || (log.at(-1)?.seq ?? 0) !== game.seq || game.botsWaiting) return;
    const t = window.setTimeout(() => {
      setRebuilt(rebuild(engine, props.start as S | null, log, game.state, firstUnseen(log, props.seat, game.toAct)));
      performance.mark?.("hexpost:replay-ready");
    }, 0);
    return () => clearTimeout(t);
  }, [log, game.seq, game.state, game.botsWaiting]);

  const frames = rebuilt?.frames ?? [];
  const playback = usePlayback(frames.length, opts);
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
    /** The others' turns came back with an answer: play them once the log holding them arrives. */
    playWhenLoaded: () => (autoplay.current = true),
  };
}

export type Replay<S = unknown> = ReturnType<typeof useReplay<S>>;
