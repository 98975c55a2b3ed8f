/** DiceWars' words for the shared replay card: moves and turns since your last move, each step's round and place in its turn, the dice. */
import { ReplayCard } from "../../components/ReplayCard";
import type { Playback } from "../../components/usePlayback";
import { plural } from "./labels";
import type { Step } from "./replay";
import { Rolls } from "./rolls";

export function ReplayPanel(p: { steps: Step[]; playback: Playback; complete: boolean; seatName: (s: string) => string; you: string | null }) {
  const n = p.steps.length;
  const ends = p.steps.filter((s) => s.kind === "end_turn").length;
  const moves = p.steps.filter((s) => s.kind === "expand" || s.kind === "attack").length;
  const turns = ends + (p.steps[n - 1]?.kind === "end_turn" ? 0 : 1);
  const who = [...new Set(p.steps.map((s) => p.seatName(s.seat)))].join(", ");
  const i = p.playback.shown;
  const s = i === null ? null : p.steps[i]!;
  // the step's place in its seat's turn
  let first = i ?? 0;
  while (s && first > 0 && p.steps[first - 1]!.seat === s.seat && p.steps[first - 1]!.kind !== "end_turn") first--;
  const attack = s?.events.find((e) => e.kind === "attack");
  return (
    <ReplayCard
      playback={p.playback}
      count={n}
      summary={`${who}: ${plural(moves, "move")} in ${plural(turns, "turn")}.`}
      you={p.you}
      step={
        s &&
        `${p.seatName(s.seat)}${s.bot && !/computer/.test(p.seatName(s.seat)) ? " (computer)" : ""}, round ${s.before?.round ?? "?"}${
          s.kind === "end_turn" ? ", end of turn" : `, move ${i! - first + 1}`
        }`
      }
      extra={attack && <Rolls e={attack} />}
      lines={s?.lines ?? []}
      complete={p.complete}
      fastAndProgress
      stepThrough
      leaveLabel="Skip to now"
    />
  );
}
