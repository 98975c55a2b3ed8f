import type { AnyRuleset, GameEvent } from "../engine/ruleset";
import { formatTime } from "../mail/compose";
import { seatTitleIn } from "../mail/names";
import type { TurnRow } from "../store/types";

/** The events of turns the service made (resignations, timeouts): never the rules'. */
export type ServiceEvent =
  | { kind: "resigned"; seat: string; by: string; replacedBy?: "computer" }
  | { kind: "timeout_claimed"; seat: string; by: string; replacedBy?: "computer" }
  | { kind: "bots_resumed" }
  | PauseEvent;

/** The events of proposals to pause or resume, their answers, and their effect. */
export type PauseEvent =
  | { kind: "pause_proposed"; seat: string; until: number }
  | { kind: "resume_proposed"; seat: string }
  | { kind: "proposal_agreed"; seat: string }
  | { kind: "proposal_declined"; seat: string }
  | { kind: "paused"; until: number }
  | { kind: "resumed" };

const then = (e: { replacedBy?: string }) => (e.replacedBy ? "; the computer plays that side from now on" : "");

function describeService(e: ServiceEvent, title: (seat: string) => string): string {
  switch (e.kind) {
    case "resigned":
      return `${title(e.seat)} resigned${then(e)}.`;
    case "timeout_claimed":
      return `${title(e.seat)} ran out of time (claimed by ${title(e.by)})${then(e)}.`;
    case "bots_resumed":
      return "The computer continued its turns.";
    case "pause_proposed":
      return `${title(e.seat)} proposed to pause the game until ${formatTime(e.until)}.`;
    case "resume_proposed":
      return `${title(e.seat)} proposed to resume the game now.`;
    case "proposal_agreed":
      return `${title(e.seat)} agreed.`;
    case "proposal_declined":
      return `${title(e.seat)} declined.`;
    case "paused":
      return `Everyone agreed: the game is paused until ${formatTime(e.until)}, and its clocks stand still.`;
    case "resumed":
      return "Everyone agreed: the game resumes now, and its clocks run again.";
  }
}

/** What the describer needs of a turn: whose events they are, and who answered. */
export type DescribedTurn = Pick<TurnRow, "events"> & Partial<Pick<TurnRow, "service" | "byOrder">>;

/** One line per event of a turn: the service's own turns by the service, the rest by the ruleset. */
export function describeTurn(ruleset: AnyRuleset, turn: DescribedTurn): string[] {
  const events = turn.events as GameEvent[];
  if (turn.service) return events.map((e) => describeService(e as ServiceEvent, (seat) => seatTitleIn(ruleset, seat)));
  const lines = events.map((e) => ruleset.describe(e));
  return turn.byOrder === 1 ? lines.map((l) => `${l} (answered by standing order)`) : lines;
}

export const describeTurns = (ruleset: AnyRuleset, turns: readonly DescribedTurn[]) => turns.flatMap((t) => describeTurn(ruleset, t));
