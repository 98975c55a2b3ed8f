import type { GameRow, SeatRow } from "../store/types";
import { basePayload, cleanName, mailable, outboxRow } from "./handover";

/** The other humans hear that a seat went on vacation (its clock stops), or came back early. */
export function vacationMails(opened: { game: GameRow; seats: readonly SeatRow[]; ruleset: { title: string } }, by: SeatRow, until: number | null, now: number, newId: () => string) {
  const { game, seats, ruleset } = opened;
  const h = { gameId: game.id, rulesetTitle: ruleset.title, seats, lines: [], deadline: game.deadline, toActAfter: game.toAct, hoursPerTurn: game.hoursPerTurn };
  return seats
    .filter((s) => s.seat !== by.seat && mailable(s))
    .map((s) => outboxRow({ id: newId(), gameId: game.id, now }, s, "vacation", { ...basePayload(h, s), vacation: { by: cleanName(by.name), until } }));
}
