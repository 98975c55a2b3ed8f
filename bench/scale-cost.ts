// The month the scale simulator's counts project (bench/scale.ts), against Cloudflare's published prices.
import type { ScaleCounts } from "./scale";

/**
 * Prices and free limits as published (read 2026-11-25 from the search tool's copies of the pages):
 * - Workers (developers.cloudflare.com/workers/platform/pricing, limits page updated 2026-04-21; rates
 *   as read on 2026-08-03 by a third-party copy): Free 100,000 requests/day, 10 ms CPU a request; Paid
 *   $5/month with 10 M requests and 30 M CPU-ms included, then $0.30 per M requests and $0.02 per M CPU-ms.
 *   Durable Objects (the live page's socket): 1 M requests a month included, then $0.15 per M.
 * - D1 (developers.cloudflare.com/d1/platform/pricing and limits, updated 2026-04-21): Free 5 M rows read
 *   and 100,000 rows written a day, 5 GB in all, 500 MB a database, 10 databases; Paid 25 B rows read and
 *   50 M written a month included, then $0.001 per M read and $1.00 per M written; 5 GB included, then
 *   $0.75 per GB-month; 10 GB a database.
 * - R2 (developers.cloudflare.com/r2/pricing, cloudflare-docs r2/pricing.mdx): $0.015 per GB-month, Class A
 *   (put, list) $4.50 per M, Class B (get, head) $0.36 per M; free each month: 10 GB-month, 1 M Class A,
 *   10 M Class B.
 */
export const PRICES = {
  date: "2026-11-25 (pages updated 2026-04-21; the Workers rates as copied 2026-08-03)",
  workers: { base: 5, requestsIncluded: 10e6, perMRequests: 0.3, cpuMsIncluded: 30e6, perMCpuMs: 0.02, freeRequestsPerDay: 100_000 },
  durableObjects: { requestsIncluded: 1e6, perMRequests: 0.15 },
  d1: { readIncluded: 25e9, perMRead: 0.001, writtenIncluded: 50e6, perMWritten: 1.0, storageIncludedGB: 5, perGBMonth: 0.75, freeReadPerDay: 5e6, freeWrittenPerDay: 100_000, freeStorageGB: 5, freeDbGB: 0.5, freeDbs: 10, paidDbGB: 10 },
  r2: { perGBMonth: 0.015, perMClassA: 4.5, perMClassB: 0.36, freeGBMonth: 10, freeClassA: 1e6, freeClassB: 10e6 },
};

/** Assumptions the simulator does not measure (stated with the table). */
export const ASSUME = {
  /** A move every 2 days: player-turns a game plays in a 30-day month. */
  playerTurnsPerGameMonth: 15,
  /** A whole game's player-turns, the mix weighed (mail-mix played whole games: Moscow 15, the skirmish 26-50, DiceWars 193-417; WarShard and musket not measured): the simulated games stop at SCALE_TURNS. */
  playerTurnsPerGame: 60,
  /** Mean CPU a request (the warm figures of bench/README.md's cold/warm sections are 1-5 ms). */
  cpuMsPerRequest: 3,
  /** Months of archived games kept in R2 and as small rows in D1 when the bill is taken. */
  monthsOfArchive: 12,
  /** Deployed cron runs a month (one a minute). */
  cronRunsPerMonth: 43_200,
};

const GB = 1e9;
const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);
const money = (x: number) => `$${x < 10 ? x.toFixed(2) : Math.round(x).toLocaleString("en-US")}`;
const big = (x: number) => (x >= 1e9 ? `${(x / 1e9).toFixed(2)} B` : x >= 1e6 ? `${(x / 1e6).toFixed(1)} M` : Math.round(x).toLocaleString("en-US"));

/** What a game's create costs once (its requests, rows, notices and bytes); zero for a run that did not count it apart. */
export function perGame(c: ScaleCounts) {
  const k = c.created;
  const n = c.games;
  return k
    ? { requests: k.requests / n, rowsRead: k.rowsRead / n, rowsWritten: k.rowsWritten / n, mails: k.mails / n, pushes: k.pushes / n, webhooks: k.webhooks / n, bytes: (sum(k.bytes) - sum(c.bytes.empty)) / n }
    : { requests: 0, rowsRead: 0, rowsWritten: 0, mails: 0, pushes: 0, webhooks: 0, bytes: 0 };
}

/**
 * Per player-turn: the play's own cost, plus the create's spread over a whole game's player-turns
 * (ASSUME.playerTurnsPerGame), not over the few the simulator plays (a run before creates were
 * counted apart spreads them over its own player-turns, which overstates them).
 */
