import type { PauseEvent } from "../games/describe";
import type { OutboxRow, SeatRow } from "../store/types";
import { basePayload, cleanName, mailable, outboxRow, type Handover } from "./handover";
import type { PauseNews } from "./payload";

/** What the other players are told of a proposal or an answer: a bare agreement on the way to all agreeing is not news. */
function news(events: readonly PauseEvent[], by: string): PauseNews | null {
  const last = events[events.length - 1];
  switch (last?.kind) {
    case "pause_proposed":
      return { what: "pause_proposed", by, until: last.until };
    case "resume_proposed":
      return { what: "resume_proposed", by };
    case "proposal_declined":
      return { what: "declined", by };
    case "paused":
      return { what: "paused", by, until: last.until };
    case "resumed":
      return { what: "resumed", by };
    default:
      return null;
  }
}

/**
 * A proposal asks every other human seat (whatever its turn-mail setting: it needs their answer),
 * and its end (agreed by all, or declined) tells them too. The one who asked sees it on the page.
 */
export function pauseMails(
  h: Pick<Handover, "gameId" | "rulesetTitle" | "seats" | "deadline" | "toActAfter" | "now" | "newId">,
  requester: SeatRow,
  events: readonly PauseEvent[],
): OutboxRow[] {
  const pause = news(events, cleanName(requester.name));
  if (!pause) return [];
  return h.seats
    .filter((s) => s.seat !== requester.seat && mailable(s))
    .map((s) => outboxRow({ id: h.newId(), gameId: h.gameId, now: h.now }, s, "pause", { ...basePayload({ ...h, lines: [] }, s), pause }));
}
