/** Both warbands at a glance: each model's state, the models still standing, the first to cross. */
import type { SkirmishState } from "./engine";
import { modelState } from "./labels";
import { narrowScreen } from "./phone";

export function SidesPanel({ state, seatName }: { state: SkirmishState; seatName: (s: string) => string }) {
  return (
    <details class="card sk-sides" open={!narrowScreen()}>
      <summary>Warbands</summary>
      {state.sides.map((s, i) => {
        const models = state.models.filter((m) => m.side === i);
        const standing = models.filter((m) => m.status === "in_play").length;
        return (
          <div key={i} class={`sk-side side-${i}`}>
            <h3>
              <span class={`sk-key side-${i}`} /> {s.name} · {seatName(i === 0 ? "attacker" : "defender")} · {standing} of {models.length} standing
            </h3>
            <ul>
              {models.map((m) => (
                <li key={m.id} class={m.status}>
                  <strong>{m.id}</strong> {m.name}: {modelState(state, m)}
                </li>
              ))}
            </ul>
          </div>
        );
      })}
    </details>
  );
}
