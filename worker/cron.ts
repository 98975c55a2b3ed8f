import { onEveryShard, type Deps } from "./deps";
import { resumeBots } from "./games/resume";
import { archiveFinishedGames } from "./games/archive";
import { tellOfChange } from "./games/after-commit";
import { drainDue, emptyReport, type DrainReport } from "./mail/drain";
import { writeDueTimers } from "./mail/timers";
import { sweepRateLimits } from "./store/rate-limit";
import { sweepSentMail } from "./games/sent-sweep";
import { gamesWaitingOnBots } from "./store/repository";

/**
 * Per run, so a run stays small whatever the backlog (the next run, a minute later, takes the
 * rest): a run at all its limits on a fresh isolate stays well inside the free plan's 10 ms of
 * CPU (bench/README.md, the cron row): one game resumed for the computer's budget, as in one
 * request. At one run a minute that is 5 games the computer plays alone and 30 mails every 5
 * minutes (8,640 a day), besides the mail each request sends itself. 10 mails a run measured
 * 7.1 ms cold (highest of 5 pairs 11.8); 6, 5.7.
 */
/**
 * `timerKeys`: early timer keys a run moves on each shard (store/timer-at.ts). Every game's key
 * comes about once a turn: a million games on a week's turn bring some 120 a minute over all
 * shards. They move in one UPDATE with no mail, so they do not share the timer games' places.
 */
export const CRON_LIMITS = { botGames: 1, timerGames: 10, timerKeys: 200, mails: 6, rateLimitScan: 200, archiveGames: 2, sentMailSweep: 100 };

export interface CronReport {
  /** Games whose waiting bots played (a safety net: requests normally play them). */
  botsResumed: number;
  reminders: number;
  deadlineNotices: number;
  /** Rows the reminders and notices wrote to the outbox. */
  timerMails: number;
  /** Ended rate-limit windows deleted (the admissions never sweep: their reads stay keyed). */
  rateLimitsSwept: number;
  /** Finished games moved to R2 (games/archive.ts). */
  archived: number;
  /** Sent and failed mail older than SENT_MAIL_KEEP_DAYS deleted (games/sent-sweep.ts). */
  sentMailSwept: number;
  drain: DrainReport;
  errors: string[];
}

const addReport = (into: DrainReport, more: DrainReport) => {
  for (const key of Object.keys(into) as (keyof DrainReport)[]) into[key] += more[key];
};

/**
 * The scheduled handler's work, each step bounded and read through a partial index:
 * resume games waiting on bots (games_bots_waiting), write due reminders and deadline
 * notices (games_due), then send due mail with backoff (outbox_due), including the rows
 * the first two steps just wrote and daily digests that came due.
 */
export async function runCron(deps: Deps): Promise<CronReport> {
  // each D1 shard's games in turn (store/shards.ts), all of them within one run's CRON_LIMITS: each
  // shard takes what the ones before it left, the first shard taken in turn, a minute each
  const shards = onEveryShard(deps);
  const first = Math.floor(deps.now() / 60_000) % shards.length;
  const left: ShardBudget = { botGames: CRON_LIMITS.botGames, timerGames: CRON_LIMITS.timerGames, mails: CRON_LIMITS.mails, archiveGames: CRON_LIMITS.archiveGames };
  const total = emptyCronReport();
  for (let i = 0; i < shards.length; i++) {
    const report = await runShardCron(shards[(first + i) % shards.length]!, left);
    left.botGames = Math.max(0, left.botGames - report.botsResumed);
    left.timerGames = Math.max(0, left.timerGames - report.reminders - report.deadlineNotices);
    left.mails = Math.max(0, left.mails - report.drain.claimed);
    left.archiveGames = Math.max(0, left.archiveGames - report.archived);
    addCronReport(total, report);
  }
  // the rate limits live at home (shard 0) alone
  try {
    // 200 rows a run, a run a minute: a table of 288,000 windows (more than the free plan's writes allow in a day) is swept daily
    const now = deps.now();
    total.rateLimitsSwept = await sweepRateLimits(deps.shards.home, now, CRON_LIMITS.rateLimitScan, Math.floor(now / 60_000));
  } catch (e) {
    total.errors.push(`rate limits: ${String((e as Error)?.message ?? e)}`);
    console.error("cron", total.errors.at(-1));
  }
  return total;
}

const emptyCronReport = (): CronReport => ({ botsResumed: 0, reminders: 0, deadlineNotices: 0, timerMails: 0, rateLimitsSwept: 0, archived: 0, sentMailSwept: 0, drain: emptyReport(), errors: [] });

function addCronReport(into: CronReport, more: CronReport): void {
  into.botsResumed += more.botsResumed;
  into.reminders += more.reminders;
  into.deadlineNotices += more.deadlineNotices;
  into.timerMails += more.timerMails;
  into.rateLimitsSwept += more.rateLimitsSwept;
  into.archived += more.archived;
  into.sentMailSwept += more.sentMailSwept;
  addReport(into.drain, more.drain);
  into.errors.push(...more.errors);
}

type ShardBudget = Pick<typeof CRON_LIMITS, "botGames" | "timerGames" | "mails" | "archiveGames">;

async function runShardCron(deps: Deps, budget: ShardBudget): Promise<CronReport> {
  const report = emptyCronReport();

  try {
    for (const id of (budget.botGames ? await gamesWaitingOnBots(deps.db, budget.botGames) : [])) {
      try {
        if (await resumeBots(deps, id)) {
          report.botsResumed++;
          // the game's open pages see the computer's moves without waiting for their next look,
          // and its notices (written claimed by this run) go out now, as after a request
          const [sent] = await tellOfChange(deps, id);
          addReport(report.drain, sent);
        }
      } catch (e) {
        report.errors.push(`resume ${id}: ${String((e as Error)?.message ?? e)}`);
      }
    }
  } catch (e) {
    report.errors.push(`bots: ${String((e as Error)?.message ?? e)}`);
  }

  try {
    const timers = await writeDueTimers(deps, budget.timerGames, CRON_LIMITS.timerKeys);
    report.reminders = timers.reminders;
    report.deadlineNotices = timers.deadlineNotices;
    report.timerMails = timers.mails;
  } catch (e) {
    report.errors.push(`timers: ${String((e as Error)?.message ?? e)}`);
  }

  try {
    if (budget.mails) addReport(report.drain, await drainDue(deps, budget.mails));
  } catch (e) {
    report.errors.push(`drain: ${String((e as Error)?.message ?? e)}`);
  }

  try {
    // a finished game's export is its size in JSON (tens of KB): 2 a run stay inside a cold run's CPU
    if (budget.archiveGames) report.archived = await archiveFinishedGames(deps, budget.archiveGames);
  } catch (e) {
    report.errors.push(`archive: ${String((e as Error)?.message ?? e)}`);
  }

  try {
    // 100 a run and shard, a run a minute: 144,000 a day, far more than a shard's games send
    report.sentMailSwept = await sweepSentMail(deps, CRON_LIMITS.sentMailSweep);
  } catch (e) {
    report.errors.push(`sent mail: ${String((e as Error)?.message ?? e)}`);
  }

  for (const error of report.errors) console.error("cron", error);
  return report;
}
