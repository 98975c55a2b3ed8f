/**
 * The page names hexes the way the map prints them ("1103", as HexMap does); the engine uses
 * axial coordinates. These convert between the two.
 */
import { fromPrintedId, printedId, type MoscowState } from "./engine";

export type Axial = [number, number];

export const cell = (h: readonly number[] | null | undefined) => (h ? printedId([h[0]!, h[1]!]) : "");

export const axial = (id: string): Axial => {
  const h = fromPrintedId(id)!;
  return [h[0], h[1]];
};

/** The cell a unit stands on, or "" when it is off the map. */
export function unitCell(state: MoscowState, id: string): string {
  return cell(state.units.find((u) => u.id === id)?.position);
}

/** Cell -> id of the unit on it, for every unit on the map. */
export const hexesOf = (state: MoscowState) => {
  const at = new Map<string, string>();
  for (const u of state.units) if (u.position && u.strength !== "eliminated") at.set(printedId(u.position), u.id);
  return at;
};
