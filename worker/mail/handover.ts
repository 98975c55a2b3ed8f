import type { Outcome } from "../engine/ruleset";
import type { OutboxRow, SeatRow } from "../store/schema";

/** What a committed change means for the mail: who must act now, what happened, whether it ended. */
export interface Handover {
  gameId: string;
  rulesetTitle: string;
  seats: readonly SeatRow[];
  /** Seats that had to act before the change ([] for a new game). */
  toActBefore: readonly string[];
  toActAfter: readonly string[];
  /** The seat whose request caused the change: its own response shows the result, so no mail. */
  requester: string | null;
  /** One line per thing that happened since the requester's move (describe()). */
  lines: readonly string[];
  outcome: Outcome | null;
  deadline: number | null;
  now: number;
  newId: () => string;
}

export function gameSubject(h: Pick<Handover, "gameId" | "rulesetTitle" | "seats">): string {
  const names = h.seats.map((s) => s.name).join(" v ");
  return `[hexpost] ${h.rulesetTitle} #${h.gameId.slice(0, 4)}: ${names}`;
}

function row(h: Handover, seat: SeatRow, kind: string, extra: Record<string, unknown>): OutboxRow {
  return {
    id: h.newId(),
    gameId: h.gameId,
    seat: seat.seat,
    kind,
    recipient: seat.email!,
    payload: { subject: gameSubject(h), seat: seat.seat, epoch: seat.epoch, lines: [...h.lines], deadline: h.deadline, ...extra },
    status: "pending",
    attempts: 0,
    nextAttemptAt: h.now,
    createdAt: h.now,
  };
}

const mailable = (s: SeatRow) => s.bot === 0 && s.email !== null && s.undeliverable === 0;

/** The outbox rows a change owes: one per hand-over to a human, game over to every human. */
export function handoverMails(h: Handover): OutboxRow[] {
  if (h.outcome) {
    return h.seats.filter(mailable).map((s) => row(h, s, "game_over", { outcome: h.outcome }));
  }
  const newlyToAct = h.toActAfter.filter((seat) => !h.toActBefore.includes(seat) && seat !== h.requester);
  return h.seats
    .filter((s) => newlyToAct.includes(s.seat) && mailable(s) && s.prefs === "every_turn")
    .map((s) => row(h, s, "your_turn", {}));
}

/** A new game: each other human gets an invitation, the creator their own link. */
export function creationMails(h: Handover & { creator: string; hoursPerTurn: number | null }): OutboxRow[] {
  const creatorName = h.seats.find((s) => s.seat === h.creator)?.name ?? "Someone";
  return h.seats
    .filter(mailable)
    .map((s) =>
      s.seat === h.creator
        ? row(h, s, "your_link", { hoursPerTurn: h.hoursPerTurn, toAct: h.toActAfter.includes(s.seat) })
        : row(h, s, "invitation", { inviter: creatorName, hoursPerTurn: h.hoursPerTurn, toAct: h.toActAfter.includes(s.seat) }),
    );
}
