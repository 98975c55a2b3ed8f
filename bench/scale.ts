// `npm run bench -- scale`: what a month of many slow games costs, from a population of seeded games
// replayed through the Worker's own app (worker/http/app.ts with worker/index.ts's after-response drain,
// in this Node process) on real local D1 shards and a real local R2 bucket (miniflare's, i.e. workerd's
// SQLite and R2; migrations applied by wrangler), two shards (D1_SHARDS = 2), on a simulated clock:
// - a move every 2 days: each player-turn starts 2 days after the hand-over that made it due;
// - the five rulesets in MIX; two humans a game; a game still going after SCALE_TURNS player-turns is
//   resigned by the side on move (so every game ends, and its archival is counted);
// - each player-turn as the game page makes it (web/pages/Game.tsx, web/api.ts, web/components/useTurn.ts
//   as of this run): the game's GET asking the log after the seq the page held (one request since
//   5c5f3b3; the log's own GET before), then the turn's actions,
//   batched until one rolls or the player-turn ends (every page batches since 2f2b343), each answer
//   carrying its log entries (no log fetch after a POST);
// - players' channels as bench/mail-mix.ts's MODEL: push, webhook, mail only; nobody's page open at a
//   hand-over (two days apart), so every hand-over is a notice;
// - the cron every 6 simulated hours on the way (it fires every minute when deployed: the same work,
//   batched), then the clock 31 days on so finished games are archived (ARCHIVE_AFTER_DAYS, 30).
// Every D1 batch (requests, after-response drains, cron) is metered per shard, every R2 call counted.
// Then bench/README.md's projection: a month at 10,000, 100,000 and 1,000,000 concurrent games.
import "./miniflare-sync";
import { asPerson } from "./as-person";
import { BENCH_APP_VARS } from "./lib";
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { Miniflare } from "miniflare";
import { createApp } from "../worker/http/app";
import { drainGame } from "../worker/mail/drain";
import { seatLink } from "../worker/mail/links";
import type { Transport } from "../worker/mail/transport";
import type { Live } from "../worker/live/live";
import { rulesets } from "../worker/engine/registry";
import { rngFromSeed } from "../worker/engine/rng";
import type { Env } from "../worker/env";
import { meteredD1, newMeter, type D1Meter } from "../worker/store/meter";
import { MODEL } from "./mail-mix";

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const SHARDS = 2;
const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);

/** The rulesets' shares of the population (stated in bench/README.md). */
export const MIX = [
  { ruleset: "moscow", scenario: "standard", seats: ["german", "soviet"], share: 0.3 },
  { ruleset: "dicewars", scenario: "10x10", options: { players: 2 }, seats: ["p1", "p2"], share: 0.2 },
  { ruleset: "warshard", scenario: "boot_camp", seats: ["germany", "usa"], share: 0.15 },
  { ruleset: "musket", scenario: "pitched-battle", seats: ["blue", "red"], share: 0.15 },
  { ruleset: "skirmish", scenario: "small-clash", seats: ["attacker", "defender"], share: 0.2 },
] as const;

type Channel = "push" | "webhook" | "mail";


interface R2Count {
  classA: number;
  classB: number;
  bytesPut: number;
  objects: number;
}

function countedBucket(bucket: R2Bucket, c: R2Count): R2Bucket {
  return new Proxy(bucket, {
    get(target, prop) {
      const value = Reflect.get(target, prop) as unknown;
      if (typeof value !== "function") return value;
      return async (...args: unknown[]) => {
        if (prop === "put") {
          c.classA++;
          const body = args[1];
          const size = typeof body === "string" ? Buffer.byteLength(body) : body instanceof ArrayBuffer ? body.byteLength : ArrayBuffer.isView(body) ? body.byteLength : 0;
          c.bytesPut += size;
          c.objects++;
        } else if (prop === "list" || prop === "createMultipartUpload") c.classA++;
        else if (prop === "get" || prop === "head") c.classB++;
        else if (prop === "delete") c.objects--;
        return (value as (...a: unknown[]) => unknown).apply(target, args);
      };
    },
  });
}

