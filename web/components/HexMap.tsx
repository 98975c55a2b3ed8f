/**
 * A flat-top hex board in SVG, chessground-style: it draws what it is given and reports
 * clicks and keys; it knows no rules. Cells are named by printed ids "CCRR" (column, row,
 * 1-based, odd-q: even printed columns sit half a hex lower).
 *
 * Pointer: one finger or the mouse pans, two fingers pinch, the wheel zooms; a tap reports
 * the cell; a long press (or hovering with a mouse) shows what is on the cell.
 * Keyboard: the map is one tab stop; arrows move a cursor, Enter/Space choose, Escape
 * cancels, + and - zoom, Home shows the whole map, and typing a four-digit hex id jumps there.
 */
import type { ComponentChildren, VNode } from "preact";
import { useEffect, useLayoutEffect, useMemo, useRef, useState } from "preact/hooks";

export const SQRT3 = Math.sqrt(3);

export const cellId = (col: number, row: number): string =>
  `${String(col).padStart(2, "0")}${String(row).padStart(2, "0")}`;

export function cellColRow(id: string): [number, number] {
  return [Number(id.slice(0, 2)), Number(id.slice(2, 4))];
}

/** Centre of a cell in map units. */
export function centre(col: number, row: number, s: number): [number, number] {
  const x = s + 1.5 * s * (col - 1);
  const y = (SQRT3 / 2) * s + SQRT3 * s * (row - 1 + ((col - 1) & 1 ? 0.5 : 0));
  return [x, y];
}

export const centreOf = (id: string, s: number): [number, number] => {
  const [c, r] = cellColRow(id);
  return centre(c, r, s);
};

export function hexPoints(cx: number, cy: number, s: number): string {
  let p = "";
  for (let i = 0; i < 6; i++) {
    const a = (Math.PI / 3) * i;
    p += `${(cx + s * Math.cos(a)).toFixed(2)},${(cy + s * Math.sin(a)).toFixed(2)} `;
  }
  return p.trim();
}

/** Screen angle (degrees, y down) of each flat-top side, by name. */
export const SIDE_ANGLE: Record<string, number> = { SE: 30, NE: -30, N: -90, NW: -150, SW: 150, S: 90 };

/** The two corners of a named side. */
export function sideEnds(cx: number, cy: number, s: number, side: string): [number, number, number, number] {
  const a = SIDE_ANGLE[side]!;
  const r1 = ((a - 30) * Math.PI) / 180;
  const r2 = ((a + 30) * Math.PI) / 180;
  return [cx + s * Math.cos(r1), cy + s * Math.sin(r1), cx + s * Math.cos(r2), cy + s * Math.sin(r2)];
}

/** Midpoint of a named side. */
export function sideMid(cx: number, cy: number, s: number, side: string): [number, number] {
  const a = (SIDE_ANGLE[side]! * Math.PI) / 180;
  const d = (SQRT3 / 2) * s;
  return [cx + d * Math.cos(a), cy + d * Math.sin(a)];
}

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
  pieces?: Piece[];
  arrows?: Arrow[];
  /** A line about a cell: shown on hover, long press and keyboard focus. */
  describe?: (cell: string) => string;
  onCell?: (cell: string) => void;
  onEscape?: () => void;
  /** Bring this cell into view when it changes (replay). */
  focus?: string | null;
  children?: ComponentChildren;
}

type Box = { x: number; y: number; w: number; h: number };

