/**
 * Replaying what happened since the viewer's last move: the positions rebuilt from the log,
 * the step on screen, and auto-play.
 */
import { useEffect, useMemo, useState } from "preact/hooks";
import type { GameView, LogEntry } from "../api";
import type { MoscowState } from "./moscow-engine";
import { rebuild, sinceLastMove, type Frame, type Rebuilt } from "./moscow-replay";

const STEP_MS = 1100;

export function useReplayPlayback(game: GameView<MoscowState>, log: LogEntry[] | null, seat: string | null) {
  const base = game.state;
  const [replayAt, setReplayAt] = useState<number | null>(null);
  const [playing, setPlaying] = useState(false);

  // rebuilding every position runs the engine over the whole log: after the first paint, not before it
  const [rebuilt, setRebuilt] = useState<Rebuilt | null>(null);
  useEffect(() => {
    if (!log || log.length === 0) return setRebuilt(null);
    const t = window.setTimeout(() => {
      setRebuilt(rebuild(game.scenario, game.options as never, log, base));
      performance.mark?.("hexpost:replay-ready");
    }, 0);
    return () => clearTimeout(t);
  }, [log, base]);

  const unseen = useMemo(() => (rebuilt ? sinceLastMove(rebuilt.frames, seat) : []), [rebuilt, seat]);
  const replaying = replayAt !== null && unseen.length > 0;
  const frame: Frame | null = replaying ? (unseen[Math.min(replayAt!, unseen.length - 1)] ?? null) : null;
  useEffect(() => {
    if (!playing || replayAt === null) return;
    if (replayAt >= unseen.length - 1) {
      setPlaying(false);
      return;
    }
    const t = window.setTimeout(() => setReplayAt(replayAt + 1), STEP_MS);
    return () => clearTimeout(t);
  }, [playing, replayAt, unseen.length]);

  return { rebuilt, unseen, replayAt, setReplayAt, playing, setPlaying, replaying, frame };
}
