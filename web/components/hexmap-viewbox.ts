/**
 * The part of the map on screen: the SVG viewBox, kept to the element's aspect ratio, zoomed,
 * panned, and fitted to the whole map. It is written to the element directly rather than kept
 * in state, because a pan or pinch moves it on every pointer event and a render each time
 * would lag on a phone.
 */
import type { RefObject } from "preact";
import { useLayoutEffect, useRef } from "preact/hooks";
import { centreOf } from "./hexmap-geometry";

type Box = { x: number; y: number; w: number; h: number };

/**
 * The points a view of w x h can show together when they do not all fit: those around the
 * point with the most others within half a view of it, so a zoomed-in view lands among the
 * action rather than between two groups of it.
 */
function densest(points: [number, number][], w: number, h: number): [number, number][] {
  const near = (a: [number, number]) => points.filter((p) => Math.abs(p[0] - a[0]) <= w / 2 && Math.abs(p[1] - a[1]) <= h / 2);
  const xs = points.map((p) => p[0]);
  const ys = points.map((p) => p[1]);
  if (Math.max(...xs) - Math.min(...xs) <= w && Math.max(...ys) - Math.min(...ys) <= h) return points;
  let best = [points[0]!];
  for (const p of points) {
    const n = near(p);
    if (n.length > best.length) best = n;
  }
  return best;
}

export type ViewBox = ReturnType<typeof useViewBox>;

/** The part of the map units that holds the board (a board that is not a rectangle of hexes has empty corners). */
export type Area = { x: number; y: number; w: number; h: number };

/** `area` is the board's extent in map units (the whole grid unless a ruleset says less), s its hex circumradius. */
export function useViewBox(svg: RefObject<SVGSVGElement>, area: Area, s: number) {
  const { x: X0, y: Y0, w: W, h: H } = area;
  const vb = useRef<Box>({ x: X0, y: Y0, w: W, h: H });
  // while the whole map is shown, a resize fits it again rather than keeping the zoom
  const fitted = useRef(true);
  // while the view frames the action, a resize frames it again
  const framed = useRef<readonly string[] | null>(null);
  const framedPx = useRef(44);

  const apply = () => {
    const b = vb.current;
    svg.current?.setAttribute("viewBox", `${b.x.toFixed(1)} ${b.y.toFixed(1)} ${b.w.toFixed(1)} ${b.h.toFixed(1)}`);
  };
  const rect = () => svg.current!.getBoundingClientRect();
  /** The width of the view that shows the whole map (and no more) at the element's aspect. */
  const wholeWidth = (aspect: number) => Math.max(W + s * 0.5, (H + s * 0.5) * aspect);
  const fit = () => {
    const r = rect();
    if (r.width === 0 || r.height === 0) return;
    const w = wholeWidth(r.width / r.height);
    const h = (w * r.height) / r.width;
    vb.current = { x: X0 + (W - w) / 2, y: Y0 + (H - h) / 2, w, h };
    fitted.current = true;
    framed.current = null;
    apply();
  };
  /**
   * Shows the cells (the action: the units that may act, the battle) as large as a finger
   * needs: when the whole map would draw a hex less than `tapPx` tall, the view zooms in to
   * that size, centred on the cells, keeping as much of the map around them as it can.
   */
  const frame = (cells: readonly string[], tapPx = 44) => {
    framedPx.current = tapPx;
    const r = rect();
    if (r.width === 0 || r.height === 0) return;
    const aspect = r.width / r.height;
    const whole = wholeWidth(aspect);
    const widest = (Math.sqrt(3) * s * r.width) / tapPx;
    if (!cells.length || whole <= widest) {
      fit();
      framed.current = cells.length ? cells : null;
      return;
    }
    const w = widest;
    const h = w / aspect;
    const xs = densest(cells.map((c) => centreOf(c, s)), w - s * 2, h - s * 2);
    const [x0, x1] = [Math.min(...xs.map((p) => p[0])), Math.max(...xs.map((p) => p[0]))];
    const [y0, y1] = [Math.min(...xs.map((p) => p[1])), Math.max(...xs.map((p) => p[1]))];
    const edge = s * 0.25;
    const x = Math.min(Math.max((x0 + x1) / 2 - w / 2, X0 - edge), Math.max(X0 - edge, X0 + W + edge - w));
    const y = Math.min(Math.max((y0 + y1) / 2 - h / 2, Y0 - edge), Math.max(Y0 - edge, Y0 + H + edge - h));
    vb.current = { x, y, w, h };
    fitted.current = false;
    framed.current = cells;
    apply();
  };
  const clamp = () => {
    const b = vb.current;
    const r = rect();
    const aspect = r.width / Math.max(1, r.height);
    // no smaller than the whole map: zooming out further only shows empty ground
    const maxW = wholeWidth(aspect);
    const minW = Math.min(s * 6, maxW);
    if (b.w > maxW) {
      const k = maxW / b.w;
      b.w *= k;
      b.h *= k;
      b.x = X0 + (W - b.w) / 2;
      b.y = Y0 + (H - b.h) / 2;
      fitted.current = true;
    }
    if (b.w < minW) {
      const k = minW / b.w;
      b.x -= (b.w * (k - 1)) / 2;
      b.y -= (b.h * (k - 1)) / 2;
      b.w *= k;
      b.h *= k;
    }
    // keep some of the map in view
    b.x = Math.min(Math.max(b.x, X0 - b.w + s * 2), X0 + W - s * 2);
    b.y = Math.min(Math.max(b.y, Y0 - b.h + s * 2), Y0 + H - s * 2);
  };
  /** A point on screen (client pixels) in map units. */
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
    framed.current = null;
    clamp();
    apply();
  };
  const zoomCentre = (k: number) => {
    const b = vb.current;
    zoomAt(k, b.x + b.w / 2, b.y + b.h / 2);
  };
  /** Moves the view by a distance in screen pixels, without drawing it: a pinch zooms before it draws. */
  const shift = (dx: number, dy: number) => {
    const r = rect();
    const b = vb.current;
    b.x -= (dx * b.w) / r.width;
    b.y -= (dy * b.h) / r.height;
  };
  /** Drags the map by a distance in screen pixels. */
  const pan = (dx: number, dy: number) => {
    shift(dx, dy);
    fitted.current = false;
    framed.current = null;
    clamp();
    apply();
  };
  const inView = (cell: string) => {
    const b = vb.current;
    const [x, y] = centreOf(cell, s);
    return x >= b.x && x <= b.x + b.w && y >= b.y && y <= b.y + b.h;
  };
  /** Centres a cell when it is not already in view. */
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

  // size tracking: keep the viewBox aspect equal to the element's
  useLayoutEffect(() => {
    fit();
    const el = svg.current!;
    let last = el.getBoundingClientRect();
    const ro = new ResizeObserver(() => {
      const r = el.getBoundingClientRect();
      if (r.width === 0 || r.height === 0) return;
      if (framed.current) frame(framed.current, framedPx.current);
      else if (fitted.current) fit();
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
  }, [X0, Y0, W, H]);

  return { apply, fit, frame, inView, toMap, zoomAt, zoomCentre, shift, pan, show };
}