export function HexMap(props: HexMapProps) {
  const { cols, rows, size: s } = props;
  const W = 1.5 * s * (cols - 1) + 2 * s;
  const H = SQRT3 * s * rows + (SQRT3 / 2) * s;
  const wrap = useRef<HTMLDivElement>(null);
  const svg = useRef<SVGSVGElement>(null);
  const vb = useRef<Box>({ x: 0, y: 0, w: W, h: H });
  const fitted = useRef(true);
  const [cursor, setCursorState] = useState<string | null>(null);
  // keys arrive faster than renders: the handler reads the cursor from a ref
  const cursorRef = useRef<string | null>(null);
  const setCursor = (id: string | null) => {
    cursorRef.current = id;
    setCursorState(id);
  };
  const [hover, setHover] = useState<string | null>(null);
  const [info, setInfo] = useState<string | null>(null);
  const typed = useRef("");
  const typedAt = useRef(0);
  const props_ = useRef(props);
  props_.current = props;

  const apply = () => {
    const b = vb.current;
    svg.current?.setAttribute("viewBox", `${b.x.toFixed(1)} ${b.y.toFixed(1)} ${b.w.toFixed(1)} ${b.h.toFixed(1)}`);
  };
  const rect = () => svg.current!.getBoundingClientRect();
  const fit = () => {
    const r = rect();
    if (r.width === 0 || r.height === 0) return;
    const aspect = r.width / r.height;
    let w = W + s * 0.5;
    let h = H + s * 0.5;
    if (w / h > aspect) h = w / aspect;
    else w = h * aspect;
    vb.current = { x: (W - w) / 2, y: (H - h) / 2, w, h };
    fitted.current = true;
    apply();
  };
  const clamp = () => {
    const b = vb.current;
    const r = rect();
    const aspect = r.width / Math.max(1, r.height);
    const maxW = Math.max(W, H * aspect) * 1.6;
    const minW = Math.min(s * 6, maxW);
    if (b.w > maxW) {
      const k = maxW / b.w;
      b.x += (b.w * (1 - k)) / 2;
      b.y += (b.h * (1 - k)) / 2;
      b.w *= k;
      b.h *= k;
    }
    if (b.w < minW) {
      const k = minW / b.w;
      b.x -= (b.w * (k - 1)) / 2;
      b.y -= (b.h * (k - 1)) / 2;
      b.w *= k;
      b.h *= k;
    }
    // keep some of the map in view
    b.x = Math.min(Math.max(b.x, -b.w + s * 2), W - s * 2);
    b.y = Math.min(Math.max(b.y, -b.h + s * 2), H - s * 2);
  };
  const toMap = (clientX: number, clientY: number): [number, number] => {
    const r = rect();
    const b = vb.current;
    return [b.x + ((clientX - r.left) * b.w) / r.width, b.y + ((clientY - r.top) * b.h) / r.height];
  };
  const zoomAt = (k: number, mx: number, my: number) => {
    const b = vb.current;
    b.x = mx - (mx - b.x) / k;
    b.y = my - (my - b.y) / k;
    b.w /= k;
    b.h /= k;
    fitted.current = false;
    clamp();
    apply();
  };
  const zoomCentre = (k: number) => {
    const b = vb.current;
    zoomAt(k, b.x + b.w / 2, b.y + b.h / 2);
  };

  const cellAt = (mx: number, my: number): string | null => {
    let best: string | null = null;
    let bestD = s * s;
    for (let c = 1; c <= cols; c++) {
      for (let r = 1; r <= rows; r++) {
        const [x, y] = centre(c, r, s);
        const d = (x - mx) ** 2 + (y - my) ** 2;
        if (d < bestD) {
          bestD = d;
          best = cellId(c, r);
        }
      }
    }
    return best;
  };

  // size tracking: keep the viewBox aspect equal to the element's
  useLayoutEffect(() => {
    fit();
    const el = svg.current!;
    let last = el.getBoundingClientRect();
    const ro = new ResizeObserver(() => {
      const r = el.getBoundingClientRect();
      if (r.width === 0 || r.height === 0) return;
      if (fitted.current) fit();
      else if (last.width > 0) {
        const b = vb.current;
        const k = b.w / last.width;
        b.w = r.width * k;
        b.h = r.height * k;
        clamp();
        apply();
      }
      last = r;
    });
    ro.observe(el);
    return () => ro.disconnect();
  }, [W, H]);

  const show = (cell: string | null) => {
    if (!cell) return;
    const b = vb.current;
    const [x, y] = centreOf(cell, s);
    if (x - s < b.x || x + s > b.x + b.w || y - s < b.y || y + s > b.y + b.h) {
      b.x = x - b.w / 2;
      b.y = y - b.h / 2;
      fitted.current = false;
      clamp();
      apply();
    }
  };
  useEffect(() => show(props.focus ?? null), [props.focus]);

  // pointers: pan, pinch, tap, long press
  useEffect(() => {
    const el = svg.current!;
    const pts = new Map<number, { x: number; y: number }>();
    let start: { x: number; y: number; t: number; moved: boolean; long: boolean } | null = null;
    let pinch: { d: number; mx: number; my: number } | null = null;
    let timer = 0;
    const dist = () => {
      const [a, b] = [...pts.values()];
      return a && b ? Math.hypot(a.x - b.x, a.y - b.y) : 0;
    };
    const mid = () => {
      const [a, b] = [...pts.values()];
      return a && b ? { x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 } : { x: 0, y: 0 };
    };
    const down = (e: PointerEvent) => {
      if (e.button !== 0 && e.pointerType === "mouse") return;
      pts.set(e.pointerId, { x: e.clientX, y: e.clientY });
      try {
        el.setPointerCapture(e.pointerId);
      } catch {
        /* synthetic events */
      }
      if (pts.size === 1) {
        start = { x: e.clientX, y: e.clientY, t: Date.now(), moved: false, long: false };
        clearTimeout(timer);
        timer = window.setTimeout(() => {
          if (start && !start.moved) {
            start.long = true;
            const c = cellAt(...toMap(start.x, start.y));
            setHover(c);
            setInfo(c && props_.current.describe ? props_.current.describe(c) : c);
          }
        }, 500);
      } else if (pts.size === 2) {
        clearTimeout(timer);
        if (start) start.moved = true;
        const m = mid();
        pinch = { d: dist(), mx: m.x, my: m.y };
      }
    };
    const move = (e: PointerEvent) => {
      const p = pts.get(e.pointerId);
      if (!p) {
        if (e.pointerType === "mouse") {
          const c = cellAt(...toMap(e.clientX, e.clientY));
          setHover(c);
          setInfo(c && props_.current.describe ? props_.current.describe(c) : c);
        }
        return;
      }
      const r = rect();
      const b = vb.current;
      if (pts.size === 2 && pinch) {
        pts.set(e.pointerId, { x: e.clientX, y: e.clientY });
        const d = dist();
        const m = mid();
        // pan by the midpoint's travel, then zoom about it
        b.x -= ((m.x - pinch.mx) * b.w) / r.width;
        b.y -= ((m.y - pinch.my) * b.h) / r.height;
        if (pinch.d > 0 && d > 0) zoomAt(d / pinch.d, ...toMap(m.x, m.y));
        else apply();
        pinch = { d, mx: m.x, my: m.y };
        return;
      }
      const dx = e.clientX - p.x;
      const dy = e.clientY - p.y;
      pts.set(e.pointerId, { x: e.clientX, y: e.clientY });
      if (start && !start.moved && Math.hypot(e.clientX - start.x, e.clientY - start.y) > 8) {
        start.moved = true;
        clearTimeout(timer);
      }
      if (start?.moved) {
        b.x -= (dx * b.w) / r.width;
        b.y -= (dy * b.h) / r.height;
        fitted.current = false;
        clamp();
        apply();
      }
    };
    const up = (e: PointerEvent) => {
      if (!pts.has(e.pointerId)) return;
      pts.delete(e.pointerId);
      clearTimeout(timer);
      if (pts.size === 0) {
        const st = start;
        start = null;
        pinch = null;
        if (st && !st.moved && !st.long && e.type === "pointerup") {
          const c = cellAt(...toMap(e.clientX, e.clientY));
          if (c) {
            setCursor(c);
            props_.current.onCell?.(c);
          }
        }
      } else if (pts.size === 1) {
        pinch = null;
      }
    };
    const leave = (e: PointerEvent) => {
      if (e.pointerType === "mouse" && pts.size === 0) {
        setHover(null);
        setInfo(null);
      }
    };
    const wheel = (e: WheelEvent) => {
      e.preventDefault();
      zoomAt(Math.exp(-e.deltaY * 0.0015), ...toMap(e.clientX, e.clientY));
    };
    el.addEventListener("pointerdown", down);
    el.addEventListener("pointermove", move);
    el.addEventListener("pointerup", up);
    el.addEventListener("pointercancel", up);
    el.addEventListener("pointerleave", leave);
    el.addEventListener("wheel", wheel, { passive: false });
    return () => {
      el.removeEventListener("pointerdown", down);
      el.removeEventListener("pointermove", move);
      el.removeEventListener("pointerup", up);
      el.removeEventListener("pointercancel", up);
      el.removeEventListener("pointerleave", leave);
      el.removeEventListener("wheel", wheel);
    };
  }, [cols, rows, s]);

  const key = (e: KeyboardEvent) => {
    const cursor = cursorRef.current;
    const cur = cursor ?? cellId(Math.ceil(cols / 2), Math.ceil(rows / 2));
    let [c, r] = cellColRow(cur);
    let moved = true;
    switch (e.key) {
      case "ArrowLeft":
        c = Math.max(1, c - 1);
        break;
      case "ArrowRight":
        c = Math.min(cols, c + 1);
        break;
      case "ArrowUp":
        r = Math.max(1, r - 1);
        break;
      case "ArrowDown":
        r = Math.min(rows, r + 1);
        break;
      default:
        moved = false;
    }
    if (moved) {
      e.preventDefault();
      const id = cellId(c, r);
      setCursor(id);
      setInfo(props.describe ? props.describe(id) : id);
      show(id);
      return;
    }
    if (e.key === "Enter" || e.key === " ") {
      e.preventDefault();
      if (!cursor) {
        setCursor(cur);
        setInfo(props.describe ? props.describe(cur) : cur);
        show(cur);
      } else props.onCell?.(cursor);
    } else if (e.key === "Escape") {
      props.onEscape?.();
    } else if (e.key === "+" || e.key === "=") {
      zoomCentre(1.25);
    } else if (e.key === "-" || e.key === "_") {
      zoomCentre(0.8);
    } else if (e.key === "Home") {
      e.preventDefault();
      fit();
    } else if (/^[0-9]$/.test(e.key)) {
      // typing a printed hex id jumps there; a pause starts a new id
      const now = Date.now();
      if (now - typedAt.current > 2000) typed.current = "";
      typedAt.current = now;
      typed.current = (typed.current + e.key).slice(-4);
    }
    if (/^[0-9]$/.test(e.key) && typed.current.length === 4) {
      const [tc, tr] = cellColRow(typed.current);
      typed.current = "";
      if (tc >= 1 && tc <= cols && tr >= 1 && tr <= rows) {
        const id = cellId(tc, tr);
        setCursor(id);
        setInfo(props.describe ? props.describe(id) : id);
        show(id);
      }
    }
  };

  const marks = useMemo(
    () =>
      Object.entries(props.marks ?? {}).map(([id, cls]) => {
        const [x, y] = centreOf(id, s);
        return <polygon key={id} class={`mark ${cls}`} data-cell={id} points={hexPoints(x, y, s * 0.94)} />;
      }),
    [props.marks, s],
  );

  const ring = (id: string | null, cls: string) => {
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
  };

  return (
    <div class="hexmap" ref={wrap}>
      <svg
        ref={svg}
        class="hexmap-svg"
        data-size={s}
        viewBox={`0 0 ${W} ${H}`}
        tabIndex={0}
        role="application"
        aria-label={props.label}
        aria-describedby="hexmap-info"
        onKeyDown={key}
        onFocus={() => {
          if (cursor) setInfo(props.describe ? props.describe(cursor) : cursor);
        }}
      >
        {props.board}
        {props.underlay}
        <g class="marks">{marks}</g>
        <g class="arrows">
          {(props.arrows ?? []).map((a, i) => {
            const [x1, y1] = centreOf(a.from, s);
            const [x2, y2] = centreOf(a.to, s);
            const d = Math.hypot(x2 - x1, y2 - y1) || 1;
            const k = Math.max(0, (d - s * 0.55) / d);
            return (
              <line
                key={`${a.from}-${a.to}-${i}`}
                class={`arrow ${a.cls ?? ""}`}
                x1={x1}
                y1={y1}
                x2={x1 + (x2 - x1) * k}
                y2={y1 + (y2 - y1) * k}
                marker-end="url(#hexmap-head)"
              />
            );
          })}
        </g>
        <g class="pieces">
          {(props.pieces ?? []).map((p) => {
            const [x, y] = centreOf(p.cell, s);
            return (
              <g key={p.key} class="piece" data-key={p.key} data-cell={p.cell} transform={`translate(${x.toFixed(1)} ${y.toFixed(1)})`}>
                {p.node}
              </g>
            );
          })}
        </g>
        {props.children}
        {ring(hover, "hover-ring")}
        {ring(cursor, "cursor-ring")}
        <defs>
          <marker id="hexmap-head" viewBox="0 0 10 10" refX="6" refY="5" markerWidth="4" markerHeight="4" orient="auto-start-reverse">
            <path d="M 0 0 L 10 5 L 0 10 z" class="arrow-head" />
          </marker>
        </defs>
      </svg>
      <div class="hexmap-tools">
        <button type="button" aria-label="Zoom in" title="Zoom in (+)" onClick={() => zoomCentre(1.3)}>
          +
        </button>
        <button type="button" aria-label="Zoom out" title="Zoom out (-)" onClick={() => zoomCentre(1 / 1.3)}>
          −
        </button>
        <button type="button" aria-label="Show the whole map" title="Whole map (0)" onClick={fit}>
          ⤢
        </button>
      </div>
      <div id="hexmap-info" class={`hexmap-info${info ? "" : " empty"}`} aria-live="polite">
        {info ?? ""}
      </div>
    </div>
  );
}
