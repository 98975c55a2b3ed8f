/**
 * Row builders: a seat row's defaults live here once (the schema's defaults, for rows built in
 * memory). A create, a rematch and the warm-up all seat their players through newSeatRow.
 */
import type { SeatRow } from "./schema";

/** decision: a notice's mail waits 15 minutes for the seat to come and look, unless it sets another hold. */
export const DEFAULT_HOLD_MINUTES = 15;
/** decision: 14 days a game for each seat, taken in whole days; none carried over between games. */
export const VACATION_DAYS_PER_GAME = 14;

export function newSeatRow(fields: Pick<SeatRow, "gameId" | "seat" | "name" | "email" | "bot"> & Partial<SeatRow>): SeatRow {
  return {
    epoch: 0,
    prefs: "every_turn",
    undeliverable: 0,
    orders: {},
    vacationUntil: null,
    vacationLeft: VACATION_DAYS_PER_GAME * 86_400_000,
    holdMinutes: DEFAULT_HOLD_MINUTES,
    botLevel: "standard",
    ...fields,
  };
}
