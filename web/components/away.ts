/** Who is on vacation, for the banner every viewer sees (the vacation switch itself loads only when the game menu opens). */
import type { GameView } from "../api";
import { dateText } from "./Hud";

/** The seats on vacation now, as one sentence each. */
export function awayLines(game: GameView, seatName: (seat: string) => string, now = Date.now()): string[] {
  return game.seats
    .filter((s) => s.vacationUntil !== null && s.vacationUntil > now)
    .map((s) => `${seatName(s.seat)} is on vacation until ${dateText(s.vacationUntil!)}: their clock stands still.`);
}
