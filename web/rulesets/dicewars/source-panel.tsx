/** The selected cell's moves as buttons: each expansion, and each attack with its chance to win. */
import { Die } from "../../components/Die";
import { diceOfStrength, type LegalMove } from "./engine";
import { pct, showCell, winChance } from "./labels";

function Dice({ strength }: { strength: number }) {
  return (
    <span class="dw-dicefaces" aria-label={`strength ${strength}`}>
      {diceOfStrength(strength).map((d, i) => (
        <Die key={i} value={d} size={20} />
      ))}
    </span>
  );
}

export function SourcePanel(p: { cell: readonly number[]; strength: number; moves: LegalMove[]; busy: boolean; onMove: (m: LegalMove) => void; onCancel: () => void }) {
  return (
    <div class="dw-source">
      <p class="hint">
        From <strong>{showCell(p.cell)}</strong>, strength {p.strength} <Dice strength={p.strength} />: attacks roll 1–{p.strength - 1} and
        the cell keeps 1. Tap a lit target, or choose:
      </p>
      <div class="options" role="group" aria-label={`Moves from ${showCell(p.cell)}`}>
        {p.moves.map((m) => (
          <button key={showCell(m.to)} type="button" class={`option dw-${m.type}`} disabled={p.busy} onClick={() => p.onMove(m)}>
            {m.type === "expand"
              ? `Expand into ${showCell(m.to)} (empty) with strength ${m.attack}`
              : `Attack ${showCell(m.to)} (strength ${m.defence}): roll 1–${m.attack} against 1–${m.defence}, ${pct(winChance(m.attack, m.defence))} to win`}
          </button>
        ))}
      </div>
      <button type="button" class="small" onClick={p.onCancel}>
        Choose another cell
      </button>
    </div>
  );
}
