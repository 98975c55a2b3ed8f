/** Under the musket map: the replayed step's line (its own action, not the end of an activation), and the key to the terrain. */
export function MusketLegend({ replayLines }: { replayLines: readonly string[] | null }) {
  return (
    <>
      {replayLines && (
        <p class="mk-caption" aria-hidden="true">
          {replayLines.find((l) => !/ends its activation$/.test(l)) ?? replayLines[0]}
        </p>
      )}
      <p class="legend muted">
        <span class="mk-keys">
          <span class="key mk-k-woods" /> woods <span class="key mk-k-town" /> town <span class="key mk-k-hill" /> hilltop <span class="key mk-k-water" /> water{" "}
          <span class="key mk-k-road" /> road ·{" "}
        </span>
        <a href="#mk-rules" onClick={() => document.getElementById("mk-rules")?.setAttribute("open", "")}>
          rules in brief
        </a>
      </p>
    </>
  );
}
