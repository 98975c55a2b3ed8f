/** Setup: the viewer's units to place, one on each lit setup hex, drafted on the page and sent as one action. */
import { unitDef } from "./engine";
import { axial, type Axial } from "./cells";
import { unitLabel } from "./labels";

export function SetupPanel(p: {
  units: string[];
  hexes: string[];
  placed: Record<string, string>;
  setPlaced: (x: Record<string, string>) => void;
  sel: string | null;
  setSel: (x: string | null) => void;
  onConfirm: (placements: { unitId: string; hex: Axial }[]) => void;
}) {
  const free = p.units.filter((u) => !p.placed[u]);
  const used = new Set(Object.values(p.placed));
  const empty = p.hexes.filter((h) => !used.has(h));
  const auto = () => {
    const next = { ...p.placed };
    const left = [...free];
    for (const h of empty) {
      const u = left.shift();
      if (!u) break;
      next[u] = h;
    }
    p.setPlaced(next);
    p.setSel(null);
  };
  const done = empty.length === 0;
  return (
    <div class="setup">
      <p class="hint">
        Place {p.hexes.length} units, one on each lit setup hex: pick a unit below (or on the map), then tap a hex.
        {p.units.length > p.hexes.length && ` The ${p.units.length - p.hexes.length} left over start in the replacement pool.`}
      </p>
      <div class="tray" role="group" aria-label="Units to place">
        {free.map((u) => (
          <button key={u} type="button" class={`chip side-${unitDef(u)?.side}${p.sel === u ? " on" : ""}`} aria-pressed={p.sel === u} onClick={() => p.setSel(p.sel === u ? null : u)}>
            {unitLabel(u)}
          </button>
        ))}
        {free.length === 0 && <span class="muted">All units are placed.</span>}
      </div>
      {p.sel && p.placed[p.sel] && (
        <button
          type="button"
          onClick={() => {
            const n = { ...p.placed };
            delete n[p.sel!];
            p.setPlaced(n);
            p.setSel(null);
          }}
        >
          Take {p.sel} off the map
        </button>
      )}
      <div class="buttons">
        <button type="button" onClick={auto} disabled={done}>
          Auto-place the rest ({empty.length})
        </button>
        <button type="button" onClick={() => p.setPlaced({})} disabled={used.size === 0}>
          Clear
        </button>
        <button
          type="button"
          class="primary"
          disabled={!done}
          onClick={() => p.onConfirm(Object.entries(p.placed).map(([unitId, h]) => ({ unitId, hex: axial(h) })))}
        >
          Confirm setup
        </button>
      </div>
    </div>
  );
}
