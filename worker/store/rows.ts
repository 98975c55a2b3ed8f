/** Row builders: a seat row's defaults live here once (the schema's defaults, for rows built in memory). */
import type { SeatRow } from "./schema";

/** decision: a notice's mail waits 15 minutes for the seat to come and look, unless it sets another hold. */
export const DEFAULT_HOLD_MINUTES = 15;
const FOURTEEN_DAYS = 14 * 86_400_000;

export function newSeatRow(fields: Pick<SeatRow, "gameId" | "seat" | "name" | "email" | "bot"> & Partial<SeatRow>): SeatRow {
  return {
    epoch: 0,
    prefs: "every_turn",
    undeliverable: 0,
    orders: {},
    vacationUntil: null,
    vacationLeft: FOURTEEN_DAYS,
    holdMinutes: DEFAULT_HOLD_MINUTES,
    ...fields,
  };
}
