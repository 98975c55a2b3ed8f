/**
 * How long a sent mail's row stays in the outbox as the record of what went out.
 *
 * decision: none in production. The row goes in the write that records the send (one row
 * written) instead of being marked sent and swept a week later (a result that also leaves the
 * outbox's indexes, then the sweep: three or four rows a mail; bench/README.md, "A month of many
 * games"). Resend keeps its own log of what was sent, and a bounce names its game and seat in the
 * mail's tags (mail/webhook.ts). In dev mode a week: the dev mailbox shows what was sent.
 * SENT_MAIL_KEEP_DAYS sets it either way.
 */
import { daysInMs, isDevMode, type Env } from "../env";

export const SENT_MAIL_KEEP_DAYS = { production: 0, dev: 7 } as const;

export const sentMailKeepMs = (env: Env): number => daysInMs(env.SENT_MAIL_KEEP_DAYS, isDevMode(env) ? SENT_MAIL_KEEP_DAYS.dev : SENT_MAIL_KEEP_DAYS.production);

/** Whether a mail's row stays once sent (else its result deletes it). */
export const keepsSentMail = (env: Env): boolean => sentMailKeepMs(env) > 0;
