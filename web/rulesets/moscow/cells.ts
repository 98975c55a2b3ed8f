/**
 * The page names hexes the way the map prints them ("1103", as HexMap does); the engine uses
 * axial coordinates. These convert between the two.
 */
import type { BoardChoice } from "../../components/HexMap";
import { fromPrintedId, printedId, type MoscowState, type MoveAction } from "./engine";

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

/** Every move of the movable units as the board takes them: from the unit's hex to each destination. */
export function movementChoices(state: MoscowState, movable: ReadonlyMap<string, readonly string[]>): BoardChoice<MoveAction>[] {
  return [...movable].flatMap(([unitId, dests]) => {
    const from = unitCell(state, unitId);
    return dests.map((to) => ({ from, to, action: { type: "move" as const, unitId, to: axial(to) }, cls: "dest" }));
  });
}

export type PlaceAction = { type: "replacement"; action: "place"; unitId: string; hex: Axial };

/** Bringing `unitId` back on one of the lit hexes, as the board takes it: tap the hex. */
export function placementChoices(unitId: string, hexes: readonly (readonly number[])[]): BoardChoice<PlaceAction>[] {
  return hexes.map((h) => ({ to: cell(h), action: { type: "replacement", action: "place", unitId, hex: axial(cell(h)) }, cls: "dest" }));
}
