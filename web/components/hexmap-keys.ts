/**
 * The map from the keyboard: it is one tab stop; arrows move a cursor, Enter/Space choose,
 * Escape cancels, + and - zoom, Home shows the whole map, and typing a four-digit hex id
 * jumps there.
 */
import { useRef, useState } from "preact/hooks";
import { cellColRow, cellId } from "./hexmap-geometry";
import type { ViewBox } from "./hexmap-viewbox";

/** A pause this long between digits starts a new hex id. */
const TYPING_PAUSE_MS = 2000;

export function useKeyboardCursor(p: {
  cols: number;
  rows: number;
  view: ViewBox;
  /** Says what is on a cell (the map's info line). */
  tell: (cell: string) => void;
  onCell?: (cell: string) => void;
  onEscape?: () => void;
}) {
  const { cols, rows, view } = p;
  const [cursor, setCursorState] = useState<string | null>(null);
  // keys arrive faster than renders: the handler reads the cursor from a ref
  const cursorRef = useRef<string | null>(null);
  const setCursor = (id: string | null) => {
    cursorRef.current = id;
    setCursorState(id);
  };
  const typed = useRef("");
  const typedAt = useRef(0);

  const moveTo = (id: string) => {
    setCursor(id);
    p.tell(id);
    view.show(id);
  };

  const onKeyDown = (e: KeyboardEvent) => {
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
      moveTo(cellId(c, r));
      return;
    }
    if (e.key === "Enter" || e.key === " ") {
      e.preventDefault();
      // the first Enter shows where the cursor is; choosing takes a second one
      if (!cursor) moveTo(cur);
      else p.onCell?.(cursor);
    } else if (e.key === "Escape") {
      p.onEscape?.();
    } else if (e.key === "+" || e.key === "=") {
      view.zoomCentre(1.25);
    } else if (e.key === "-" || e.key === "_") {
      view.zoomCentre(0.8);
    } else if (e.key === "Home") {
      e.preventDefault();
      view.fit();
    } else if (/^[0-9]$/.test(e.key)) {
      const now = Date.now();
      if (now - typedAt.current > TYPING_PAUSE_MS) typed.current = "";
      typedAt.current = now;
      typed.current = (typed.current + e.key).slice(-4);
    }
    if (/^[0-9]$/.test(e.key) && typed.current.length === 4) {
      const [tc, tr] = cellColRow(typed.current);
      typed.current = "";
      if (tc >= 1 && tc <= cols && tr >= 1 && tr <= rows) moveTo(cellId(tc, tr));
    }
  };

  return { cursor, setCursor, onKeyDown };
}