async function startWorld() {
  const persist = mkdtempSync(path.join(tmpdir(), "hexpost-scale-"));
  const toml = readFileSync("wrangler.toml", "utf8");
  const id0 = /database_id\s*=\s*"([^"]+)"/.exec(toml)![1]!;
  const ids = [id0, ...Array.from({ length: SHARDS - 1 }, (_, k) => `00000000-0000-0000-0000-${String(k + 1).padStart(12, "0")}`)];
  // the shards' migrations, applied by wrangler as `npm start` does (a config with every binding)
  const config = path.join(persist, "wrangler.scale.toml");
  writeFileSync(
    config,
    `name = "scale"\ncompatibility_date = "2026-04-20"\n` + ids.map((id, k) => `[[d1_databases]]\nbinding = "${k === 0 ? "DB" : `DB_${k}`}"\ndatabase_name = "scale-${k}"\ndatabase_id = "${id}"\nmigrations_dir = "${path.resolve("migrations")}"\n`).join("\n"),
  );
  const env = { ...process.env, WRANGLER_SEND_METRICS: "false", CLOUDFLARE_CF_FETCH_ENABLED: "false", WRANGLER_HIDE_BANNER: "true" };
  for (let k = 0; k < SHARDS; k++) {
    const r = spawnSync("node_modules/.bin/wrangler", ["d1", "migrations", "apply", k === 0 ? "DB" : `DB_${k}`, "--local", "--persist-to", persist, "--config", config], { env, encoding: "utf8" });
    if (r.status !== 0) throw new Error(`wrangler d1 migrations apply failed:\n${r.stdout}\n${r.stderr}`);
  }
  const mf = new Miniflare({
    modules: true,
    script: "export default { fetch() { return new Response('') } }",
    compatibilityDate: /compatibility_date\s*=\s*"([^"]+)"/.exec(toml)?.[1],
    d1Databases: Object.fromEntries(ids.map((id, k) => [k === 0 ? "DB" : `DB_${k}`, id])),
    d1Persist: path.join(persist, "v3", "d1"),
    r2Buckets: ["ARCHIVE"],
    r2Persist: path.join(persist, "v3", "r2"),
  });
  const d1s = await Promise.all(ids.map((_, k) => mf.getD1Database(k === 0 ? "DB" : `DB_${k}`) as unknown as Promise<D1Database>));
  const bucket = (await mf.getR2Bucket("ARCHIVE")) as unknown as R2Bucket;
  return {
    d1s,
    bucket,
    /** Each shard's size as D1 reports it (a result's meta.size_after: the database's bytes, what D1 bills). */
    async bytes(): Promise<number[]> {
      return Promise.all(d1s.map(async (db) => Number((await db.prepare("SELECT 1").run()).meta.size_after ?? NaN)));
    },
    /** Where the bytes are: each table's rows and the bytes of its JSON columns, over every shard. */
    async tables(): Promise<Record<string, { rows: number; jsonBytes: number }>> {
      const queries: Record<string, string> = {
        // the log: its pages still in text (migration 0015), its compressed pages (0017: bytes, not JSON), the game rows' tails
        log_pages: "SELECT count(*) AS rows, coalesce(sum(length(turns)), 0) AS bytes FROM log_pages WHERE typeof(turns) = 'text'",
        "log_pages compressed": "SELECT count(*) AS rows, coalesce(sum(length(turns)), 0) AS bytes FROM log_pages WHERE typeof(turns) = 'blob'",
        log_tails: "SELECT count(*) AS rows, coalesce(sum(length(log_tail)), 0) AS bytes FROM games WHERE log_tail <> '[]'",
        outbox: "SELECT count(*) AS rows, coalesce(sum(length(payload)), 0) AS bytes FROM outbox",
        games: "SELECT count(*) AS rows, coalesce(sum(length(state)), 0) AS bytes FROM games",
        starts: "SELECT count(*) AS rows, coalesce(sum(length(state)), 0) AS bytes FROM starts",
        seats: "SELECT count(*) AS rows, 0 AS bytes FROM seats",
        channels: "SELECT count(*) AS rows, 0 AS bytes FROM channels",
      };
      const out: Record<string, { rows: number; jsonBytes: number }> = {};
      for (const [table, q] of Object.entries(queries)) {
        const each = await Promise.all(d1s.map((db) => db.prepare(q).first<{ rows: number; bytes: number }>()));
        out[table] = { rows: sum(each.map((r) => r!.rows)), jsonBytes: sum(each.map((r) => r!.bytes)) };
      }
      return out;
    },
    async stop() {
      await mf.dispose();
      rmSync(persist, { recursive: true, force: true });
    },
  };
}

