import type { Env } from "../env";
import type { Notice } from "../notify/notice";
import type { MailRow } from "./compose";
import { seatLink } from "./links";
import { payloadOf, type MailPayload } from "./payload";
import { mailSubject } from "./subject";

const MAX_LINE = 280;

/** One line for a lock screen: the mail's own words, shortened. */
function lineOf(row: MailRow, p: MailPayload): string {
  const last = p.lines.at(-1);
  switch (row.kind) {
    case "your_turn":
      return last ? `${last} Your move.` : "Your move.";
    case "choice_owed":
      return `The game needs your answer: ${p.owed ?? "a choice"}.`;
    case "reminder":
      return p.deadline ? `Your move is due by ${new Date(p.deadline).toISOString().slice(0, 16).replace("T", " ")} UTC.` : "It is still your move.";
    case "deadline":
      return p.isLate ? "Your time ran out; you can still move until someone claims the timeout." : `${(p.late ?? []).join(" and ") || "The other side"} ran out of time.`;
    case "game_over":
      return last ?? "The game is over.";
    default:
      return last ?? "";
  }
}

/** A notice as push and webhooks carry it: the mail's subject and a line, and the seat's link. */
export async function noticeOf(env: Env, row: MailRow & { seat: string; gameId: string }, at: number): Promise<Notice> {
  const p = payloadOf(row);
  const title = mailSubject(row, p).replace(/^\[hexpost\] /, "");
  const line = lineOf(row, p) || title;
  return {
    gameId: row.gameId,
    kind: row.kind,
    title,
    line: line.length > MAX_LINE ? `${line.slice(0, MAX_LINE - 1)}…` : line,
    url: await seatLink(env, row.gameId, row.seat, p.epoch ?? 0),
    at,
  };
}