export function perPlayerTurn(c: ScaleCounts) {
  const shards = c.shards.length;
  const idlePerShard = { rowsRead: c.idleCron.rowsRead / shards, rowsWritten: c.idleCron.rowsWritten / shards };
  const once = perGame(c);
  const made = c.created;
  const spread = (total: number, create: number) => (total - create) / c.playerTurns + (made ? create / c.games / ASSUME.playerTurnsPerGame : 0);
  // the simulator's own cron runs: the idle part of each is the deployed cron's fixed cost, counted apart
  const rowsRead = spread(sum(c.shards.map((s) => s.rowsRead)) - c.cronRuns * c.idleCron.rowsRead, made?.rowsRead ?? 0);
  const rowsWritten = spread(sum(c.shards.map((s) => s.rowsWritten)) - c.cronRuns * c.idleCron.rowsWritten, made?.rowsWritten ?? 0);
  const turnsPlayed = c.playerTurns / c.games;
  const playedBytes = (sum(c.bytes.ended) - (made ? sum(made.bytes) : sum(c.bytes.empty))) / c.games;
  return {
    requests: spread(c.pageRequests + c.otherRequests, made?.requests ?? 0),
    pageRequests: c.pageRequests / c.playerTurns,
    rowsRead,
    rowsWritten,
    mails: spread(c.mails, made?.mails ?? 0),
    pushes: spread(c.pushes, made?.pushes ?? 0),
    webhooks: spread(c.webhooks, made?.webhooks ?? 0),
    idlePerShard,
    turnsPlayed,
    /** D1 bytes a game holds from its create on, whatever it plays. */
    gameBytes: once.bytes,
    bytesPerTurn: playedBytes / turnsPlayed,
    stubBytes: Math.max(0, (sum(c.bytes.archived) - sum(c.bytes.empty)) / c.games),
    exportBytesPerTurn: c.exportBytes / turnsPlayed,
    r2PutsPerGame: c.r2.classA / Math.max(1, c.archived),
  };
}

export function month(c: ScaleCounts, games: number) {
  const p = perPlayerTurn(c);
  const turns = games * ASSUME.playerTurnsPerGameMonth;
  const finished = turns / ASSUME.playerTurnsPerGame;
  // storage: games going hold half their history on average; finished ones wait 30 days whole; archived ones leave a small row
  const d1Bytes =
    games * (p.gameBytes + p.bytesPerTurn * (ASSUME.playerTurnsPerGame / 2)) + finished * (p.gameBytes + p.bytesPerTurn * ASSUME.playerTurnsPerGame) + finished * ASSUME.monthsOfArchive * p.stubBytes;
  const shards = Math.max(1, Math.ceil(d1Bytes / (5 * GB)));
  const requests = turns * p.requests + ASSUME.cronRunsPerMonth;
  const rowsRead = turns * p.rowsRead + ASSUME.cronRunsPerMonth * p.idlePerShard.rowsRead * shards;
  const rowsWritten = turns * p.rowsWritten + ASSUME.cronRunsPerMonth * p.idlePerShard.rowsWritten * shards;
  const doRequests = turns; // the page's socket to the game's LiveGame, once a player-turn
  const r2Bytes = finished * ASSUME.monthsOfArchive * p.exportBytesPerTurn * ASSUME.playerTurnsPerGame;
  const classA = finished * p.r2PutsPerGame;
  const W = PRICES.workers;
  const workers = W.base + (Math.max(0, requests - W.requestsIncluded) * W.perMRequests) / 1e6 + (Math.max(0, requests * ASSUME.cpuMsPerRequest - W.cpuMsIncluded) * W.perMCpuMs) / 1e6 + (Math.max(0, doRequests - PRICES.durableObjects.requestsIncluded) * PRICES.durableObjects.perMRequests) / 1e6;
  const D = PRICES.d1;
  const d1 = (Math.max(0, rowsRead - D.readIncluded) * D.perMRead) / 1e6 + (Math.max(0, rowsWritten - D.writtenIncluded) * D.perMWritten) / 1e6 + Math.max(0, d1Bytes / GB - D.storageIncludedGB) * D.perGBMonth;
  const R = PRICES.r2;
  const r2 = Math.max(0, r2Bytes / GB - R.freeGBMonth) * R.perGBMonth + (Math.max(0, classA - R.freeClassA) * R.perMClassA) / 1e6;
  return { games, turns, finished, requests, rowsRead, rowsWritten, doRequests, d1Bytes, shards, r2Bytes, classA, mails: turns * p.mails, pushes: turns * p.pushes, workers, d1, r2, total: workers + d1 + r2 };
}

