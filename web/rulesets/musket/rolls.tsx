/** What the dice said: the rolls of a list of events (fire, charge, morale, leaders), for the viewer's last action and the replay's charges. */
import { Die } from "../../components/Die";
import type { GameEventJson } from "../../api";
import { atLeastHalfText, underText } from "../../../worker/engine/musket/percent-roll";

const num = (v: unknown) => (typeof v === "number" ? v : 0);

/** The rolls of a list of events as short rows (a charge shows its two dice). */
export function Rolls({ events }: { events: GameEventJson[] }) {
  const rows = events.flatMap((e, i) => {
    switch (e.kind) {
      case "activated":
        return e.inCommand ? [] : [<li key={i} class={e.passed ? "good" : "bad"}>Command check: {underText(num(e.u), num(e.chance))}, {e.passed ? "passed" : "failed: no action this turn"}</li>];
      case "terrain_check":
        return [<li key={i} class={e.passed ? "good" : "bad"}>Leaving the hilltop: {atLeastHalfText(num(e.u))}, {e.passed ? "passed" : "failed"}</li>];
      case "fired":
        return [
          <li key={i} class={e.hit ? "good" : "bad"}>
            {String(e.unit)} fires at {String(e.target)}: {underText(num(e.u1), num(e.chance))} to hit, <strong>{e.hit ? `hit, ${num(e.damage)} SP` : "miss"}</strong>
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
            Morale of {String(e.unit)}: {underText(num(e.u), num(e.chance))}, <strong>{e.passed ? "holds" : e.retreatTo ? "wavers and retreats" : "wavers, nowhere to go"}</strong>
          </li>,
        ];
      case "leader_casualty":
        return [<li key={i} class={e.killed ? "bad" : "good"}>Leader {String(e.leader)}: {underText(num(e.u), 0.15)} to fall, {e.killed ? "falls" : "unhurt"}</li>];
      case "eliminated":
        return [<li key={i} class="bad">{String(e.unit)} is eliminated</li>];
      default:
        return [];
    }
  });
  return rows.length ? <ul class="mk-rolls">{rows}</ul> : null;
}
