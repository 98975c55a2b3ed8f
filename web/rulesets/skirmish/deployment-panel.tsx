/**
 * Deployment: the shared Placement's draft (placementChoices, placeUnit) with a panel of our own,
 * because the shared panel confirms only when every lit hex is filled (a setup with one hex per
 * unit), while a skirmish side puts 4-8 models anywhere on its 2 rows of 24 hexes. The draft is
 * sent as one batch: a deploy per model, then the end of the side's deployment.
 */
import type { Placed } from "../../components/Placement";
import { fromPrintedId, modelById, offsetOf, type SkirmishState } from "./engine";
import { plural } from "./labels";

/** Fighters on the row nearest the enemy, shooters on the rear row, each from the centre outward. */
export function autoPlace(state: SkirmishState, placed: Placed, models: readonly string[], zone: readonly string[]): Placed {
  const used = new Set(Object.values(placed));
  const next = { ...placed };
  const mid = state.board.rows / 2;
  const centre = (state.board.cols - 1) / 2;
  for (const id of models) {
    if (next[id]) continue;
    const m = modelById(state, id)!;
    const rear = m.profile.ranged !== null;
    const score = (c: string) => {
      const { col, row } = offsetOf(fromPrintedId(c)!);
      const front = Math.abs(row + 0.5 - mid);
      return (rear ? -front : front) * 100 + Math.abs(col - centre);
    };
    const hex = zone.filter((c) => !used.has(c)).sort((a, b) => score(a) - score(b))[0];
    if (!hex) break;
    next[id] = hex;
    used.add(hex);
  }
  return next;
}

export function DeploymentPanel(p: {
  state: SkirmishState;
  models: readonly string[];
  zone: readonly string[];
  placed: Placed;
  setPlaced: (x: Placed) => void;
  sel: string | null;
  setSel: (x: string | null) => void;
}) {
  const free = p.models.filter((u) => !p.placed[u]);
  const put = (x: Placed) => {
    p.setPlaced(x);
    p.setSel(null);
  };
  const { [p.sel ?? ""]: _, ...without } = p.placed;
  return (
    <div class="setup">
      <p class="hint">
        {free.length
          ? `Place ${plural(free.length, "more model")} on the lit hexes of your edge: pick one below (or on the map), then tap a hex. A placed model can be tapped and moved.`
          : "Every model is placed. Tap one to move it, or confirm the deployment."}
      </p>
      <div class="tray" role="group" aria-label="Models to place">
        {free.map((u) => {
          const m = modelById(p.state, u)!;
          return (
            <button key={u} type="button" class={`chip side-${m.side}${p.sel === u ? " on" : ""}`} aria-pressed={p.sel === u} onClick={() => p.setSel(p.sel === u ? null : u)}>
              {u} {m.name.split(" (")[0]}
            </button>
          );
        })}
      </div>
      {p.sel && p.placed[p.sel] && (
        <button type="button" onClick={() => put(without)}>
          Take {p.sel} off the map
        </button>
      )}
      <div class="buttons">
        <button type="button" onClick={() => put(autoPlace(p.state, p.placed, p.models, p.zone))} disabled={free.length === 0}>
          Auto-place the rest ({free.length})
        </button>
        <button type="button" onClick={() => put({})} disabled={Object.keys(p.placed).length === 0}>
          Clear
        </button>
      </div>
    </div>
  );
}
