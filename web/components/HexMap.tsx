/**
 * A flat-top hex board in SVG, chessground-style: it knows no rules, yet owns the
 * interaction: the legal choices come in (`choices`, cells by printed id), the board lights
 * sources and destinations and hands the chosen one out (`onChoose`); other taps are reported
 * (`onCell`). It draws stacks (several pieces on one hex fan out, with a count), optional
 * printed hex ids, and overlays a ruleset asks for (zones of control, ranges, supply). Cells are named by printed ids "CCRR" (column, row,
 * 1-based, odd-q: even printed columns sit half a hex lower).
 *
 * Pointer: one finger or the mouse pans, two fingers pinch, the wheel zooms; a tap reports
 * the cell; a long press (or hovering with a mouse) shows what is on the cell.
 * Keyboard: the map is one tab stop; arrows move a cursor, Enter/Space choose, Escape
 * cancels, + and - zoom, Home shows the whole map, and typing a four-digit hex id jumps there.
 *
 * The view opens on the action (`frame`): where the decision is, with hexes big enough for a
 * finger, and zooms out no further than the whole board. The zoom buttons and the line about a
 * cell sit in a strip under the map, covering no hex.
 *
 * This file draws; the geometry is in hexmap-geometry.ts, the visible part of the map in
 * hexmap-viewbox.ts, and the input in hexmap-gestures.ts and hexmap-keys.ts.
 */
import type { ComponentChildren, VNode } from "preact";
import { useEffect, useMemo, useRef, useState } from "preact/hooks";
import { cellId, centreOf, hexPoints, mapExtent } from "./hexmap-geometry";
import { useViewBox } from "./hexmap-viewbox";
import { useMapGestures } from "./hexmap-gestures";
import { useKeyboardCursor } from "./hexmap-keys";
import { choiceMarks, tapMeaning, type BoardChoice } from "./hexmap-choices";
import { Arrows, HexIds, MapBar, Overlays, Pieces, Ring, type Arrow, type Overlay, type Piece } from "./hexmap-layers";

export type { Arrow, Overlay, Piece } from "./hexmap-layers";

export type { BoardChoice } from "./hexmap-choices";

// the rulesets' boards draw with the same geometry, and import it from here
export { SQRT3, cellId, cellColRow, centre, centreOf, hexPath, hexPoints, px, SIDE_ANGLE, sideEnds, sideMid } from "./hexmap-geometry";

/** What a ruleset lights on the board beyond its choices. */
export interface Highlights {
  /** Cell id -> CSS classes for the hex. */
  marks: Record<string, string>;
  arrows: Arrow[];
}

export interface HexMapProps {
  cols: number;
  rows: number;
  /** Hex circumradius in map units. */
  size: number;
  label: string;
  /** The static board (terrain, rivers, rails) in map units. */
  board: VNode;
  /** Drawn over the board and under highlights and pieces (e.g. cities, whose owners change). */
  underlay?: VNode;
  /** Cell id -> CSS classes for a highlight drawn over the board. */
  marks?: Record<string, string>;
  overlays?: readonly Overlay[];
  /** Print each hex's CCRR id on it. */
  showIds?: boolean;
  /** The legal choices: the board lights them and owns selecting a source. */
  choices?: readonly BoardChoice[];
  /** The selected source (the board's selection is the ruleset's state: it may keep it after a move). */
  selected?: string | null;
  onSelect?: (cell: string | null) => void;
  onChoose?: (choice: BoardChoice) => void;
  /** Prefix of the classes the choices' highlights get (`${prefix}can`, `sel`, `target` or a choice's cls). */
  markPrefix?: string;
  pieces?: Piece[];
  arrows?: Arrow[];
  /** A line about a cell: shown on hover, long press and keyboard focus. */
  describe?: (cell: string) => string;
  onCell?: (cell: string) => void;
  onEscape?: () => void;
  /** Bring this cell into view when it changes (replay). */
  focus?: string | null;
  /** The cells that make up the board, when it does not fill its grid (the view fits them, not the grid). */
  bounds?: readonly string[];
  /** The cells the viewer's decision concerns: the view frames them, large enough to tap, whenever `frameKey` changes. */
  frame?: readonly string[];
  frameKey?: string;
  /**
   * The edge of the smallest piece a finger must hit (a counter, a model), in map units. On a
   * touch or narrow screen the framed view draws it at least TAP_PX wide, and so its printed
   * factors large enough to read.
   */
  pieceSize?: number;
  children?: ComponentChildren;
}

/** The least size on screen of anything a finger must hit: a lit hex (drawn at 94% of its hex), a counter, a model. */
export const TAP_PX = 44;

/** How tall a framed hex is drawn: a lit hex at least TAP_PX, and on a touch or narrow screen a piece too. */
function frameTapPx(s: number, pieceSize: number | undefined): number {
  const hex = TAP_PX / 0.94;
  const finger = typeof window !== "undefined" && window.matchMedia?.("(pointer: coarse), (max-width: 600px)").matches;
  return pieceSize && finger ? Math.max(hex, (TAP_PX * Math.sqrt(3) * s) / pieceSize) : hex;
}

