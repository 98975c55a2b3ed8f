/**
 * The replay's positions, rebuilt forward from the log with the bundled engine: the turns since
 * the viewer's last move, or the whole game from its start. The whole game is asked for
 * ("Replay from the start"), or opened on by a spectator of a game the computer plays alone:
 * the server plays such a game in seconds (turn 11 of 15 eight seconds after its start), so
 * its watcher follows it here at the replay's pace instead, each new turn replayed on from
 * where the replay stood (once, not the whole log again at every batch).
 */
import { useEffect, useRef, useState } from "preact/hooks";
import type { RulesetPageProps } from "../rulesets/types";
import { firstUnseen, watchingComputerAlone, type Rebuilt, type Replayer } from "../replay";
import type { Playback } from "./usePlayback";

export function useRebuilt<S>(engine: Replayer, props: RulesetPageProps<S>) {
  const { game, log } = props;
  const [fromStart, setFromStart] = useState(watchingComputerAlone(game, props.seat) && game.status === "active");
  const [rebuilt, setRebuilt] = useState<Rebuilt<S> | null>(null);
  const whole = useRef<Rebuilt<S> | null>(null);
  useEffect(() => {
    // the frames need the rules: until they come, the card says what happened in the log's words
    if (!log || !props.rulesReady) return;
    let live = true;
    const later = (work: (r: typeof import("../rebuild")) => void) => {
      const t = window.setTimeout(() => void import("../rebuild").then((r) => live && work(r)), 0);
      return () => {
        live = false;
        clearTimeout(t);
      };
    };
    if (fromStart)
      return later(({ rebuildOn }) => {
        whole.current = rebuildOn(engine, props.start as S | null, whole.current, log, game.state);
        setRebuilt(whole.current);
      });
    if (rebuilt !== null && rebuilt === whole.current) setRebuilt(null);
    // the turns since the viewer's last move: after the first paint, and only once the log has
    // caught up with the game (the computer may still be thinking): until then the last replay stays
    if ((log.at(-1)?.seq ?? 0) !== game.seq || game.botsWaiting) return;
    return later(({ rebuild }) => {
      setRebuilt(rebuild(engine, props.start as S | null, log, game.state, firstUnseen(log, props.seat, game.toAct)));
      performance.mark?.("hexpost:replay-ready");
    });
  }, [log, game.seq, game.state, game.botsWaiting, fromStart, props.rulesReady]);
  return { rebuilt, fromStart, setFromStart };
}

/**
 * Plays the whole game from its start once its steps are there (at once for the watcher the
 * game opened on it), and goes back to the turns since the viewer's last move when the viewer
 * leaves the replay. Answers the way to ask for it.
 */
export function useFromStart(fromStart: boolean, setFromStart: (x: boolean) => void, playback: Playback, count: number): () => void {
  const started = useRef(false);
  useEffect(() => {
    if (!fromStart || started.current || count === 0) return;
    started.current = true;
    playback.setAt(0);
    playback.setPlaying(true);
  }, [fromStart, count > 0]);
  useEffect(() => {
    if (!started.current || playback.at !== null) return;
    started.current = false;
    setFromStart(false);
  }, [playback.at]);
  return () => {
    setFromStart(true);
    // with no steps yet (the rules still coming) the first effect above starts it once they are there
    if (count === 0) return;
    started.current = true;
    playback.setAt(0);
    playback.setPlaying(true);
  };
}
