/** Under the DiceWars map: the replayed step's line, and the key to the players' colours and the strength numbers. */
import type { DiceWarsState } from "./engine";
import { seatLabel } from "./labels";

export function DiceWarsLegend({ state, replayLine }: { state: DiceWarsState; replayLine: string | null }) {
  return (
    <>
      {replayLine !== null && (
        <p class="dw-caption" aria-hidden="true">
          {replayLine}
        </p>
      )}
      <p class="legend muted">
        {state.players.map((p, i) => (
          <span key={p.seat} class="dw-key">
            <span class={`swatch p${i}`} /> {seatLabel(i)}
          </span>
        ))}
        <span class="dw-key">
          <span class="swatch empty" /> empty
        </span>
        <span class="dw-key">
          <span class="swatch blocked" /> blocked
        </span>
        · the number is a cell's strength (1 to 48); each small square under it is one die (of six sides) that strength makes: 8 is two dice (6 + 2), 14 three (6 + 6 + 2)
      </p>
    </>
  );
}