export interface ScaleCounts {
  games: number;
  playerTurns: number;
  /**
   * Each ruleset's games; `play` (runs since 2026-11-26 09:00 UTC) what its player-turns' own
   * requests cost, their after-response work included (not the creates, the cron, archival).
   */
  byRuleset: Record<string, { games: number; playerTurns: number; ended: number; resigned: number; play?: { requests: number; rowsRead: number; rowsWritten: number } }>;
  pageRequests: number;
  otherRequests: number;
  cronRuns: number;
  shards: D1Meter[];
  idleCron: D1Meter;
  mails: number;
  mailsByKind: Record<string, number>;
  pushes: number;
  webhooks: number;
  r2: R2Count;
  archived: number;
  bytes: { empty: number[]; ended: number[]; archived: number[] };
  /** Before archival: each table's rows and JSON bytes, all shards. */
  tablesEnded: Record<string, { rows: number; jsonBytes: number }>;
  exportBytes: number;
  /**
   * What the creates cost, apart (every game is created before any is played): the requests
   * (creates, channels), rows, notices and D1 bytes once all were made. A game pays them once,
   * however long it runs; absent in runs before 2026-11-26 03:30 UTC.
   */
  created?: { requests: number; rowsRead: number; rowsWritten: number; mails: number; pushes: number; webhooks: number; bytes: number[] };
  gamesPerShard: number[];
  seconds: number;
}

