/**
 * Sent mail leaves D1 after SENT_MAIL_KEEP_DAYS (default 7). A mail's row is its whole text as
 * JSON, about a kilobyte: kept until its game was archived, the outbox held more bytes than the
 * games' logs (bench/README.md, "A month of many games"). Nothing reads a row once it is sent or
 * has failed but the dev mailbox and a look back at recent mail; a retry of a send that crashed
 * finds its row still pending, which the sweep never touches.
 */
import type { Deps } from "../deps";
import { deleteSentBefore, idTime } from "../store/outbox";
import { daysInMs } from "../env";

/** decision: a week of sent mail is kept (the dev mailbox, a look back at what went out), then deleted. */
export const SENT_MAIL_KEEP_DAYS = 7;

/** SENT_MAIL_KEEP_DAYS from the environment (a whole number of days, 0 included), else the default. */
export const sentMailKeepMs = (env: Deps["env"]): number => daysInMs(env.SENT_MAIL_KEEP_DAYS, SENT_MAIL_KEEP_DAYS);

/** Deletes up to `limit` of this shard's rows sent or failed before the kept days; answers how many. */
export function sweepSentMail(deps: Deps, limit: number): Promise<number> {
  return deleteSentBefore(deps.db, idTime(deps.now() - sentMailKeepMs(deps.env)), limit);
}
