import { and, asc, eq } from "drizzle-orm";
import type { Deps } from "../games/deps";
import { resumeBots } from "../games/resume";
import { games } from "../store/schema";
import { drainDue, emptyReport, type DrainReport } from "./drain";
import { writeDueTimers } from "./timers";

/** Per run, so a run stays small whatever the backlog (the next run takes the rest). */
export const CRON_LIMITS = { botGames: 10, timerGames: 50, mails: 40 };

export interface CronReport {
  /** Games whose waiting bots played (a safety net: requests normally play them). */
  botsResumed: number;
  reminders: number;
  deadlineNotices: number;
  /** Rows the reminders and notices wrote to the outbox. */
  timerMails: number;
  drain: DrainReport;
  errors: string[];
}

/**
 * The scheduled handler's work, each step bounded and read through a partial index:
 * resume games waiting on bots (games_bots_waiting), write due reminders and deadline
 * notices (games_due), then send due mail with backoff (outbox_due), including the rows
 * the first two steps just wrote and daily digests that came due.
 */
export async function runCron(deps: Deps): Promise<CronReport> {
  const report: CronReport = { botsResumed: 0, reminders: 0, deadlineNotices: 0, timerMails: 0, drain: emptyReport(), errors: [] };

  try {
    const [waiting] = await deps.db.batch([
      deps.db
        .select({ id: games.id })
        .from(games)
        .where(and(eq(games.botsWaiting, 1), eq(games.status, "active")))
        .orderBy(asc(games.updatedAt))
        .limit(CRON_LIMITS.botGames),
    ]);
    for (const { id } of waiting) {
      try {
        if (await resumeBots(deps, id)) report.botsResumed++;
      } catch (e) {
        report.errors.push(`resume ${id}: ${String((e as Error)?.message ?? e)}`);
      }
    }
  } catch (e) {
    report.errors.push(`bots: ${String((e as Error)?.message ?? e)}`);
  }

  try {
    const timers = await writeDueTimers(deps, CRON_LIMITS.timerGames);
    report.reminders = timers.reminders;
    report.deadlineNotices = timers.deadlineNotices;
    report.timerMails = timers.mails;
  } catch (e) {
    report.errors.push(`timers: ${String((e as Error)?.message ?? e)}`);
  }

  try {
    report.drain = await drainDue(deps, CRON_LIMITS.mails);
  } catch (e) {
    report.errors.push(`drain: ${String((e as Error)?.message ?? e)}`);
  }

  for (const error of report.errors) console.error("cron", error);
  return report;
}
