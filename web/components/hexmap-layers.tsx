/** The layers HexMap draws over its board, each from its cells (shaded overlays, printed ids, arrows, stacked pieces, the hover and cursor rings), and the bar under it. */
import { cellId, centreOf, hexPoints } from "./hexmap-geometry";
import type { VNode } from "preact";
import type { ViewBox } from "./hexmap-viewbox";

export interface Piece {
  cell: string;
  key: string;
  node: VNode;
}

export interface Arrow {
  from: string;
  to: string;
  cls?: string;
}

/** Cells drawn as one shaded layer under the highlights (a zone of control, a range, a supply net). */
export interface Overlay {
  cells: readonly string[];
  cls: string;
}

export function Overlays({ overlays, s }: { overlays: readonly Overlay[]; s: number }) {
  return (
    <>
      {overlays.map((o) => (
        <g key={o.cls} class={`overlay ${o.cls}`}>
          {o.cells.map((id) => {
            const [x, y] = centreOf(id, s);
            return <polygon key={id} data-cell={id} points={hexPoints(x, y, s)} />;
          })}
        </g>
      ))}
    </>
  );
}

export function HexIds({ cols, rows, s }: { cols: number; rows: number; s: number }) {
  return (
    <g class="hexids">
      {Array.from({ length: cols * rows }, (_, k) => {
        const id = cellId(Math.floor(k / rows) + 1, (k % rows) + 1);
        const [x, y] = centreOf(id, s);
        return (
          <text key={id} x={x} y={y - s * 0.62} class="hexid">
            {id}
          </text>
        );
      })}
    </g>
  );
}

export function Arrows({ arrows, s }: { arrows: readonly Arrow[]; s: number }) {
  return (
    <g class="arrows">
      {arrows.map((a, i) => {
        const [x1, y1] = centreOf(a.from, s);
        const [x2, y2] = centreOf(a.to, s);
        const d = Math.hypot(x2 - x1, y2 - y1) || 1;
        const k = Math.max(0, (d - s * 0.55) / d);
        return <line key={`${a.from}-${a.to}-${i}`} class={`arrow ${a.cls ?? ""}`} x1={x1} y1={y1} x2={x1 + (x2 - x1) * k} y2={y1 + (y2 - y1) * k} marker-end="url(#hexmap-head)" />;
      })}
    </g>
  );
}

/** Several pieces on one hex fan out along the diagonal, the top one last, with a count. */
export function Pieces({ pieces, s }: { pieces: readonly Piece[]; s: number }) {
  const stacks = new Map<string, Piece[]>();
  for (const p of pieces) stacks.set(p.cell, [...(stacks.get(p.cell) ?? []), p]);
  return (
    <g class="pieces">
      {[...stacks.values()].flatMap((stack) =>
        stack.map((p, i) => {
          const [x, y] = centreOf(p.cell, s);
          const shift = (i - (stack.length - 1) / 2) * s * 0.16;
          return (
            <g key={p.key} class={`piece${stack.length > 1 ? " stacked" : ""}`} data-key={p.key} data-cell={p.cell} transform={`translate(${(x + shift).toFixed(1)} ${(y + shift).toFixed(1)})`}>
              {p.node}
              {stack.length > 1 && i === stack.length - 1 && (
                <text class="stack-count" x={s * 0.45} y={-s * 0.45}>
                  {stack.length}
                </text>
              )}
            </g>
          );
        }),
      )}
    </g>
  );
}

/** A ring round one hex, with its printed id (the hovered hex, the keyboard's cursor). */
export function Ring({ id, cls, s }: { id: string | null; cls: string; s: number }) {
  if (!id) return null;
  const [x, y] = centreOf(id, s);
  return (
    <g class={cls}>
      <polygon points={hexPoints(x, y, s * 0.97)} />
      <text x={x} y={y - s * 0.62} class="hexid-label">
        {id}
      </text>
    </g>
  );
}

/** Under the map: the line about a cell, and the zoom buttons. */
export function MapBar({ info, view }: { info: string | null; view: ViewBox }) {
  return (
    <div class="hexmap-bar">
      <div id="hexmap-info" class={`hexmap-info${info ? "" : " empty"}`} aria-live="polite">
        {info ?? ""}
      </div>
      <div class="hexmap-tools">
        <button type="button" aria-label="Zoom out" title="Zoom out (-)" onClick={() => view.zoomCentre(1 / 1.3)}>
          −
        </button>
        <button type="button" aria-label="Zoom in" title="Zoom in (+)" onClick={() => view.zoomCentre(1.3)}>
          +
        </button>
        <button type="button" aria-label="Show the whole map" title="Whole map (0)" onClick={view.fit}>
          ⤢
        </button>
      </div>
    </div>
  );
}
