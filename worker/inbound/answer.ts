/**
 * The short mail that answers a reply: what was done and what happened (the events' lines,
 * dice included), with the next menu if it is still the seat's move; or, when nothing was
 * done, one line why. It goes to the seat's own address, never to the reply's From.
 */
import type { AnyRuleset } from "../engine/ruleset";
import { basePayload, outboxRow } from "../mail/handover";
import type { MailMenu } from "../mail/menu";
import type { OutboxRow, SeatRow } from "../store/types";
import type { GameRow } from "../store/types";

export interface AnswerOf {
  game: Pick<GameRow, "id" | "deadline" | "toAct" | "hoursPerTurn">;
  seats: readonly SeatRow[];
  ruleset: AnyRuleset;
  seat: SeatRow;
  now: number;
  newId: () => string;
}

export function answerMail(a: AnswerOf, what: { done: string[]; lines?: readonly string[]; refused?: string; menu?: MailMenu | null }): OutboxRow | null {
  if (!a.seat.email) return null;
  const base = basePayload({ gameId: a.game.id, rulesetTitle: a.ruleset.title, seats: a.seats, lines: what.lines ?? [], deadline: a.game.deadline, toActAfter: a.game.toAct, hoursPerTurn: a.game.hoursPerTurn }, a.seat);
  const reply = what.refused ? { done: [], refused: what.refused } : { done: what.done };
  return outboxRow({ id: a.newId(), gameId: a.game.id, now: a.now }, a.seat, "reply", { ...base, reply, ...(what.menu ? { menu: what.menu } : {}) });
}
