/**
 * One-handed play on a phone: the whole 24 x 24 board fitted to a 390 px screen draws hexes
 * about 16 px wide, too small to tap. When an activation starts or a choice is picked, the
 * page brings the map to the top of the screen (the panel under it stays in view), zooms in
 * until a hex is about 48 px wide and centres the acting model.
 *
 * The shared HexMap has no way for a ruleset to set its zoom, so this goes through the map's own
 * input: a wheel event at the model's place on screen, which the map answers by zooming there.
 */
import { useEffect } from "preact/hooks";
import { centreOf } from "../../components/HexMap";
import { S, cell } from "./board";
import { axialOf, fromPrintedId, offsetOf, type SkirmishState } from "./engine";

const TARGET_HEX_PX = 48;

export const narrowScreen = () => typeof window !== "undefined" && window.matchMedia?.("(max-width: 600px)").matches === true;

/**
 * Zooms the map until a hex is about 48 CSS px wide and brings `cell` (a printed id) to the
 * middle of the map; a map already zoomed in that far is left as it is. A zoom by k keeps the map point under the
 * pointer F fixed, so a cell at C on screen lands at F + k (C - F): F = (k C - M) / (k - 1)
 * puts it at the middle M (F may lie outside the map element: the map reads it linearly).
 */
function zoomTo(cell: string) {
  const svg = document.querySelector<SVGSVGElement>(".skirmish .hexmap-svg");
  const ctm = svg?.getScreenCTM();
  if (!svg || !ctm) return;
  // the map's own frame may already have zoomed in on the action (pieces a finger can hit): keep it
  if (2 * S * ctm.a >= TARGET_HEX_PX) return;
  const k = TARGET_HEX_PX / (2 * S * ctm.a);
  const [x, y] = centreOf(cell, S);
  const c = new DOMPoint(x, y).matrixTransform(ctm);
  const r = svg.getBoundingClientRect();
  const mx = r.left + r.width / 2;
  const my = r.top + r.height / 2;
  const clientX = (k * c.x - mx) / (k - 1);
  const clientY = (k * c.y - my) / (k - 1);
  svg.dispatchEvent(new WheelEvent("wheel", { deltaY: -Math.log(k) / 0.0015, clientX, clientY, bubbles: true, cancelable: true }));
}

/** On a phone: a new activation (`key`) zooms in on its model (`cell`); it and a picked choice (`picked`) bring the map to the top of the screen. */
export function usePhoneFocus(key: string | null, cell: string | null, picked: string | null) {
  const top = () => document.querySelector(".skirmish .board-wrap")?.scrollIntoView({ block: "start" });
  useEffect(() => {
    if (!key || !narrowScreen()) return;
    top();
    if (cell) requestAnimationFrame(() => zoomTo(cell));
  }, [key]);
  useEffect(() => {
    if (picked && narrowScreen()) top();
  }, [picked]);
}

/** Where to centre the map while deploying: three rows in from the middle of the zone, so the zone fills the top or bottom of the view rather than its middle. */
export function deploymentFocus(state: SkirmishState, zone: readonly string[], side: 0 | 1 | null): string | null {
  const mid = zone[Math.floor(zone.length / 2)];
  const hex = mid ? fromPrintedId(mid) : null;
  if (!hex) return null;
  const { col, row } = offsetOf(hex);
  const inward = Math.min(Math.max(row + (side === 1 ? 3 : -3), 0), state.board.rows - 1);
  return cell(axialOf(col, inward));
}
