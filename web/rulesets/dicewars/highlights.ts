/**
 * What the map shows beyond the legal choices (which the board lights itself): for a replay
 * step, what moved, fought or got supply; on the viewer's move, the selected cell's targets
 * labelled with their chance to win.
 */
import type { Highlights } from "../../components/HexMap";
import type { GameEventJson } from "../../api";
import { eventArrows } from "../../replay";
import { cellIndex, printedId, type Hex, type LegalMove } from "./engine";
import { pct, winChance } from "./labels";

export interface DiceWarsHighlights extends Highlights {
  /** Cell index -> text shown on the cell in place of its dice. */
  labels: Map<number, string>;
}

export function boardHighlights(N: number, events: GameEventJson[] | null, moves: LegalMove[]): DiceWarsHighlights {
  const marks: Record<string, string> = {};
  const labels = new Map<number, string>();
  const arrows = eventArrows(events ?? [], ["expand", "attack"], "dw-arrow ");
  for (const e of events ?? []) {
    if (e.kind === "expand" || e.kind === "attack") {
      marks[printedId(e.from as Hex)] = "dw-from";
      marks[printedId(e.to as Hex)] = e.kind === "attack" ? (e.captured ? "dw-won" : "dw-held") : "dw-to";
    }
    for (const g of e.kind === "supply" ? ((e.gains as { cell: Hex; added: number }[]) ?? []) : []) {
      marks[printedId(g.cell)] = "dw-gain";
      labels.set(cellIndex(N, g.cell), `+${g.added}`);
    }
  }
  // the board lights the choices; the targets carry their odds
  for (const m of moves) labels.set(cellIndex(N, m.to), m.type === "attack" ? pct(winChance(m.attack, m.defence)) : "+");
  return { marks, arrows, labels };
}