export async function scaleBench({ games = Number(process.env.SCALE_GAMES ?? 20), maxTurns = Number(process.env.SCALE_TURNS ?? 60) } = {}): Promise<ScaleCounts> {
  const started = performance.now();
  const world = await startWorld();
  const shards = world.d1s.map(() => ({ ...newMeter(), writtenBy: {} as Record<string, number> }));
  const r2: R2Count = { classA: 0, classB: 0, bytesPut: 0, objects: 0 };
  const counts = { pageRequests: 0, otherRequests: 0, cronRuns: 0, mails: 0, pushes: 0, webhooks: 0, archived: 0, mailsByKind: {} as Record<string, number> };
  let now = Date.UTC(2026, 0, 5, 9, 0, 0);
  const transport: Transport = {
    name: "dev",
    async send(mail) {
      counts.mails++;
      counts.mailsByKind[mail.kind] = (counts.mailsByKind[mail.kind] ?? 0) + 1;
      return { ok: true, providerId: `scale-${counts.mails}` };
    },
  };
  const realFetch = globalThis.fetch;
  globalThis.fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = typeof input === "string" ? input : input instanceof URL ? input.href : input.url;
    if (url.startsWith("https://push.scale.example/")) return (counts.pushes++, new Response(null, { status: 201 }));
    if (url.startsWith("https://hooks.scale.example/")) return (counts.webhooks++, new Response(null, { status: 200 }));
    return realFetch(input as never, init);
  }) as typeof fetch;
  const live: Live = { present: async () => [], announce: async () => new Set(), seq: async () => null };
  const app = createApp({ now: () => now, transport, live, afterCommit: (d, gameId) => drainGame(d, gameId).then(() => undefined) });
  const env = {
    DB: meteredD1(world.d1s[0]!, shards[0]!),
    ...Object.fromEntries(world.d1s.slice(1).map((db, k) => [`DB_${k + 1}`, meteredD1(db, shards[k + 1]!)])),
    D1_SHARDS: String(SHARDS),
    ARCHIVE: countedBucket(world.bucket, r2),
    ...BENCH_APP_VARS,
    // as deployed: no sent mail kept (mail/sent-record.ts; dev mode, which the simulated cron route needs, keeps a week)
    SENT_MAIL_KEEP_DAYS: "0",
  } as unknown as Env;
  let ip = 0;
  async function call(method: string, p: string, body?: unknown, token?: string) {
    const headers: Record<string, string> = { "cf-connecting-ip": `10.8.${(++ip >> 8) & 255}.${ip & 255}` };
    if (token) headers.authorization = `Bearer ${token}`;
    if (body !== undefined) headers["content-type"] = "application/json";
    // the page sends every move with an Idempotency-Key (web/components/useSubmit.ts)
    if (method === "POST" && p.endsWith("/actions")) headers["idempotency-key"] = `scale-${ip}`;
    const waits: Promise<unknown>[] = [];
    const ctx = { waitUntil: (w: Promise<unknown>) => void waits.push(w), passThroughOnException() {}, props: {} };
    const res = await app.fetch(new Request(`https://hexpost.test${p}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) }), env, ctx as never);
    const json = (await res.json().catch(() => null)) as any;
    await Promise.all(waits.map((w) => w.catch((e) => console.error("after-response (the cron sends it)", String(e).slice(0, 200)))));
    return { status: res.status, body: json };
  }
  async function cron() {
    for (let i = 0; i < 200; i++) {
      const r = await call("POST", "/api/dev/cron");
      counts.cronRuns++;
      if (r.status !== 200) throw new Error(`cron refused: ${r.status} ${JSON.stringify(r.body)}`);
      counts.archived += r.body.archived ?? 0;
      if ((r.body.drain?.claimed ?? 0) === 0 && (r.body.archived ?? 0) === 0 && (r.body.reminders ?? 0) + (r.body.deadlineNotices ?? 0) === 0) break;
    }
  }

  const byRuleset: ScaleCounts["byRuleset"] = {};
  const exportBytes: number[] = [];
  const gamesPerShard = world.d1s.map(() => 0);
  try {
    const bytesEmpty = await world.bytes();
    // the population: each ruleset's share of `games`, created a few hours apart
    const plan = MIX.flatMap((m) => Array.from({ length: Math.max(1, Math.round(games * m.share)) }, (_, i) => ({ m, i })));
    interface Running {
      m: (typeof MIX)[number];
      id: string;
      tokens: Record<string, string>;
      held: Record<string, number>;
      view: any;
      turns: number;
      nextAt: number;
      n: number;
    }
    const running: Running[] = [];
    let k = 0;
    for (const { m, i } of plan) {
      now += 3 * HOUR;
      const [a, b] = m.seats;
      const tag = `${m.ruleset}-${i}`;
      const created = await call("POST", "/api/games", {
        ruleset: m.ruleset,
        scenario: m.scenario,
        ...("options" in m ? { options: m.options } : {}),
        seats: { [a]: { email: `${tag}-a@scale.example`, name: "A" }, [b]: { email: `${tag}-b@scale.example`, name: "B" } },
        creator: a,
        seed: `scale-${tag}`,
        // a week a move: a player who moves every 2 days is never reminded (24 hours before)
        hoursPerTurn: 168,
      });
      counts.otherRequests++;
      if (created.status !== 201) throw new Error(`create refused: ${created.status} ${JSON.stringify(created.body)}`);
      const id = created.body.id as string;
      gamesPerShard[/-(\d+)$/.exec(id) ? Number(/-(\d+)$/.exec(id)![1]) : 0]!++;
      const tokens: Record<string, string> = {};
      for (const s of m.seats) tokens[s] = new URL(await seatLink(env, id, s, 0)).hash.slice(3);
      // the players' channels, as mail-mix's MODEL shares them
      for (const s of m.seats) {
        const u = rngFromSeed(`scale-${tag}-${s}`).float();
        const kind: Channel = u < MODEL.push ? "push" : u < MODEL.push + MODEL.webhook ? "webhook" : "mail";
        if (kind === "mail") continue;
        const body = kind === "push" ? { kind: "push", subscription: await pushSubscription(k++) } : { kind: "json", url: `https://hooks.scale.example/${tag}/${s}` };
        const r = await call("POST", `/api/games/${id}/channels`, body, tokens[s]);
        counts.otherRequests++;
        if (r.status !== 201) throw new Error(`channel refused: ${r.status} ${JSON.stringify(r.body)}`);
      }
      running.push({ m, id, tokens, held: Object.fromEntries(m.seats.map((s) => [s, 0])), view: null, turns: 0, nextAt: now + 2 * DAY, n: 0 });
      byRuleset[m.ruleset] ??= { games: 0, playerTurns: 0, ended: 0, resigned: 0, play: { requests: 0, rowsRead: 0, rowsWritten: 0 } };
      byRuleset[m.ruleset]!.games++;
    }

    const created = {
      requests: counts.otherRequests,
      rowsRead: sum(shards.map((m) => m.rowsRead)),
      rowsWritten: sum(shards.map((m) => m.rowsWritten)),
      mails: counts.mails,
      pushes: counts.pushes,
      webhooks: counts.webhooks,
      bytes: await world.bytes(),
    };
    let lastCron = now;
    let playerTurns = 0;
    while (running.length) {
      running.sort((x, y) => x.nextAt - y.nextAt);
      const g = running[0]!;
      now = Math.max(now, g.nextAt);
      if (now - lastCron >= 6 * HOUR) {
        await cron();
        lastCron = now;
      }
      const ruleset = rulesets.get(g.m.ruleset)!;
      const before = { requests: counts.pageRequests, rowsRead: sum(shards.map((m) => m.rowsRead)), rowsWritten: sum(shards.map((m) => m.rowsWritten)) };
      const played = () => {
        const play = byRuleset[g.m.ruleset]!.play!;
        play.requests += counts.pageRequests - before.requests;
        play.rowsRead += sum(shards.map((m) => m.rowsRead)) - before.rowsRead;
        play.rowsWritten += sum(shards.map((m) => m.rowsWritten)) - before.rowsWritten;
      };
      // the page opens: the game, with the log after the seq it held
      const seatGuess = g.view?.toAct?.[0] ?? g.m.seats[0];
      let view = (await call("GET", `/api/games/${g.id}?after=${g.held[seatGuess]}`, undefined, g.tokens[seatGuess])).body;
      counts.pageRequests++;
      const seat: string | undefined = view.toAct?.[0];
      if (!seat || view.status !== "active") {
        running.shift();
        byRuleset[g.m.ruleset]!.ended++;
        played();
        continue;
      }
      if (seat !== seatGuess) (view = (await call("GET", `/api/games/${g.id}?after=${g.held[seat]}`, undefined, g.tokens[seat])).body), counts.pageRequests++;
      if (g.turns >= maxTurns) {
        const r = await call("POST", `/api/games/${g.id}/resign`, {}, g.tokens[seat]);
        counts.pageRequests++;
        if (r.status !== 200) throw new Error(`resign refused: ${r.status} ${JSON.stringify(r.body).slice(0, 300)}`);
        byRuleset[g.m.ruleset]!.resigned++;
        running.shift();
        played();
        continue;
      }
      now += 30_000;
      while (view.toAct?.includes(seat) && view.status === "active") {
        let state = view.state;
        const batch: unknown[] = [];
        for (;;) {
          const action = asPerson(state, ruleset.bot(state as never, seat, rngFromSeed(`scale:${g.id}:${g.n++}`)) as { type: string });
          const preview = rngFromSeed("preview");
          const r = ruleset.apply(state as never, seat, action as never, preview);
          if (!("state" in r) || !r.ok) throw new Error(`bot action refused in ${g.m.ruleset}: ${JSON.stringify(r).slice(0, 200)}`);
          batch.push(action);
          state = r.state;
          if (preview.draws > 0 || !ruleset.toAct(state as never).includes(seat) || r.events.some((e: { kind: string }) => e.kind === "player_turn_started")) break;
        }
        const r = await call("POST", `/api/games/${g.id}/actions`, { seq: view.seq, actions: batch }, g.tokens[seat]);
        counts.pageRequests++;
        if (r.status !== 200) throw new Error(`submission refused: ${r.status} ${JSON.stringify(r.body).slice(0, 300)}`);
        view = { ...view, ...r.body };
        now += 12_000;
      }
      g.held[seat] = view.seq;
      g.view = view;
      g.turns++;
      playerTurns++;
      byRuleset[g.m.ruleset]!.playerTurns++;
      played();
      g.nextAt = now + 2 * DAY;
      if (view.status !== "active") {
        running.shift();
        byRuleset[g.m.ruleset]!.ended++;
      }
      if (playerTurns % 50 === 0) console.error(`scale: ${playerTurns} player-turns, ${running.length} games going (${((performance.now() - started) / 1000).toFixed(0)} s)`);
    }
    await cron();
    const bytesEnded = await world.bytes();
    const tablesEnded = await world.tables();
    now += 31 * DAY;
    await cron();
    for (let i = 0; i < 100 && counts.archived < plan.length; i++) {
      now += 5 * 60_000;
      await cron();
    }
    const bytesArchived = await world.bytes();
    // an idle run (nothing due): what each of the deployed cron's 43,200 runs a month costs at least
    const before = shards.map((s) => ({ ...s }));
    now += 60_000;
    await call("POST", "/api/dev/cron");
    const idleCron = newMeter();
    shards.forEach((s, k) => {
      idleCron.roundTrips += s.roundTrips - before[k]!.roundTrips;
      idleCron.rowsRead += s.rowsRead - before[k]!.rowsRead;
      idleCron.rowsWritten += s.rowsWritten - before[k]!.rowsWritten;
    });
    exportBytes.push(r2.objects > 0 ? r2.bytesPut / Math.max(1, r2.classA) : 0);
    return {
      games: plan.length,
      playerTurns,
      byRuleset,
      pageRequests: counts.pageRequests,
      otherRequests: counts.otherRequests,
      cronRuns: counts.cronRuns,
      shards,
      idleCron,
      mails: counts.mails,
      mailsByKind: counts.mailsByKind,
      pushes: counts.pushes,
      webhooks: counts.webhooks,
      r2,
      archived: counts.archived,
      bytes: { empty: bytesEmpty, ended: bytesEnded, archived: bytesArchived },
      tablesEnded,
      exportBytes: exportBytes[0]!,
      created,
      gamesPerShard,
      seconds: (performance.now() - started) / 1000,
    };
  } finally {
    globalThis.fetch = realFetch;
    await world.stop();
  }
}

async function pushSubscription(n: number) {
  const key = await crypto.subtle.generateKey({ name: "ECDH", namedCurve: "P-256" }, true, ["deriveBits"]);
  const raw = new Uint8Array(await crypto.subtle.exportKey("raw", key.publicKey));
  const b64 = (b: Uint8Array) => Buffer.from(b).toString("base64url");
  return { endpoint: `https://push.scale.example/sub/${n}`, keys: { p256dh: b64(raw), auth: b64(crypto.getRandomValues(new Uint8Array(16))) } };
}
