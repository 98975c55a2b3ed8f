/**
 * Replaying what happened since the viewer's last move (the other side's player-turn, or the
 * enemy's defensive support and retreat choices): positions rebuilt from the log by the
 * bundled engine, through the shared playback.
 */
import { useEffect, useState } from "preact/hooks";
import { usePlayback } from "../../components/usePlayback";
import type { GameView, LogEntry } from "../../api";
import { firstUnseen, rebuild, type Frame, type Rebuilt } from "../../replay";
import { apply, describe, type WarshardState } from "./engine";

const ENGINE = { apply, describe } as const;
export type WarshardFrame = Frame<WarshardState>;

const STEP_MS = 1100;

export function useWarshardPlayback(game: GameView<WarshardState>, log: LogEntry[] | null, start: unknown, seat: string | null) {
  const base = game.state;
  // rebuilding runs the engine over the whole log: after the first paint, not before it
  const [rebuilt, setRebuilt] = useState<Rebuilt<WarshardState> | null>(null);
  useEffect(() => {
    if (!log || log.length === 0) return setRebuilt(null);
    const t = window.setTimeout(() => {
      setRebuilt(rebuild(ENGINE as never, start as WarshardState | null, log, base, firstUnseen(log, seat, game.toAct)));
      performance.mark?.("hexpost:replay-ready");
    }, 0);
    return () => clearTimeout(t);
  }, [log, base]);
  const frames = rebuilt?.frames ?? [];
  const playback = usePlayback(frames.length, { stepMs: STEP_MS });
  const frame: WarshardFrame | null = playback.shown === null ? null : (frames[playback.shown] ?? null);
  return { rebuilt, frames, playback, replaying: playback.replaying, frame };
}
