/** Replacements: restore a half-strength unit, or bring an eliminated one back on a lit hex. */
import { hexLabel, unitDef, type MoscowState } from "./engine";
import { unitLabel } from "./labels";
import type { ReplacementLegal } from "./legal";

export function ReplacementPanel(p: { repl: ReplacementLegal; sel: string | null; setSel: (x: string | null) => void; state: MoscowState; onRestore: (id: string) => void }) {
  const { repl } = p;
  return (
    <div class="repl">
      <p class="hint">
        {repl.remaining} replacement{repl.remaining === 1 ? "" : "s"} left. Restore a half-strength unit (tap it, or below), or bring an eliminated unit back at half strength on a lit hex.
      </p>
      {(repl.restorableUnits ?? []).length > 0 && (
        <div class="tray" role="group" aria-label="Units you can restore">
          {repl.restorableUnits!.map((u) => (
            <button key={u} type="button" class={`chip side-${unitDef(u)?.side}${p.sel === u ? " on" : ""}`} onClick={() => p.onRestore(u)}>
              Restore {u} at {hexLabel(p.state.units.find((x) => x.id === u)!.position!)}
            </button>
          ))}
        </div>
      )}
      {(repl.placeableUnits ?? []).length > 0 && (
        <div class="tray" role="group" aria-label="Eliminated units you can bring back">
          {repl.placeableUnits!.map((u) => (
            <button key={u} type="button" class={`chip side-${unitDef(u)?.side}${p.sel === u ? " on" : ""}`} aria-pressed={p.sel === u} onClick={() => p.setSel(p.sel === u ? null : u)}>
              Bring back {unitLabel(u)}
            </button>
          ))}
        </div>
      )}
      {p.sel && (repl.placeableUnits ?? []).includes(p.sel) && <p class="hint">Now tap a lit hex for {p.sel}.</p>}
    </div>
  );
}
