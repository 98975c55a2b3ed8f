/**
 * Sent mail leaves D1 after SENT_MAIL_KEEP_DAYS (mail/sent-record.ts: none in production, where
 * a sent mail's result deletes its row, and a week in dev mode). A mail's row is its whole text as
 * JSON, about a kilobyte: kept until its game was archived, the outbox held more bytes than the
 * games' logs (bench/README.md, "A month of many games"). Nothing reads a row once it is sent or
 * has failed but the dev mailbox and a look back at recent mail; a retry of a send that crashed
 * finds its row still pending, which the sweep never touches.
 */
import type { Deps } from "../deps";
import { deleteSentBefore } from "../store/outbox";
import { sentMailKeepMs } from "../mail/sent-record";

/** Deletes up to `limit` of this shard's rows sent or failed before the kept days; answers how many. */
export function sweepSentMail(deps: Deps, limit: number): Promise<number> {
  return deleteSentBefore(deps.db, deps.now() - sentMailKeepMs(deps.env), limit);
}
