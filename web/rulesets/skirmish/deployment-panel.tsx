/**
 * Deployment through the shared Placement, with the skirmish's own words and where the rest go:
 * fighters to the front row, shooters to the rear. The draft is sent as one batch (a deploy per
 * model, then the end of the side's deployment) from the turn controls.
 */
import { PlacementPanel, type Placed } from "../../components/Placement";
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
  return (
    <PlacementPanel
      units={p.models}
      hexes={p.zone}
      placed={p.placed}
      setPlaced={p.setPlaced}
      sel={p.sel}
      setSel={p.setSel}
      noun="model"
      chip={(u) => {
        const m = modelById(p.state, u)!;
        return { label: `${u} ${m.name.split(" (")[0]}`, cls: `side-${m.side}` };
      }}
      hint={
        free.length
          ? `Place ${plural(free.length, "more model")} on the lit hexes of your edge: pick one below (or on the map), then tap a hex. A placed model can be tapped and moved.`
          : "Every model is placed. Tap one to move it, or confirm the deployment."
      }
      autoPlace={(placed) => autoPlace(p.state, placed, p.models, p.zone)}
    />
  );
}
