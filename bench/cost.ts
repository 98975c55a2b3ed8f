import type { ServiceFigures } from "./service";

/**
 * Prices assumed (Cloudflare and Resend list prices as published in 2025; check before relying on them):
 * Workers Free 100,000 requests/day, 10 ms CPU each; Workers Paid $5/month with 10 M requests
 * and 30 M CPU-ms included, then $0.30 per M requests. D1 Free 5 M rows read and 100,000 rows
 * written per day; D1 Paid (with Workers Paid) 25 B rows read and 50 M written per month
 * included, then $0.001 per M read and $1.00 per M written. Resend Free 3,000 mails/month
 * (100/day); Resend Pro $20/month for 50,000, then $0.90 per 1,000.
 */
export function costTable(s: ServiceFigures): string {
  const perSubmission = s.usage;
  const handOver = s.handOverUsage ?? s.usage;
  // A player-turn ("sitting") as measured: its submissions, one of which hands over and mails.
  const submissionsPerTurn = Math.max(1, Math.round(s.submissions / Math.max(1, s.concurrency)));
  const requestsPerTurn = submissionsPerTurn + 2; // + opening the page: the game and its log
  const rowsWrittenPerTurn = (submissionsPerTurn - 1) * perSubmission.rowsWritten + handOver.rowsWritten;
  const rowsReadPerTurn = (submissionsPerTurn - 1) * perSubmission.rowsRead + handOver.rowsRead + 20;
  const mailsPerTurn = 1;
  const turnsPerDay = {
    workers: Math.floor(100_000 / requestsPerTurn),
    d1Writes: Math.floor(100_000 / rowsWrittenPerTurn),
    d1Reads: Math.floor(5_000_000 / rowsReadPerTurn),
    resend: Math.floor(100 / mailsPerTurn),
  };
  const freeTurns = Math.min(turnsPerDay.workers, turnsPerDay.d1Writes, turnsPerDay.d1Reads);
  const turnsPerGame = 16; // Battle for Moscow: 2 setups + 7 turns x 2 sides
  const perThousand = {
    workers: (1000 * requestsPerTurn * 0.3) / 1e6,
    d1: (1000 * rowsWrittenPerTurn * 1.0) / 1e6 + (1000 * rowsReadPerTurn * 0.001) / 1e6,
    resend: (1000 * mailsPerTurn * 0.9) / 1000,
  };
  return [
    "### What it costs (derived from the figures above)",
    "",
    `A player-turn here is one sitting of the side on move: ${submissionsPerTurn} submissions as measured (one action each; a page that batches moves sends fewer), plus 2 reads to open the page, and 1 mail.`,
    "",
    "| free tier | limit | per player-turn | player-turns/day | Moscow games/day (16 player-turns) |",
    "|---|---|---:|---:|---:|",
    `| Workers Free | 100,000 requests/day | ${requestsPerTurn} requests | ${turnsPerDay.workers.toLocaleString("en-US")} | ${Math.floor(turnsPerDay.workers / turnsPerGame).toLocaleString("en-US")} |`,
    `| D1 Free, writes | 100,000 rows/day | ${rowsWrittenPerTurn} rows | ${turnsPerDay.d1Writes.toLocaleString("en-US")} | ${Math.floor(turnsPerDay.d1Writes / turnsPerGame).toLocaleString("en-US")} |`,
    `| D1 Free, reads | 5,000,000 rows/day | ${rowsReadPerTurn} rows | ${turnsPerDay.d1Reads.toLocaleString("en-US")} | ${Math.floor(turnsPerDay.d1Reads / turnsPerGame).toLocaleString("en-US")} |`,
    `| Resend Free | 100 mails/day | 1 mail | ${turnsPerDay.resend} | ${Math.floor(turnsPerDay.resend / turnsPerGame)} |`,
    "",
    `Without mail, the free tiers carry about **${freeTurns.toLocaleString("en-US")} player-turns a day**; Resend's free 100 mails/day is the first limit (digest mode helps). Slow games move about once every 2 days, so ${freeTurns.toLocaleString("en-US")} turns/day is roughly ${(freeTurns * 2).toLocaleString("en-US")} concurrent games.`,
    "",
    "Paid plans, beyond what the $5 Workers Paid plan includes, per 1,000 player-turns: " +
      `Workers requests $${perThousand.workers.toFixed(4)}, D1 $${perThousand.d1.toFixed(4)}, Resend $${perThousand.resend.toFixed(2)} (overage price). ` +
      `The CPU time is inside the included 30 M ms/month until about ${Math.floor(30e6 / (requestsPerTurn * 2)).toLocaleString("en-US")} player-turns a month at ≈2 ms a request.`,
    "",
    "Prices assumed: Workers Free 100k requests/day; Workers Paid $5/month incl. 10 M requests then $0.30/M; D1 Free 5 M rows read + 100k rows written per day; D1 Paid 25 B read + 50 M written per month included, then $0.001/M read, $1.00/M written; Resend Free 3,000/month (100/day), Pro $20/month for 50k then $0.90/1,000.",
  ].join("\n");
}
