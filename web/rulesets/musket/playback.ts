/**
 * Replaying the other side's activations since the viewer's last move, through the shared
 * playback: the positions rebuilt from the log with the bundled engine, the step on screen, and
 * playing them by themselves once the move comes back to the viewer.
 */
import { useEffect, useMemo, useRef } from "preact/hooks";
import { usePlayback } from "../../components/usePlayback";
import type { RulesetPageProps } from "../types";
import { firstUnseen, rebuild, type Frame, type Rebuilt } from "../../replay";
import { apply, describe, type MusketState } from "./engine";

/** The rules the replay runs: the bundled engine's apply and describe. */
const ENGINE = { apply, describe } as const;
export type MusketFrame = Frame<MusketState>;

const STEP_MS = 1400;
const FAST_MS = 450;

export function useMusketPlayback(props: RulesetPageProps<MusketState>, myTurn: boolean) {
  const { game, seat } = props;
  const autoplay = useRef(false);
  const wasMyTurn = useRef(myTurn);
  useEffect(() => {
    if (myTurn && !wasMyTurn.current) autoplay.current = true;
    wasMyTurn.current = myTurn;
  }, [myTurn]);

  // the log lags the game by a request: until it catches up, the previous replay stays
  const last = useRef<Rebuilt<MusketState> | null>(null);
  const rebuilt = useMemo(() => {
    const log = props.log;
    if (!log) return last.current;
    const caughtUp = (log[log.length - 1]?.seq ?? 0) === game.seq && !game.botsWaiting;
    if (!caughtUp) return last.current;
    last.current = rebuild(ENGINE as never, props.start as MusketState | null, log, game.state, firstUnseen(log, seat, game.toAct));
    return last.current;
  }, [props.log, game.seq, game.botsWaiting]);
  const frames = rebuilt?.frames ?? [];
  const playback = usePlayback(frames.length, { stepMs: STEP_MS, fastMs: FAST_MS, leaveAtEnd: true });
  const frame: MusketFrame | null = playback.shown === null ? null : (frames[playback.shown] ?? null);

  useEffect(() => {
    if (!autoplay.current || !rebuilt || props.log === null) return;
    autoplay.current = false;
    if (frames.length > 0) {
      playback.setAt(0);
      playback.setPlaying(true);
    }
  }, [rebuilt]);

  return { rebuilt, frames, playback, replaying: playback.replaying, frame, playWhenLoaded: () => (autoplay.current = true) };
}
