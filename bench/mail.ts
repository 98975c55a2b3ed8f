// Mail figures for `npm run bench`: outbox rows one cron run drains, and the D1 rows the
// run reads, as the backlog and the number of games grow. The cron is run by hand through
// POST /api/dev/cron (dev mode: the dev mailbox transport, metered D1 in X-D1-Usage).
import { parseUsage, type DevServer } from "./devserver";
import { CRON_LIMITS } from "../worker/cron";


let created = 0;
async function createGames(server: DevServer, n: number) {
  for (let i = 0; i < n; i++) {
    const k = created++;
    const res = await fetch(`${server.url}/api/games`, {
      method: "POST",
      headers: { "content-type": "application/json", "cf-connecting-ip": `10.77.${k >> 8}.${k & 255}` },
      body: JSON.stringify({
        ruleset: "dicewars",
        scenario: "10x10",
        options: { players: 2 },
        seats: { p1: { email: `mailbench-a${k}@example.com`, name: "A" }, p2: { email: `mailbench-b${k}@example.com`, name: "B" } },
        creator: "p1",
        hoursPerTurn: 168,
      }),
    });
    if (res.status !== 201) throw new Error(`create refused: ${res.status} ${await res.text()}`);
  }
}

async function cron(server: DevServer) {
  const res = await fetch(`${server.url}/api/dev/cron`, { method: "POST", headers: { accept: "application/json" } });
  if (res.status !== 200) throw new Error(`cron refused: ${res.status} ${await res.text()}`);
  const report = (await res.json()) as { drain: { claimed: number; sent: number } };
  return { drained: report.drain.sent, claimed: report.drain.claimed, usage: parseUsage(res.headers.get("x-d1-usage")) };
}

/** Runs the cron until nothing is due; returns every run. */
async function drainAll(server: DevServer) {
  const runs = [];
  for (let i = 0; i < 50; i++) {
    const run = await cron(server);
    runs.push(run);
    if (run.claimed === 0) break;
  }
  return runs;
}

export async function mailBench(server: DevServer): Promise<string> {
  // A backlog: 30 games created, 2 mails each. Their mails went out right after each
  // response; put them back to pending, as a crash between commit and send would leave them.
  await createGames(server, 30);
  await new Promise((r) => setTimeout(r, 500));
  server.sql("UPDATE outbox SET status = 'pending', attempts = 0, next_attempt_at = 0, sent_at = NULL, provider_id = NULL, first_attempt_at = NULL");
  const backlog = await drainAll(server);
  const busy = backlog.filter((r) => r.claimed > 0);
  const idleSmall = await cron(server);
  await createGames(server, 90);
  await drainAll(server);
  const idleLarge = await cron(server);

  const rows = [
    "| cron run | outbox rows drained | D1 rows read | D1 rows written | D1 round trips |",
    "| --- | ---: | ---: | ---: | ---: |",
    ...busy.map((r, i) => `| backlog run ${i + 1} (30 new games) | ${r.drained} | ${r.usage.rowsRead} | ${r.usage.rowsWritten} | ${r.usage.roundTrips} |`),
    `| nothing due, 30 games | ${idleSmall.drained} | ${idleSmall.usage.rowsRead} | ${idleSmall.usage.rowsWritten} | ${idleSmall.usage.roundTrips} |`,
    `| nothing due, 120 games | ${idleLarge.drained} | ${idleLarge.usage.rowsRead} | ${idleLarge.usage.rowsWritten} | ${idleLarge.usage.roundTrips} |`,
  ];
  const perMail = busy.length ? busy.reduce((n, r) => n + r.usage.rowsRead, 0) / Math.max(1, busy.reduce((n, r) => n + r.drained, 0)) : 0;
  return [
    "### Mail (cron run by hand on `wrangler dev`, dev mailbox transport, local D1)",
    "",
    ...rows,
    "",
    `- A run drains at most ${CRON_LIMITS.mails} rows (bounded; the next run takes the rest); D1 rows read per drained mail: **${perMail.toFixed(1)}**.`,
    "- With nothing due, a run's reads do not grow with the number of games: every cron query goes through a partial index (games_bots_waiting, games_due, outbox_due).",
  ].join("\n");
}
