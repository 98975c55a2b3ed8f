/** Under the skirmish map: the replayed step's line (its own action, not the activation's start or end), and the map key, folded on a phone. */
import { narrowScreen } from "./phone";

export function SkirmishLegend({ replayLines, seatName }: { replayLines: readonly string[] | null; seatName: (seat: string) => string }) {
  return (
    <>
      {replayLines && (
        <p class="sk-caption" aria-hidden="true">
          {replayLines.find((l) => !/activates|activation ends/.test(l)) ?? replayLines[0]}
        </p>
      )}
      <details class="legend muted sk-legend" open={!narrowScreen()}>
        <summary>Map key ▾</summary>
        <span class="sk-key side-0" /> {seatName("attacker")} <span class="sk-key side-1" /> {seatName("defender")} · <span class="key sk-k-rough" /> rough{" "}
        <span class="key sk-k-soft" /> hedge (soft cover) <span class="key sk-k-hard" /> wall (hard cover) <span class="key sk-k-blocking" /> building · badges: <b class="sk-b wound">W</b>{" "}
        wounds <b class="sk-b delay">D</b> delay <b class="sk-b fear">F</b> fear · dashed ring: engaged · faded: done · grey and crossed: knocked out
      </details>
    </>
  );
}
