/** Under the WarShard map: what to do now (or the replayed step's line), and the key to the sides' colours and the counters. */
import { sideName } from "./labels";

export function WarshardLegend({ prompt, replaying, acting, sides }: { prompt: string; replaying: boolean; acting: boolean; sides: readonly [string, string] }) {
  return (
    <>
      {prompt && (
        <p class={`ws-prompt${replaying ? " replay" : ""}${acting ? " act" : ""}`} aria-hidden="true">
          {prompt}
        </p>
      )}
      <p class="legend muted">
        <span class="key ws-k-s0" /> {sideName(sides[0])} <span class="key ws-k-s1" /> {sideName(sides[1])} · counters: Power-Defence-Mobility ·{" "}
        <span class="key ws-k-fight" /> fight
      </p>
    </>
  );
}