/** How many concurrent games each free limit carries; the smallest binds first. */
export function freeLimits(c: ScaleCounts) {
  const p = perPlayerTurn(c);
  const perDay = ASSUME.playerTurnsPerGameMonth / 30; // player-turns a game a day
  const bytesPerGame =
    p.gameBytes +
    p.bytesPerTurn * (ASSUME.playerTurnsPerGame / 2) +
    (perDay * 30 * (p.gameBytes + p.bytesPerTurn * ASSUME.playerTurnsPerGame)) / ASSUME.playerTurnsPerGame +
    (perDay * 30 * ASSUME.monthsOfArchive * p.stubBytes) / ASSUME.playerTurnsPerGame;
  const D = PRICES.d1;
  const cronReadsPerDay = 1440 * p.idlePerShard.rowsRead;
  return [
    { limit: "Workers Free: 100,000 requests a day", games: (PRICES.workers.freeRequestsPerDay - 1440) / (perDay * p.requests) },
    { limit: "D1 Free: 5 M rows read a day", games: (D.freeReadPerDay - cronReadsPerDay) / (perDay * p.rowsRead) },
    { limit: "D1 Free: 100,000 rows written a day", games: D.freeWrittenPerDay / (perDay * p.rowsWritten) },
    { limit: "D1 Free: 500 MB a database (one shard)", games: (D.freeDbGB * GB) / bytesPerGame },
    { limit: "D1 Free: 5 GB in all (10 shards of 500 MB)", games: (D.freeStorageGB * GB) / bytesPerGame },
    { limit: "R2 Free: 1 M Class A a month", games: PRICES.r2.freeClassA / ((ASSUME.playerTurnsPerGameMonth / ASSUME.playerTurnsPerGame) * p.r2PutsPerGame) },
  ].sort((a, b) => a.games - b.games);
}

/** Rows written by kind of statement over the whole run (creates included), a player-turn each: where the rows go. */
function writtenByText(c: ScaleCounts): string[] {
  const by: Record<string, number> = {};
  for (const shard of c.shards) for (const [kind, n] of Object.entries(shard.writtenBy ?? {})) by[kind] = (by[kind] ?? 0) + n;
  const kinds = Object.entries(by).sort((a, b) => b[1] - a[1]);
  if (kinds.length === 0) return [];
  return [`Rows written by statement, the whole run (creates, play, cron, archival) over its ${c.playerTurns} player-turns, a player-turn each: ${kinds.map(([k, n]) => `${k} ${(n / c.playerTurns).toFixed(2)}`).join(", ")}.`, ""];
}

