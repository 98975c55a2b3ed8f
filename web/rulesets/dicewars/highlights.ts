/**
 * What the map shows beyond the legal choices (which the board lights itself): for a replay
 * step, what moved, fought or got supply; on the viewer's move, the selected cell's targets
 * labelled with their chance to win.
 */
import type { Arrow } from "../../components/HexMap";
import { cellIndex, type LegalMove } from "./engine";
import { cellId } from "./board";
import { pct, winChance } from "./labels";
import type { Step } from "./replay";

export interface Highlights {
  /** Cell id -> CSS classes for the hex. */
  marks: Record<string, string>;
  arrows: Arrow[];
  /** Cell index -> text shown on the cell in place of its dice. */
  labels: Map<number, string>;
  /** The cell a replay step happened on, to bring into view. */
  focus: string | null;
}

export function boardHighlights(p: { size: number; step: Step | null; myTurn: boolean; sel: number | null; targets: Map<number, LegalMove[]> }): Highlights {
  const { size: N, step, myTurn, sel, targets } = p;
  const marks: Record<string, string> = {};
  const arrows: Arrow[] = [];
  const labels = new Map<number, string>();
  let focus: string | null = null;
  if (step && step.after) {
    for (const e of step.events) {
      if ((e.kind === "expand" || e.kind === "attack") && Array.isArray(e.from) && Array.isArray(e.to)) {
        const from = cellId(N, cellIndex(N, e.from as [number, number]));
        const to = cellId(N, cellIndex(N, e.to as [number, number]));
        marks[from] = "dw-from";
        marks[to] = e.kind === "attack" ? (e.captured ? "dw-won" : "dw-held") : "dw-to";
        arrows.push({ from, to, cls: `dw-arrow ${e.kind}` });
        focus = to;
      }
      if (e.kind === "supply") {
        for (const g of (e.gains as { cell: [number, number]; added: number }[]) ?? []) {
          const i = cellIndex(N, g.cell);
          marks[cellId(N, i)] = "dw-gain";
          labels.set(i, `+${g.added}`);
        }
      }
    }
  } else if (myTurn && sel !== null) {
    // the board lights the choices; the targets carry their odds
    for (const m of targets.get(sel) ?? []) {
      const t = cellIndex(N, m.to);
      labels.set(t, m.type === "attack" ? pct(winChance(m.attack, m.defence)) : "+");
    }
  }
  return { marks, arrows, labels, focus };
}
