/**
 * What happened since the viewer's last move, for every ruleset: the log's own lines of those
 * turns (the service's words, as the turn mail has them), and on request the positions rebuilt
 * forward from the log with the bundled engine and the step shown. The replay starts only when
 * asked: never by itself over the viewer's move.
 */
import { useEffect, useMemo, useState } from "preact/hooks";
import type { RulesetPageProps } from "../rulesets/types";
import { firstUnseen, type Frame, type Replayer } from "../replay";
import { useFromStart, useRebuilt } from "./useRebuilt";
import { usePlayback, type PlaybackOptions } from "./usePlayback";

export type ReplayOptions = PlaybackOptions;

export function useReplay<S>(engine: Replayer, props: RulesetPageProps<S>, opts: ReplayOptions) {
  const { game, log } = props;
  const { rebuilt, fromStart, setFromStart } = useRebuilt(engine, props);
  const frames = rebuilt?.frames ?? [];
  // the whole game, followed while the computer plays it on, waits at its last step for the next
  const playback = usePlayback(frames.length, { ...opts, follow: fromStart && game.status === "active" });
  const watchFromStart = useFromStart(fromStart, setFromStart, playback, frames.length);
  const frame: Frame<S> | null = playback.shown === null ? null : (frames[playback.shown] ?? null);

  // asked for before the rules came: the replay starts once its steps are there
  const [asked, setAsked] = useState<{ play: boolean } | null>(null);
  const start = (play: boolean) => {
    if (frames.length === 0) {
      setAsked({ play });
      void props.loadRules();
      return;
    }
    playback.setAt(0);
    if (play) playback.setPlaying(true);
  };
  useEffect(() => {
    if (!asked || rebuilt === null) return;
    setAsked(null);
    // rebuilt with no step (a log that does not replay here): the ask lapses, it never starts later by itself
    if (frames.length > 0) start(asked.play);
  }, [asked, rebuilt]);

  // the turns since the viewer's last move, with the lines the log (and the mail) says them in
  const since = useMemo(() => {
    if (!log) return [];
    const from = firstUnseen(log, props.seat, game.toAct);
    return log.filter((e) => e.seq >= from && (e.lines?.length ?? 0) > 0);
  }, [log, props.seat, game.toAct.join(",")]);

  return {
    since,
    frames,
    complete: rebuilt?.complete ?? false,
    playback,
    frame,
    replaying: playback.replaying,
    /** The replay shows the whole game from its start ("Replay from the start"). */
    fromStart,
    watchFromStart: () => {
      void props.loadRules();
      watchFromStart();
    },
    /** Shows the first step (and plays on, if `play`), now or once the rules have come. */
    start,
    /** The steps have been worked out (the rules came and the log replayed); until then a tap on the card waits for them. */
    ready: props.rulesReady && rebuilt !== null,
    canWatchFromStart: (log?.length ?? 0) > 0 && props.start !== null,
  };
}

export type Replay<S = unknown> = ReturnType<typeof useReplay<S>>;
