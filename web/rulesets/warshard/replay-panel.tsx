/** WarShard's words for the shared replay card: who did what since your last move, each step's turn and phase, the dice. */
import { ReplayCard } from "../../components/ReplayCard";
import type { Playback } from "../../components/usePlayback";
import { PHASE_TITLE } from "./labels";
import type { WarshardFrame } from "./playback";
import { FightRolls } from "./result-card";

export function ReplayPanel(p: { frames: WarshardFrame[]; playback: Playback; complete: boolean; seatName: (s: string) => string; you: string | null }) {
  const n = p.frames.length;
  const who = [...new Set(p.frames.map((f) => p.seatName(f.seat)))].join(", ");
  const fights = p.frames.flatMap((f) => f.events).filter((e) => e.kind === "fight_resolved").length;
  const i = p.playback.shown;
  const f = i === null ? null : p.frames[i]!;
  return (
    <ReplayCard
      playback={p.playback}
      count={n}
      summary={`${who}: ${n} action${n === 1 ? "" : "s"}${fights ? `, ${fights} fight${fights === 1 ? "" : "s"} rolled` : ""}.`}
      you={p.you}
      step={f && `${p.seatName(f.seat)}${f.bot ? " (computer)" : ""}, player-turn ${f.before.turn}, ${PHASE_TITLE[f.before.phase] ?? f.before.phase}`}
      extra={f && <FightRolls events={f.events} />}
      lines={f?.lines ?? []}
      complete={p.complete}
      fastAndProgress
      stepThrough
      leaveLabel="Back to now"
    />
  );
}