export function scaleText(c: ScaleCounts & { when?: string }): string {
  const p = perPlayerTurn(c);
  const once = perGame(c);
  const rows = [10_000, 100_000, 1_000_000].map((g) => month(c, g));
  const free = freeLimits(c);
  const f1 = (x: number) => x.toFixed(1);
  return [
    "### A month of many games (`npm run bench -- scale`)",
    "",
    `Simulated ${c.when ?? ""} UTC: ${c.games} games (${Object.entries(c.byRuleset).map(([r, b]) => `${r} ${b.games}`).join(", ")}), ${c.playerTurns} player-turns, two D1 shards (games per shard ${c.gamesPerShard.join(" / ")}), in ${Math.round(c.seconds)} s (a time, not a figure: other work shared the machine). Whole games to their end or resigned after ${Math.round(Math.max(...Object.values(c.byRuleset).map((b) => b.playerTurns / b.games)))} player-turns (${Object.entries(c.byRuleset).map(([r, b]) => `${r}: ${b.ended} ended, ${b.resigned} resigned`).join("; ")}), then 31 days on: ${c.archived} archived to R2.`,
    "",
    c.created
      ? `Measured, per player-turn (everything: the page's requests, after-response drains, the cron's work; and each game's create and channel setups, ${f1(once.requests)} requests, ${f1(once.rowsWritten)} rows written, ${once.mails.toFixed(2)} mails and ${Math.round(once.bytes).toLocaleString("en-US")} bytes of D1 a game, spread over a whole game's ${ASSUME.playerTurnsPerGame} player-turns):`
      : "Measured, per player-turn (everything: the page's requests, creates and channel setups spread over the games' player-turns, after-response drains, the cron's work):",
    "",
    "| requests | of which the page's | D1 rows read | D1 rows written | mails | pushes | webhooks |",
    "|---:|---:|---:|---:|---:|---:|---:|",
    `| ${f1(p.requests)} | ${f1(p.pageRequests)} | ${f1(p.rowsRead)} | ${f1(p.rowsWritten)} | ${p.mails.toFixed(2)} | ${p.pushes.toFixed(2)} | ${p.webhooks.toFixed(2)} |`,
    "",
    ...(Object.values(c.byRuleset).some((b) => b.play)
      ? [
          "Each ruleset's player-turns alone (two people a game, both sides' player-turns: the page's requests and what they wrote, their after-response drains included; not the creates, the cron or archival):",
          "",
          "| ruleset | player-turns | requests / player-turn | D1 rows read / player-turn | D1 rows written / player-turn |",
          "|---|---:|---:|---:|---:|",
          ...Object.entries(c.byRuleset).flatMap(([r, b]) =>
            b.play ? [`| ${r} | ${b.playerTurns} | ${f1(b.play.requests / b.playerTurns)} | ${f1(b.play.rowsRead / b.playerTurns)} | ${f1(b.play.rowsWritten / b.playerTurns)} |`] : [],
          ),
          "",
        ]
      : []),
    `Mails by kind: ${Object.entries(c.mailsByKind).map(([k, n]) => `${k} ${n}`).join(", ")}. D1 size per shard (bytes, D1's own \`size_after\`): empty ${c.bytes.empty.join(" / ")}, games ended ${c.bytes.ended.join(" / ")}, after archival ${c.bytes.archived.join(" / ")}: ${Math.round(p.bytesPerTurn).toLocaleString("en-US")} bytes a player-turn${c.created ? ` and ${Math.round(p.gameBytes).toLocaleString("en-US")} a game from its create` : ""}, ${Math.round(p.stubBytes).toLocaleString("en-US")} a game once archived (SQLite keeps freed pages for reuse: D1's size does not shrink much). R2: ${c.r2.classA} Class A (${f1(p.r2PutsPerGame)} a game archived), ${c.r2.classB} Class B, ${c.r2.bytesPut.toLocaleString("en-US")} bytes (${Math.round(c.exportBytes).toLocaleString("en-US")} an export). An idle cron run (nothing due, both shards): ${c.idleCron.roundTrips} round trips, ${c.idleCron.rowsRead} rows read, ${c.idleCron.rowsWritten} written.`,
    "",
    ...writtenByText(c),
    `Where the bytes are, all games ended, before archival: ${Object.entries(c.tablesEnded ?? {}).map(([t, v]) => `${t} ${v.rows} rows${v.jsonBytes ? ` (${Math.round(v.jsonBytes / 1024)} KiB ${t.endsWith("compressed") ? "of compressed JSON" : "of JSON"})` : ""}`).join(", ")}.`,
    "",
    `Projected month (Workers Paid; prices read ${PRICES.date}; assumptions: ${ASSUME.playerTurnsPerGameMonth} player-turns a game a month, ${ASSUME.playerTurnsPerGame} player-turns a game (each game's create paid once over them), ${ASSUME.cpuMsPerRequest} ms CPU a request, one live-socket Durable Object request a player-turn, the cron once a minute, ${ASSUME.monthsOfArchive} months of archives kept, no archive read back):`,
    "",
    "| concurrent games | player-turns | requests | D1 rows read | D1 rows written | D1 size (shards of < 5 GB) | R2 stored | R2 Class A | Workers | D1 | R2 | **total** | mails (Resend, not in the total) |",
    "|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|",
    ...rows.map(
      (r) =>
        `| ${r.games.toLocaleString("en-US")} | ${big(r.turns)} | ${big(r.requests)} | ${big(r.rowsRead)} | ${big(r.rowsWritten)} | ${(r.d1Bytes / GB).toFixed(1)} GB (${r.shards}) | ${(r.r2Bytes / GB).toFixed(1)} GB | ${big(r.classA)} | ${money(r.workers)} | ${money(r.d1)} | ${money(r.r2)} | **${money(r.total)}** | ${big(r.mails)} |`,
    ),
    "",
    `Free tiers (without paying): concurrent games each limit carries, the first binding first: ${free.map((f) => `${f.limit}: ${Math.floor(f.games).toLocaleString("en-US")}`).join("; ")}. Resend's free 100 mails a day carries ${Math.floor(100 / ((ASSUME.playerTurnsPerGameMonth / 30) * p.mails)).toLocaleString("en-US")} games.`,
  ].join("\n");
}
