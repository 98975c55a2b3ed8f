/**
 * Replaying what happened since the viewer's last move: the positions rebuilt from the log,
 * the step on screen, and auto-play.
 */
import { useEffect, useState } from "preact/hooks";
import { usePlayback } from "../../components/usePlayback";
import type { GameView, LogEntry } from "../../api";
import { firstUnseen, rebuild, type Frame, type Rebuilt } from "../../replay";
import { apply, describe, type MoscowState } from "./engine";

/** The rules the replay runs: the bundled engine's apply and describe. */
const ENGINE = { apply, describe } as const;
export type MoscowFrame = Frame<MoscowState>;

const STEP_MS = 1100;

export function useReplayPlayback(game: GameView<MoscowState>, log: LogEntry[] | null, start: unknown, seat: string | null) {
  const base = game.state;

  // rebuilding every position runs the engine over the whole log: after the first paint, not before it
  const [rebuilt, setRebuilt] = useState<Rebuilt<MoscowState> | null>(null);
  useEffect(() => {
    if (!log || log.length === 0) return setRebuilt(null);
    const t = window.setTimeout(() => {
      setRebuilt(rebuild(ENGINE as never, start as MoscowState | null, log, base, firstUnseen(log, seat, game.toAct)));
      performance.mark?.("hexpost:replay-ready");
    }, 0);
    return () => clearTimeout(t);
  }, [log, base]);

  const unseen = rebuilt?.frames ?? [];
  const playback = usePlayback(unseen.length, { stepMs: STEP_MS });
  const frame: MoscowFrame | null = playback.shown === null ? null : (unseen[playback.shown] ?? null);
  return { rebuilt, unseen, playback, replaying: playback.replaying, frame };
}
