/** The rolls of an attack: each side's number out of its range, in its colour. */
import type { GameEventJson } from "../../api";
import { playerIndex, seatLabel } from "./labels";

export function Rolls({ e }: { e: GameEventJson }) {
  const a = playerIndex(e.seat, 4);
  const d = playerIndex(e.defender, 4);
  return (
    <div class="dw-rolls">
      <span class={`dw-roll p${a}`} title={`${seatLabel(a)} rolled ${e.attackRoll} of 1–${e.attack}`}>
        {String(e.attackRoll)}
      </span>
      <span class="muted small">1–{String(e.attack)}</span>
      <span class="vs">against</span>
      <span class={`dw-roll p${d}`} title={`${seatLabel(d)} rolled ${e.defenceRoll} of 1–${e.defence}`}>
        {String(e.defenceRoll)}
      </span>
      <span class="muted small">1–{String(e.defence)}</span>
      <strong class={e.captured ? "won" : "held"}>{e.captured ? "captured" : "held"}</strong>
    </div>
  );
}
