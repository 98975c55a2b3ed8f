/** Under each lit target while a unit is selected: the odds column its allocation there would give. */
import type { LegalChoice } from "../../../worker/engine/ruleset";
import { printedId, type WarshardAction } from "./engine";
import { S, centreOfHex } from "./board";
import { columnText } from "./labels";
import type { OddsPreview } from "./odds-preview";

export function oddsTags(odds: ReadonlyMap<LegalChoice<WarshardAction>, OddsPreview>) {
  return [...odds]
    .filter(([c]) => c.to)
    .map(([c, o]) => {
      const [x, y] = centreOfHex(c.to!);
      return o ? (
        // between the counter's foot and the hex's lower edge: the underlay is drawn under the pieces
        <g key={printedId(c.to!)} class={`ws-tag c-${o.column}`} transform={`translate(${x.toFixed(1)} ${(y + S * 0.71).toFixed(1)})`}>
          <rect x={-14} y={-4.6} width={28} height={9.6} rx={2.5} />
          <text y={2.9}>{columnText(o.column)}</text>
        </g>
      ) : null;
    });
}
