/** Under the Moscow map: the key to the terrain, the cities' holders, the map edges and half-strength counters, and who holds Moscow. */
import { sideName, type MoscowState } from "./engine";

export function MoscowLegend({ cityControl }: { cityControl: MoscowState["cityControl"] }) {
  return (
    <p class="legend muted">
      <span class="key forest" /> forest <span class="key fort" /> fortification <span class="key river" /> river <span class="key rail" /> railway{" "}
      <span class="key dot owner-german" /> <span class="key dot owner-soviet" /> city held by the German, the Soviet{" "}
      <span class="key edge-key edge-german" /> <span class="key edge-key edge-soviet" /> German, Soviet map edge (replacements enter there){" "}
      <span class="key half-key" /> band on a counter: half strength · Moscow is <strong class={`owner-${cityControl.Moscow}`}>{sideName(cityControl.Moscow ?? "soviet")}</strong>
    </p>
  );
}
