/**
 * Pointer gestures on the map: one finger or the mouse pans, two fingers pinch, the wheel
 * zooms; a tap reports its cell, and a long press (or a hovering mouse) points at one.
 */
import type { RefObject } from "preact";
import { useEffect } from "preact/hooks";
import { nearestCell } from "./hexmap-geometry";
import type { ViewBox } from "./hexmap-viewbox";

const LONG_PRESS_MS = 500;
/** Travel in pixels after which a press is a drag, not a tap. */
const DRAG_PX = 8;

export interface GestureHandlers {
  /** A long press or a hovering mouse is over this cell (null: off the map, or the mouse left). */
  point(cell: string | null): void;
  tap(cell: string): void;
}

export function useMapGestures(svg: RefObject<SVGSVGElement>, view: ViewBox, grid: { cols: number; rows: number; size: number }, on: GestureHandlers) {
  const { cols, rows, size: s } = grid;
  useEffect(() => {
    const el = svg.current!;
    const cellAt = (clientX: number, clientY: number) => nearestCell(cols, rows, s, ...view.toMap(clientX, clientY));
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
            on.point(cellAt(start.x, start.y));
          }
        }, LONG_PRESS_MS);
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
        if (e.pointerType === "mouse") on.point(cellAt(e.clientX, e.clientY));
        return;
      }
      if (pts.size === 2 && pinch) {
        pts.set(e.pointerId, { x: e.clientX, y: e.clientY });
        const d = dist();
        const m = mid();
        // pan by the midpoint's travel, then zoom about it
        view.shift(m.x - pinch.mx, m.y - pinch.my);
        if (pinch.d > 0 && d > 0) view.zoomAt(d / pinch.d, ...view.toMap(m.x, m.y));
        else view.apply();
        pinch = { d, mx: m.x, my: m.y };
        return;
      }
      const dx = e.clientX - p.x;
      const dy = e.clientY - p.y;
      pts.set(e.pointerId, { x: e.clientX, y: e.clientY });
      if (start && !start.moved && Math.hypot(e.clientX - start.x, e.clientY - start.y) > DRAG_PX) {
        start.moved = true;
        clearTimeout(timer);
      }
      if (start?.moved) view.pan(dx, dy);
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
          const c = cellAt(e.clientX, e.clientY);
          if (c) on.tap(c);
        }
      } else if (pts.size === 1) {
        pinch = null;
      }
    };
    const leave = (e: PointerEvent) => {
      if (e.pointerType === "mouse" && pts.size === 0) on.point(null);
    };
    const wheel = (e: WheelEvent) => {
      e.preventDefault();
      view.zoomAt(Math.exp(-e.deltaY * 0.0015), ...view.toMap(e.clientX, e.clientY));
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
    // the view and handlers work through refs and state setters: those of the first render serve
  }, [cols, rows, s]);
}
