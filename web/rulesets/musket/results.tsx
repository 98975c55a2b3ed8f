/** What the dice said: the viewer's last action's rolls (fire, charge, morale, leaders), and the replay card's words. */
import { Die } from "../../components/Die";
import { ReplayCard } from "../../components/ReplayCard";
import type { Playback } from "../../components/usePlayback";
import type { GameEventJson } from "../../api";
import type { BatchResult } from "./play";
import type { MusketFrame } from "./playback";
import { pct } from "./labels";

const num = (v: unknown) => (typeof v === "number" ? v : 0);
const roll = (v: unknown) => num(v).toFixed(2);

/** The rolls of a list of events as short rows (a charge shows its two dice). */
export function Rolls({ events }: { events: GameEventJson[] }) {
  const rows = events.flatMap((e, i) => {
    switch (e.kind) {
      case "activated":
        return e.inCommand ? [] : [<li key={i} class={e.passed ? "good" : "bad"}>Command check {pct(num(e.chance))}: rolled {roll(e.u)}, {e.passed ? "passed" : "failed: no action this turn"}</li>];
      case "terrain_check":
        return [<li key={i} class={e.passed ? "good" : "bad"}>Leaving the hilltop (50%): rolled {roll(e.u)}, {e.passed ? "passed" : "failed"}</li>];
      case "fired":
        return [
          <li key={i} class={e.hit ? "good" : "bad"}>
            {String(e.unit)} fires at {String(e.target)} ({pct(num(e.chance))}): rolled {roll(e.u1)}, <strong>{e.hit ? `hit, ${num(e.damage)} SP` : "miss"}</strong>
          </li>,
        ];
      case "charged":
        return [
          <li key={i} class={`mk-charge-roll ${e.outcome === "attacker_repulsed" ? "bad" : "good"}`}>
            <Die value={num(e.dA)} size={34} /> + {num(e.attackerScore) - num(e.dA)} = {num(e.attackerScore)} against <Die value={num(e.dD)} size={34} /> + {num(e.defenderScore) - num(e.dD)} ={" "}
            {num(e.defenderScore)}: <strong>{String(e.outcome).replace(/_/g, " ")}</strong>
          </li>,
        ];
      case "morale":
        return [
          <li key={i} class={e.passed ? "good" : "bad"}>
            Morale of {String(e.unit)} ({pct(num(e.chance))}): rolled {roll(e.u)}, <strong>{e.passed ? "holds" : e.retreatTo ? "wavers and retreats" : "wavers, nowhere to go"}</strong>
          </li>,
        ];
      case "leader_casualty":
        return [<li key={i} class={e.killed ? "bad" : "good"}>Leader {String(e.leader)} (15% risk): rolled {roll(e.u)}, {e.killed ? "falls" : "unhurt"}</li>];
      case "eliminated":
        return [<li key={i} class="bad">{String(e.unit)} is eliminated</li>];
      default:
        return [];
    }
  });
  return rows.length ? <ul class="mk-rolls">{rows}</ul> : null;
}

export function ResultCard({ result }: { result: BatchResult }) {
  return (
    <section class="card result" aria-live="polite" aria-label="What just happened">
      <Rolls events={result.events} />
      {result.lines.length > 0 && (
        <details open={result.lines.length <= 4}>
          <summary>What happened ({result.lines.length})</summary>
          <ul class="lines">
            {result.lines.map((l, i) => (
              <li key={i}>{l}</li>
            ))}
          </ul>
        </details>
      )}
    </section>
  );
}

export function ReplayPanel(p: { frames: MusketFrame[]; playback: Playback; complete: boolean; seatName: (s: string) => string; you: string | null }) {
  const n = p.frames.length;
  const activations = p.frames.filter((f) => f.action.type === "activate").length;
  const who = [...new Set(p.frames.map((f) => p.seatName(f.seat)))].join(" and ");
  const f = p.playback.shown === null ? null : p.frames[p.playback.shown];
  return (
    <ReplayCard
      playback={p.playback}
      count={n}
      summary={`${who}: ${activations} activation${activations === 1 ? "" : "s"} in ${n} step${n === 1 ? "" : "s"}.`}
      you={p.you}
      step={f && `${p.seatName(f.seat)}${f.bot && !/computer/.test(p.seatName(f.seat)) ? " (computer)" : ""}, turn ${f.before.turn}`}
      extra={f && <Rolls events={f.events.filter((e) => e.kind === "charged")} />}
      lines={f?.lines ?? []}
      complete={p.complete}
      fastAndProgress
      stepThrough
      leaveLabel="Back to now"
    />
  );
}