export function HexMap(props: HexMapProps) {
  const { cols, rows, size: s } = props;
  const [W, H] = mapExtent(cols, rows, s);
  const svg = useRef<SVGSVGElement>(null);
  const boundsKey = (props.bounds ?? []).join(",");
  const area = useMemo(() => {
    if (!props.bounds?.length) return { x: 0, y: 0, w: W, h: H };
    const ps = props.bounds.map((c) => centreOf(c, s));
    const x = Math.min(...ps.map((p) => p[0])) - s;
    const y = Math.min(...ps.map((p) => p[1])) - s;
    return { x, y, w: Math.max(...ps.map((p) => p[0])) + s - x, h: Math.max(...ps.map((p) => p[1])) + s - y };
  }, [W, H, s, boundsKey]);
  const view = useViewBox(svg, area, s);
  const [hover, setHover] = useState<string | null>(null);
  const [info, setInfo] = useState<string | null>(null);
  // the pointer listeners outlive renders: they read the latest props from a ref
  const props_ = useRef(props);
  props_.current = props;
  const tell = (c: string | null) => setInfo(c && props_.current.describe ? props_.current.describe(c) : c);

  /** A chosen cell (tap, Enter): a choice, a selection, or a plain cell for the ruleset. */
  const pick = (cell: string) => {
    const p = props_.current;
    if (!p.choices) return p.onCell?.(cell);
    const tap = tapMeaning(p.choices, p.selected ?? null, cell);
    if (tap.kind === "choose") p.onChoose?.(tap.choice);
    else if (tap.kind === "select") p.onSelect?.(tap.cell);
    else {
      p.onSelect?.(null);
      p.onCell?.(cell);
    }
  };
  const escape = () => {
    props_.current.onSelect?.(null);
    props_.current.onEscape?.();
  };

  const { cursor, setCursor, onKeyDown } = useKeyboardCursor({ cols, rows, view, tell, onCell: pick, onEscape: escape });
  useEffect(() => view.show(props.focus ?? null), [props.focus]);
  useEffect(() => {
    if (props.frameKey !== undefined) view.frame(props.frame ?? [], frameTapPx(s, props.pieceSize));
  }, [props.frameKey]);
  // new choices (a unit to bring back, a retreat) wholly out of view: bring them in
  const frameCells = (props.frame ?? []).join(",");
  useEffect(() => {
    if (props.frame?.length && !props.frame.some(view.inView)) view.frame(props.frame, frameTapPx(s, props.pieceSize));
  }, [frameCells]);
  useMapGestures(svg, view, { cols, rows, size: s }, {
    point: (c) => {
      setHover(c);
      tell(c);
    },
    tap: (c) => {
      setCursor(c);
      pick(c);
    },
  });

  const marks = useMemo(() => {
    const all = { ...(props.choices ? choiceMarks(props.choices, props.selected ?? null, props.markPrefix ?? "") : {}), ...(props.marks ?? {}) };
    return Object.entries(all).map(([id, cls]) => {
      const [x, y] = centreOf(id, s);
      return <polygon key={id} class={`mark ${cls}`} data-cell={id} points={hexPoints(x, y, s * 0.94)} />;
    });
  }, [props.marks, props.choices, props.selected, props.markPrefix, s]);

  return (
    <div class="hexmap-frame">
      <div class="hexmap">
        <svg
          ref={svg}
          class="hexmap-svg"
          data-size={s}
          viewBox={`0 0 ${W} ${H}`}
          tabIndex={0}
          role="application"
          aria-label={props.label}
          aria-describedby="hexmap-info"
          onKeyDown={onKeyDown}
          onFocus={() => {
            if (cursor) tell(cursor);
          }}
        >
          {props.board}
          {props.underlay}
          <Overlays overlays={props.overlays ?? []} s={s} />
          {props.showIds && <HexIds cols={cols} rows={rows} s={s} />}
          <g class="marks">{marks}</g>
          <Arrows arrows={props.arrows ?? []} s={s} />
          <Pieces pieces={props.pieces ?? []} s={s} />
          {props.children}
          <Ring id={hover} cls="hover-ring" s={s} />
          <Ring id={cursor} cls="cursor-ring" s={s} />
          <defs>
            <marker id="hexmap-head" viewBox="0 0 10 10" refX="6" refY="5" markerWidth="4" markerHeight="4" orient="auto-start-reverse">
              <path d="M 0 0 L 10 5 L 0 10 z" class="arrow-head" />
            </marker>
          </defs>
        </svg>
      </div>
      {/* under the map, not over it: the buttons and the line about a cell cover no hex */}
      <MapBar info={info} view={view} />
    </div>
  );
}
