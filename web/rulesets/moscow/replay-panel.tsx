/** Battle for Moscow's words for the shared replay card: who moved, and each step's turn and phase. */
import { ReplayCard } from "../../components/ReplayCard";
import type { Playback } from "../../components/usePlayback";
import { phaseText } from "./engine";
import type { MoscowFrame as Frame } from "./playback";

export function ReplayPanel(p: { frames: Frame[]; playback: Playback; complete: boolean; seatName: (s: string) => string; you: string | null }) {
  const n = p.frames.length;
  const who = [...new Set(p.frames.map((f) => p.seatName(f.seat)))].join(" and ");
  const f = p.playback.shown === null ? null : p.frames[p.playback.shown];
  return (
    <ReplayCard
      playback={p.playback}
      count={n}
      summary={`${who} made ${n} move${n === 1 ? "" : "s"}.`}
      you={p.you}
      step={f && `${p.seatName(f.seat)}${f.bot ? " (computer)" : ""}, turn ${f.after.turn}, ${phaseText(f.before.phase)}`}
      lines={f?.lines ?? []}
      complete={p.complete}
      leaveLabel="Back to the game"
    />
  );
}
