import type { OutboxRow, SeatRow } from "../store/types";
import { basePayload, mailable, outboxRow, type Handover } from "./handover";
import { pauseMenu } from "./menu";
import type { PauseNews } from "./payload";

/**
 * A proposal asks every other human seat (whatever its turn-mail setting: it needs their answer),
 * and its end (agreed by all, or declined) tells them too. The one who asked sees it on the page.
 */
export function pauseMails(
  h: Pick<Handover, "gameId" | "rulesetTitle" | "seats" | "deadline" | "toActAfter" | "now" | "newId">,
  requester: SeatRow,
  pause: PauseNews | null,
  /** The game's seq after the proposal: a proposal's mail carries the agree/decline menu for it. */
  seq?: number,
): OutboxRow[] {
  if (!pause) return [];
  const asks = (pause.what === "pause_proposed" || pause.what === "resume_proposed") && seq !== undefined;
  return h.seats
    .filter((s) => s.seat !== requester.seat && mailable(s))
    .map((s) => outboxRow({ id: h.newId(), gameId: h.gameId, now: h.now }, s, "pause", { ...basePayload({ ...h, lines: [] }, s), pause, ...(asks ? { menu: pauseMenu(seq) } : {}) }));
}
