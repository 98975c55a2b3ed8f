// `npm run bench -- mail-mix`: mails per player-turn over seeded two-human games, for a mix of
// players (push, webhook, mail only) who sit at the game for a while when they open it (so a quick
// answer finds the opponent's page open), beside the same games with the delivery layer's old
// behaviour (hold 0, nobody present, no channels).
//
// The Worker's own app (worker/http/app.ts, with index.ts's after-commit drain) runs in this Node
// process on a real local D1 a world (miniflare's, migrations applied by wrangler) and a simulated clock;
// every game is created, opened, played and its cron run through HTTP requests to that app. The
// transport counts the mails it is handed; push and webhook requests are answered here (fetch is
// stubbed for their hosts only). Presence (the LiveGame Durable Object's answer) is the model's:
// each player is on the page until a time of the simulated clock, or away (class Players).
import { BENCH_APP_VARS } from "./lib";
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
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
import { parseUsage } from "./devserver";
import { meteredD1, newMeter } from "../worker/store/meter";

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/** The players' behaviour model (stated in bench/README.md); parameters chosen before the run. */
export const MODEL = {
  push: 0.5,
  webhook: 0.1, // the rest (0.4) mail only
  /** Delay from a hand-over until a player who is away comes back by their channel: log-normal, median and sigma (of ln). */
  backPushMedianMin: 10, // push and webhook players
  backMailMedianMin: 180, // mail-only players (the mail itself goes after the 15-minute hold)
  sigma: 1.0,
  /** A player opens the game on their own (habit), a Poisson process: this many times a day. */
  habitPerDay: 2,
  /** Once a player opens the game they stay on the page this long (log-normal), longer only to finish their own player-turn. */
  sittingMedianMin: 8,
  sittingSigma: 0.75,
  /** A player-turn's time on the page: a look at the board, then each action (tap) takes this long. */
  lookSec: 30,
  tapSec: 12,
};

/**
 * Each player of a game: on the page until a time, or away; they open the game by habit (the
 * Poisson process), or come back after a notice (the driver), and then sit for a sitting. One
 * seeded RNG per game drives every draw, in the same order in both worlds.
 */
class Players {
  until: number[];
  nextHabit: number[];
  habitOpens = 0;
  constructor(
    private rand: () => number,
    t0: number,
    n: number,
  ) {
    this.until = Array.from({ length: n }, () => -Infinity);
    this.nextHabit = Array.from({ length: n }, () => t0 + this.habitGap());
  }
  private habitGap = () => (-Math.log(1 - this.rand()) * 24 * HOUR) / MODEL.habitPerDay;
  private sitting = () => logNormal(this.rand(), this.rand(), MODEL.sittingMedianMin, MODEL.sittingSigma) * MINUTE;
  on = (i: number, t: number) => this.until[i]! > t;
  /** Player i opens the game at `at` (if already on, the sitting may get longer). */
  open(i: number, at: number) {
    this.until[i] = Math.max(this.until[i]!, at + this.sitting());
  }
  /** Their own openings up to `t`, in time order; returns the players who came to the page from away. */
  advanceTo(t: number): number[] {
    const came: number[] = [];
    for (;;) {
      let i = -1;
      for (let j = 0; j < this.nextHabit.length; j++) if (this.nextHabit[j]! <= t && (i < 0 || this.nextHabit[j]! < this.nextHabit[i]!)) i = j;
      if (i < 0) return came;
      const at = this.nextHabit[i]!;
      if (!this.on(i, at)) came.push(i);
      this.open(i, at);
      this.habitOpens++;
      this.nextHabit[i] = at + this.habitGap();
    }
  }
}

interface Setup {
  ruleset: string;
  scenario: string;
  options?: Record<string, unknown>;
  seats: [string, string];
}

const SETUPS: Setup[] = [
  { ruleset: "moscow", scenario: "standard", seats: ["german", "soviet"] },
  { ruleset: "dicewars", scenario: "10x10", options: { players: 2 }, seats: ["p1", "p2"] },
  { ruleset: "skirmish", scenario: "small-clash", seats: ["attacker", "defender"] },
];

let ids = 0;
/** Mails that are not turn mail: the creator's link, the invitation, the result. */
const NOT_TURN_MAIL = ["invitation", "your_link", "game_over"];

type Kind = "push" | "webhook" | "mail";

interface Tally {
  playerTurns: number;
  games: number;
  mails: number;
  mailsByKind: Record<string, number>;
  notices: number;
  requests: number;
  rowsRead: number;
  rowsWritten: number;
  /** every D1 row of the world (after-response drains, cron, channel setup included) */
  allRowsRead?: number;
  allRowsWritten?: number;
  /** hand-overs where the receiving seat had its page open */
  openAtHandOver: number;
  /** calls the service made to the LiveGame Durable Object (present + announce) */
  liveCalls: number;
  /** hand-overs where the receiving seat was away and came back within the hold */
  backInTime: number;
  /** the players' own openings of the game (the habit process) */
  habitOpens: number;
  /** mails to games the bench had left (capped, still active while the clock went on): not in `mails` */
  leftMails: number;
  /** each game's player-turns, and whether it reached its end (not the cap) */
  perGame: { turns: number; ended: boolean }[];
  /** by the receiving seat's kind: hand-overs, those that were live, turn mails sent to such seats */
  byKind: Record<Kind, { handOvers: number; live: number; turnMails: number }>;
}

const tally = (): Tally => ({ playerTurns: 0, games: 0, mails: 0, mailsByKind: {}, notices: 0, requests: 0, rowsRead: 0, rowsWritten: 0, openAtHandOver: 0, liveCalls: 0, backInTime: 0, habitOpens: 0, leftMails: 0, perGame: [], byKind: { push: { handOvers: 0, live: 0, turnMails: 0 }, webhook: { handOvers: 0, live: 0, turnMails: 0 }, mail: { handOvers: 0, live: 0, turnMails: 0 } } });

/** A seeded uniform [0, 1). */
function uniform(seed: string): () => number {
  const rng = rngFromSeed(seed);
  return () => rng.float();
}

function logNormal(u1: number, u2: number, median: number, sigma: number): number {
  const z = Math.sqrt(-2 * Math.log(1 - u1)) * Math.cos(2 * Math.PI * u2);
  return median * Math.exp(sigma * z);
}

async function startD1() {
  const persist = mkdtempSync(path.join(tmpdir(), "hexpost-mailmix-"));
  const env = { ...process.env, WRANGLER_SEND_METRICS: "false", CLOUDFLARE_CF_FETCH_ENABLED: "false", WRANGLER_HIDE_BANNER: "true" };
  const r = spawnSync("node_modules/.bin/wrangler", ["d1", "migrations", "apply", "DB", "--local", "--persist-to", persist], { env, encoding: "utf8" });
  if (r.status !== 0) throw new Error(`wrangler d1 migrations apply failed:\n${r.stdout}\n${r.stderr}`);
  const id = /database_id\s*=\s*"([^"]+)"/.exec(readFileSync("wrangler.toml", "utf8"))?.[1];
  const open = async () => {
    const mf = new Miniflare({
      modules: true,
      script: "export default { fetch() { return new Response('') } }",
      compatibilityDate: /compatibility_date\s*=\s*"([^"]+)"/.exec(readFileSync("wrangler.toml", "utf8"))?.[1],
      d1Databases: { DB: id! },
      d1Persist: path.join(persist, "v3", "d1"),
    });
    return { mf, db: (await mf.getD1Database("DB")) as unknown as D1Database };
  };
  let cur = await open();
  // the binding the worlds hold: it forwards to the current Miniflare, which `restart` replaces
  const db = {
    prepare: (q: string) => cur.db.prepare(q),
    batch: (s: D1PreparedStatement[]) => cur.db.batch(s),
    exec: (q: string) => cur.db.exec(q),
    dump: () => cur.db.dump(),
    withSession: (c?: string) => cur.db.withSession(c as never),
  } as unknown as D1Database;
  return {
    db,
    /** miniflare's synchronous proxy, once out of step (an assertion under load), fails every call after: a new Miniflare on the same files. */
    async restart() {
      await cur.mf.dispose().catch(() => undefined);
      cur = await open();
    },
    /** Bytes of the local D1's SQLite file(s). */
    bytes() {
      const r = spawnSync("du", ["-sb", path.join(persist, "v3", "d1")], { encoding: "utf8" });
      return Number(r.stdout.split(/\s/)[0]);
    },
    async stop() {
      await cur.mf.dispose();
      rmSync(persist, { recursive: true, force: true });
    },
  };
}

/** One world: the app, its clock, its counters. `delivery` false is the old behaviour. */
function world(db: D1Database, delivery: boolean, restartD1: () => Promise<void>) {
  let now = Date.UTC(2026, 0, 5, 9, 0, 0);
  const t = tally();
  const all = newMeter(); // every D1 batch of this world: requests, their after-response drains, the cron
  /** each game's players (the behaviour model): who is on the page is read from it, on the world's clock */
  const models = new Map<string, { players: Players; seats: readonly string[] }>();
  /** each player's address and kind (push, webhook, mail only) */
  const kindOf = new Map<string, Kind>();
  /** the addresses of games the bench has left (stopped at the cap) */
  const left = new Set<string>();
  const presentAt = (id: string): ReadonlySet<string> => {
    const m = models.get(id);
    return new Set(m ? m.seats.filter((_, i) => m.players.on(i, now)) : []);
  };
  const transport: Transport = {
    name: "dev",
    async send(mail) {
      // a game the bench stopped at its cap stays active, and the clock goes on over the next games:
      // its reminder and deadline mails are the bench's doing, not the players', so they are only counted apart
      if (left.has(String(mail.to))) return (t.leftMails++, { ok: true, providerId: `mix-left-${t.leftMails}` });
      t.mails++;
      t.mailsByKind[mail.kind] = (t.mailsByKind[mail.kind] ?? 0) + 1;
      const k = kindOf.get(String(mail.to));
      if (k && !NOT_TURN_MAIL.includes(mail.kind)) t.byKind[k].turnMails++;
      return { ok: true, providerId: `mix-${t.mails}` };
    },
  };
  const live: Live = delivery
    ? {
        // the pages were opened with the seats' first links (epoch 0), never revoked here
        present: async (id) => (t.liveCalls++, [...presentAt(id)].map((seat) => ({ seat, epoch: 0 }))),
        announce: async (id) => (t.liveCalls++, presentAt(id)),
        seq: async () => null,
      }
    : { present: async () => [], announce: async () => new Set(), seq: async () => null };
  const options = { now: () => now, transport, live, newId: () => `mix${(++ids).toString(36)}` };
  // worker/index.ts's after-commit: the game's notices go out, its open pages are told
  const app = createApp({
    ...options,
    afterCommit: (d, gameId) => Promise.all([drainGame(d, gameId), d.live.announce(gameId, { seq: -1 })]).then(() => undefined),
  });
  const env: Env = {
    DB: meteredD1(db, all),
    ...BENCH_APP_VARS,
  };
  let ip = 0;
  async function call(method: string, p: string, body?: unknown, token?: string, count = true) {
    const headers: Record<string, string> = { "cf-connecting-ip": `10.9.${(++ip >> 8) & 255}.${ip & 255}` };
    if (token) headers.authorization = `Bearer ${token}`;
    if (body !== undefined) headers["content-type"] = "application/json";
    const waits: Promise<unknown>[] = [];
    const ctx = { waitUntil: (p: Promise<unknown>) => void waits.push(p), passThroughOnException() {}, props: {} };
    let res = await app.fetch(new Request(`https://hexpost.test${p}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) }), env, ctx as never);
    // miniflare's synchronous proxy to the local D1 now and then fails an assertion under load (a 500,
    // "nothing was changed"): the bench tries again, up to 3 times, and counts it
    for (let i = 0; res.status === 500 && i < 3; i++) {
      retried500++;
      await Promise.all(waits.map((w) => w.catch(() => undefined)));
      await restartD1();
      res = await app.fetch(new Request(`https://hexpost.test${p}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) }), env, ctx as never);
    }
    const json = (await res.json().catch(() => null)) as any;
    await Promise.all(waits.map((w) => w.catch((e) => (afterCommitFailed++, console.error("after-commit (the cron sends it)", String(e).slice(0, 200))))));
    if (count) {
      const u = parseUsage(res.headers.get("x-d1-usage"));
      t.requests++;
      if (Number.isFinite(u.rowsRead)) t.rowsRead += u.rowsRead;
      if (Number.isFinite(u.rowsWritten)) t.rowsWritten += u.rowsWritten;
    }
    return { status: res.status, body: json };
  }
  /** The clock moves to `to`; the cron runs (the deployed one fires every minute) until nothing is due. */
  async function advance(to: number) {
    if (to <= now) return;
    now = to;
    for (let i = 0; i < 100; i++) {
      const r = await call("POST", "/api/dev/cron", undefined, undefined, false);
      if (r.status !== 200) throw new Error(`cron refused: ${r.status} ${JSON.stringify(r.body)}`);
      if ((r.body?.drain?.claimed ?? 0) === 0) break;
    }
  }
  /** The clock moves within a sitting (seconds apart), without the cron: each request's after-commit drain sends the game's due rows. */
  const tick = (to: number) => void (now = Math.max(now, to));
  return { t, all, models, kindOf, left, call, advance, tick, env, clock: () => now, addNotices: (n: number) => (t.notices += n) };
}

type World = ReturnType<typeof world>;

let noticeCount = 0;
/** Requests the bench tried again after a 500 of the local D1's proxy; after-commit drains that threw (the cron sends their rows). */
let retried500 = 0;
let afterCommitFailed = 0;
const realFetch = globalThis.fetch;
/** Push services and webhooks answer here (their hosts only). */
function stubChannels() {
  globalThis.fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = typeof input === "string" ? input : input instanceof URL ? input.href : input.url;
    if (url.startsWith("https://push.mix.example/") || url.startsWith("https://hooks.mix.example/")) {
      noticeCount++;
      return new Response(null, { status: 201 });
    }
    return realFetch(input as never, init);
  }) as typeof fetch;
}

async function pushSubscription(n: number) {
  const key = await crypto.subtle.generateKey({ name: "ECDH", namedCurve: "P-256" }, true, ["deriveBits"]);
  const raw = new Uint8Array(await crypto.subtle.exportKey("raw", key.publicKey));
  const b64 = (b: Uint8Array) => Buffer.from(b).toString("base64url");
  return { endpoint: `https://push.mix.example/sub/${n}`, keys: { p256dh: b64(raw), auth: b64(crypto.getRandomValues(new Uint8Array(16))) } };
}

/**
 * The players' kinds of a ruleset's `games` games, stratified: over the 2 × games players, the
 * model's shares as near as the count allows (largest remainder), each kind dealt alternately to
 * the two seats (so each appears as often on each side, ±1), each side's list shuffled with a
 * seeded RNG. Returns [kind of seat 0, kind of seat 1] per game.
 */
export function channelMix(seed: string, games: number): [Kind, Kind][] {
  const n = 2 * games;
  const want: [Kind, number][] = [["push", MODEL.push], ["webhook", MODEL.webhook], ["mail", 1 - MODEL.push - MODEL.webhook]];
  const counts = want.map(([k, p]) => ({ k, c: Math.floor(p * n + 1e-9), r: p * n - Math.floor(p * n + 1e-9) }));
  let short = n - counts.reduce((a, x) => a + x.c, 0);
  for (const x of [...counts].sort((a, b) => b.r - a.r)) if (short > 0) (x.c++, short--);
  const sides: Kind[][] = [[], []];
  let i = 0;
  for (const { k, c } of counts) for (let j = 0; j < c; j++) sides[i++ % 2]!.push(k);
  sides.forEach((side, s) => {
    const rand = uniform(`${seed}:kinds:${s}`);
    for (let j = side.length - 1; j > 0; j--) {
      const r = Math.floor(rand() * (j + 1));
      [side[j], side[r]] = [side[r]!, side[j]!];
    }
  });
  return Array.from({ length: games }, (_, g) => [sides[0]![g]!, sides[1]![g]!]);
}

/** Plays one seeded game to its end (or `maxTurns` player-turns) in world `w`; the seats' kinds are given (channelMix). */
async function playGame(w: World, setup: Setup, seed: string, delivery: boolean, maxTurns: number, kinds: [Kind, Kind]) {
  const ruleset = rulesets.get(setup.ruleset)!;
  const rand = uniform(`${seed}:model`);
  const [a, b] = setup.seats;
  const tag = `${seed}-${delivery ? "d" : "o"}`;
  const created = await w.call("POST", "/api/games", {
    ruleset: setup.ruleset,
    scenario: setup.scenario,
    ...(setup.options ? { options: setup.options } : {}),
    seats: { [a]: { email: `${tag}-a@mix.example`, name: "A" }, [b]: { email: `${tag}-b@mix.example`, name: "B" } },
    creator: a,
    seed,
    hoursPerTurn: 72,
  });
  if (created.status !== 201) throw new Error(`create refused: ${created.status} ${JSON.stringify(created.body)}`);
  const id = created.body.id as string;
  w.kindOf.set(`${tag}-a@mix.example`, kinds[0]!);
  w.kindOf.set(`${tag}-b@mix.example`, kinds[1]!);
  const tokens: Record<string, string> = {};
  for (const s of setup.seats) tokens[s] = new URL(await seatLink(w.env, id, s, 0)).hash.slice(3);
  w.t.games++;
  if (delivery) {
    for (let i = 0; i < 2; i++) {
      const s = setup.seats[i]!;
      const kind = kinds[i]!;
      if (kind === "mail") continue;
      const body = kind === "push" ? { kind: "push", subscription: await pushSubscription(noticeCount + i) } : { kind: "json", url: `https://hooks.mix.example/${tag}/${s}` };
      const r = await w.call("POST", `/api/games/${id}/channels`, body, tokens[s], false);
      if (r.status !== 201) throw new Error(`channel refused: ${r.status} ${JSON.stringify(r.body)}`);
    }
  } else {
    // the old behaviour: every mail goes when written
    for (const s of setup.seats) {
      const r = await w.call("PUT", `/api/games/${id}/prefs`, { holdMinutes: 0 }, tokens[s], false);
      if (r.status !== 200) throw new Error(`prefs refused: ${r.status} ${JSON.stringify(r.body)}`);
    }
  }
  // the players: the creator is on the page from the start; both then open the game by habit or after a notice
  const players = new Players(rand, w.clock(), 2);
  players.open(0, w.clock());
  w.models.set(id, { players, seats: setup.seats });
  const idx = (s: string) => setup.seats.indexOf(s);
  /** Habit openings up to the clock; who came from away opens the page (a GET with their token). */
  const catchUp = async () => {
    for (const i of players.advanceTo(w.clock())) await w.call("GET", `/api/games/${id}`, undefined, tokens[setup.seats[i]!]);
  };
  let view = (await w.call("GET", `/api/games/${id}`, undefined, tokens[a])).body;
  let n = 0;
  let turns = 0;
  let handedAt = w.clock();
  let handOver = false; // the side on move changed at `handedAt` (not the game's start, not a phase of the same side)
  let seat: string | undefined = view.toAct?.[0];
  while (seat && view.status !== "over" && view.status !== "finished" && turns < maxTurns) {
    const me = idx(seat);
    const kind = kinds[me]!;
    await catchUp();
    if (handOver) w.t.byKind[kind].handOvers++;
    if (players.on(me, w.clock())) {
      if (handOver) w.t.byKind[kind].live++;
      if (handOver) w.t.openAtHandOver++; // live: the page shows the hand-over, no notice was written (in the mix)
    } else {
      // away: back by their channel (the notice since the hand-over) or by habit, whichever comes first
      const byChannel = handedAt + logNormal(rand(), rand(), kind === "mail" ? MODEL.backMailMedianMin : MODEL.backPushMedianMin, MODEL.sigma) * MINUTE;
      const back = Math.max(w.clock(), Math.min(byChannel, players.nextHabit[me]!));
      if (handOver && back - handedAt < (delivery ? 15 * MINUTE : 0)) w.t.backInTime++;
      await w.advance(back); // the cron ran at every due point on the way (it fires each minute)
      await catchUp(); // a habit opening at `back` opens the page here
      if (!players.on(me, w.clock())) {
        players.open(me, w.clock());
        view = (await w.call("GET", `/api/games/${id}`, undefined, tokens[seat])).body;
      }
    }
    // the player-turn: a look at the board, then one action a request, a tap apart (the bot chooses for the human)
    let at = w.clock() + MODEL.lookSec * 1000;
    while (view.toAct?.includes(seat) && view.status !== "over" && view.status !== "finished") {
      w.tick(at);
      players.until[me] = Math.max(players.until[me]!, at + MODEL.tapSec * 1000); // on the page to finish the turn
      await catchUp();
      const action = ruleset.bot(view.state as never, seat, rngFromSeed(`${seed}:${n++}`));
      const r = await w.call("POST", `/api/games/${id}/actions`, { seq: view.seq, actions: [action] }, tokens[seat]);
      if (r.status !== 200) throw new Error(`submission refused: ${r.status} ${JSON.stringify(r.body).slice(0, 300)}`);
      view = r.body;
      at += MODEL.tapSec * 1000;
    }
    turns++;
    w.t.playerTurns++;
    const next: string | undefined = view.toAct?.[0];
    if (!next || view.status === "over" || view.status === "finished") break;
    handOver = next !== seat;
    if (handOver) handedAt = w.clock();
    seat = next;
  }
  const ended = view.status === "over" || view.status === "finished";
  await w.advance(w.clock() + 2 * HOUR); // what is still due goes out
  w.t.habitOpens += players.habitOpens;
  w.t.perGame.push({ turns, ended });
  w.left.add(`${tag}-a@mix.example`);
  w.left.add(`${tag}-b@mix.example`);
  w.models.delete(id);
}

/** MAILMIX_GAMES: a number of games for every ruleset, or per ruleset ("moscow=10,dicewars=5,skirmish=10"). */
const DEFAULT_GAMES = "moscow=10,dicewars=5,skirmish=10";

export async function mailMixBench({ gamesPerRuleset = process.env.MAILMIX_GAMES ?? DEFAULT_GAMES, maxTurns = Number(process.env.MAILMIX_TURNS ?? 2000), only = process.env.MAILMIX_ONLY } = {}) {
  const gamesOf = (ruleset: string) => (/^\d+$/.test(gamesPerRuleset) ? Number(gamesPerRuleset) : Number(new Map(gamesPerRuleset.split(",").map((x) => x.split("=") as [string, string])).get(ruleset) ?? 0));
  stubChannels();
  // one local D1 for each world: on a shared one, the cron of the world ahead in simulated time
  // wrote and sent the reminders and deadline notices of the other world's games (see bench/README.md)
  const d1s = { mix: await startD1(), old: await startD1() };
  const results: Record<string, { mix: Tally; old: Tally }> = {};
  const started = performance.now();
  const emptyBytes = d1s.mix.bytes() + d1s.old.bytes();
  let bytesPerGame = 0;
  try {
    for (const setup of SETUPS.filter((s) => !only || only.split(",").includes(s.ruleset))) {
      const mix = world(d1s.mix.db, true, d1s.mix.restart);
      const old = world(d1s.old.db, false, d1s.old.restart);
      const games = gamesOf(setup.ruleset);
      if (games === 0) continue;
      const kinds = channelMix(`mailmix-${setup.ruleset}`, games);
      for (let g = 0; g < games; g++) {
        const seed = `mailmix-${setup.ruleset}-${g}`;
        const before = noticeCount;
        await playGame(mix, setup, seed, true, maxTurns, kinds[g]!);
        mix.addNotices(noticeCount - before);
        await playGame(old, setup, seed, false, maxTurns, kinds[g]!);
        const last = mix.t.perGame.at(-1)!;
        console.error(`${setup.ruleset} ${g} (${kinds[g]!.join("/")}): ${last.turns} player-turns, ${last.ended ? "ended" : "capped"}; mix ${mix.t.mails} mails so far, old ${old.t.mails} (${((performance.now() - started) / 1000).toFixed(0)} s)`);
      }
      mix.t.allRowsRead = mix.all.rowsRead;
      mix.t.allRowsWritten = mix.all.rowsWritten;
      old.t.allRowsRead = old.all.rowsRead;
      old.t.allRowsWritten = old.all.rowsWritten;
      results[setup.ruleset] = { mix: mix.t, old: old.t };
      console.error(`${setup.ruleset}: ${mix.t.playerTurns} player-turns, mix ${mix.t.mails} mails, old ${old.t.mails} (${((performance.now() - started) / 1000).toFixed(0)} s)`);
    }
    const games = Object.values(results).reduce((n, r) => n + r.mix.games + r.old.games, 0);
    bytesPerGame = (d1s.mix.bytes() + d1s.old.bytes() - emptyBytes) / games;
  } finally {
    globalThis.fetch = realFetch;
    await d1s.mix.stop();
    await d1s.old.stop();
  }
  return { results, seconds: (performance.now() - started) / 1000, gamesPerRuleset, maxTurns, bytesPerGame, retried500, afterCommitFailed };
}

type MixResult = Awaited<ReturnType<typeof mailMixBench>>;

const f = (x: number, d = 2) => x.toLocaleString("en-US", { minimumFractionDigits: d, maximumFractionDigits: d });
const n0 = (x: number) => Math.round(x).toLocaleString("en-US");
const turnMails = (t: Tally) => Object.entries(t.mailsByKind).filter(([k]) => !NOT_TURN_MAIL.includes(k)).reduce((n, [, v]) => n + v, 0);

export function mailMixText(r: MixResult, when: string): string {
  const rows = Object.entries(r.results);
  const sum = (pick: (t: Tally) => number, w: "mix" | "old") => rows.reduce((n, [, x]) => n + pick(x[w]), 0);
  const line = (name: string, mt: number, m: Tally | null, get: (w: "mix" | "old") => { turns: number; mails: number; turnMails: number; notices: number; open: number; back: number }) => {
    const a = get("mix");
    const o = get("old");
    return `| ${name} | ${a.turns} | **${f(a.mails / a.turns)}** | ${f(a.turnMails / a.turns)} | ${f(a.notices / a.turns)} | ${f(o.mails / o.turns)} | ${f(o.turnMails / o.turns)} | ${f(a.open / a.turns)} | ${f(a.back / a.turns)} |`;
  };
  const per = (t: Tally) => ({ turns: t.playerTurns, mails: t.mails, turnMails: turnMails(t), notices: t.notices, open: t.openAtHandOver, back: t.backInTime });
  const table = [
    "| ruleset | player-turns | mails / player-turn (mix) | of which turn mail | push+webhook notices / player-turn | mails / player-turn (old: hold 0, no presence, no channels) | of which turn mail (old) | page open at hand-over / player-turn | back within the hold / player-turn |",
    "|---|---:|---:|---:|---:|---:|---:|---:|---:|",
    ...rows.map(([name, x]) => line(name, 0, null, (w) => per(x[w]))),
    line("**all**", 0, null, (w) => ({ turns: sum((t) => t.playerTurns, w), mails: sum((t) => t.mails, w), turnMails: sum(turnMails, w), notices: sum((t) => t.notices, w), open: sum((t) => t.openAtHandOver, w), back: sum((t) => t.backInTime, w) })),
  ];
  // by the receiving seat's kind: the sample's share of mail-only players differs by ruleset (few games), so also the figure at the model's share
  const share: Record<Kind, number> = { push: MODEL.push, webhook: MODEL.webhook, mail: 1 - MODEL.push - MODEL.webhook };
  const kindLine = (name: string, ts: Tally[]) => {
    const k = (kind: Kind) => ts.reduce((a, t) => ({ h: a.h + t.byKind[kind].handOvers, l: a.l + t.byKind[kind].live, m: a.m + t.byKind[kind].turnMails }), { h: 0, l: 0, m: 0 });
    const turns = ts.reduce((n, t) => n + t.playerTurns, 0);
    const all = (["push", "webhook", "mail"] as Kind[]).map((kind) => [kind, k(kind)] as const);
    const h = all.reduce((n, [, x]) => n + x.h, 0);
    const cell = ([kind, x]: readonly [Kind, { h: number; l: number; m: number }]) => `${x.h} (${x.h ? f((100 * x.l) / x.h, 0) : "–"}% live, ${x.h ? f(x.m / x.h) : "–"} turn mails each)`;
    const atShare = all.reduce((n, [kind, x]) => n + (x.h ? share[kind] * (x.m / x.h) : 0), 0) * (h / turns);
    const unseen = all.some(([, x]) => x.h === 0); // a kind this ruleset's sample never handed over to: no estimate
    return `| ${name} | ${cell(all[2]!)} | ${cell(all[0]!)} | ${cell(all[1]!)} | ${f(f2(all[2]![1].h, h))} | ${unseen ? "–" : `**${f(atShare)}**`} |`;
  };
  const f2 = (a: number, b: number) => (b ? a / b : 0);
  const kindTable = [
    "| ruleset | hand-overs to mail-only seats | to push seats | to webhook seats | mail-only share of the hand-overs (sample) | turn mail / player-turn at the model's 40% mail-only share |",
    "|---|---|---|---|---:|---:|",
    ...rows.map(([name, x]) => kindLine(name, [x.mix])),
    kindLine("**all**", rows.map(([, x]) => x.mix)),
  ];
  // what a player-turn costs in mail, by kind of mail: the game's creation, turn mail, reminders and deadline notices, the result
  const parts = (t: Tally) => {
    const k = (...names: string[]) => names.reduce((n, x) => n + (t.mailsByKind[x] ?? 0), 0);
    const timers = k("reminder", "deadline");
    return { creation: k("invitation", "your_link"), turn: turnMails(t) - timers, timers, result: k("game_over"), all: t.mails };
  };
  type Parts = ReturnType<typeof parts>;
  const cells = (p: Parts, turns: number) => [p.creation, p.turn, p.timers, p.result, p.all].map((x) => f(x / turns)).join(" | ");
  const ended = (t: Tally) => `${t.perGame.filter((g) => g.ended).length} of ${t.perGame.length}`;
  const lengths = (t: Tally) => {
    const l = t.perGame.map((g) => g.turns).sort((a, b) => a - b);
    return l.length ? `${l[0]}–${l[l.length - 1]} (median ${l[Math.floor(l.length / 2)]})` : "–";
  };
  const addParts = (ps: Parts[]) => ps.reduce((a, p) => ({ creation: a.creation + p.creation, turn: a.turn + p.turn, timers: a.timers + p.timers, result: a.result + p.result, all: a.all + p.all }), { creation: 0, turn: 0, timers: 0, result: 0, all: 0 });
  const alike = (w: "mix" | "old") => {
    const per = rows.map(([, x]) => {
      const p = parts(x[w]);
      const n = x[w].playerTurns;
      return { creation: p.creation / n, turn: p.turn / n, timers: p.timers / n, result: p.result / n, all: p.all / n };
    });
    return cells(addParts(per), rows.length);
  };
  const breakdown = [
    "| ruleset | games ended / played | player-turns a game | mix: creation (link + invitation) | turn mail | reminders + deadline notices | result | **all** | old: creation | turn mail | reminders + deadline notices | result | **all** |",
    "|---|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|",
    ...rows.map(([name, x]) => `| ${name} | ${ended(x.mix)} | ${lengths(x.mix)} | ${cells(parts(x.mix), x.mix.playerTurns)} | ${cells(parts(x.old), x.old.playerTurns)} |`),
    `| **all, pooled** (per player-turn of all games) | ${ended({ perGame: rows.flatMap(([, x]) => x.mix.perGame) } as Tally)} | | ${cells(addParts(rows.map(([, x]) => parts(x.mix))), sum((t) => t.playerTurns, "mix"))} | ${cells(addParts(rows.map(([, x]) => parts(x.old))), sum((t) => t.playerTurns, "old"))} |`,
    `| **rulesets alike** (mean of the three rows) | | | ${alike("mix")} | ${alike("old")} |`,
  ];
  // per player-turn figures of the mix, each ruleset weighted alike (dicewars' sittings are many and short)
  const avg = (pick: (t: Tally) => number) => rows.reduce((n, [, x]) => n + pick(x.mix) / x.mix.playerTurns, 0) / rows.length;
  const req = avg((t) => t.requests);
  const rr = avg((t) => t.allRowsRead ?? 0);
  const rw = avg((t) => t.allRowsWritten ?? 0);
  const mails = avg((t) => t.mails);
  const notices = avg((t) => t.notices);
  const doReq = avg((t) => t.liveCalls) + 1; // + the page's WebSocket upgrade when it opens
  const cronPerDay = 1440; // the cron every minute: a scheduled invocation, ~6 rows read idle (mail section)
  const perDay = {
    workers: (100_000 - cronPerDay) / req,
    d1Read: (5_000_000 - cronPerDay * 6) / rr,
    d1Write: 100_000 / rw,
    doReq: 100_000 / doReq,
    resendDay: 100 / mails,
    resendMonth: 3000 / 30.4 / mails,
  };
  const labels: Record<string, string> = { workers: "Workers Free, 100,000 requests/day", d1Read: "D1 Free, 5 M rows read/day", d1Write: "D1 Free, 100,000 rows written/day", doReq: "Durable Objects Free, 100,000 requests/day", resendDay: "Resend Free, 100 mails/day", resendMonth: "Resend Free, 3,000 mails/month" };
  const binds = Object.entries(perDay).sort((a, b) => a[1] - b[1]).map(([k, v]) => [labels[k] ?? k, v] as const);
  // a million concurrent games, one player-turn per game every 2 days
  const turnsMonth = 1_000_000 * 30.4 / 2;
  const reqM = (turnsMonth * req) / 1e6 + 0.044;
  const workers = 5 + Math.max(0, reqM - 10) * 0.3;
  const cpuMs = turnsMonth * req * 3;
  const cpu = Math.max(0, cpuMs - 30e6) / 1e6 * 0.02;
  const readsB = (turnsMonth * rr) / 1e9;
  const writesM = (turnsMonth * rw) / 1e6;
  const d1Rows = Math.max(0, readsB - 25) * 1000 * 0.001 + Math.max(0, writesM - 50) * 1.0;
  const storageGB = (1_000_000 * r.bytesPerGame) / 1e9;
  const storage = Math.max(0, storageGB - 5) * 0.75;
  const doReqM = (turnsMonth * doReq) / 1e6;
  const doCost = Math.max(0, doReqM - 1) * 0.15;
  const mailsMonth = turnsMonth * mails;
  const oldMails = turnsMonth * (rows.reduce((n, [, x]) => n + x.old.mails / x.old.playerTurns, 0) / rows.length);
  const resend = (m: number) => 90 + Math.max(0, m - 100_000) / 1000 * 0.9;
  const total = workers + cpu + d1Rows + storage + doCost + resend(mailsMonth);
  return [
    "### Mails per player-turn with the delivery layer (seeded two-human games, simulated players and clock)",
    "",
    `Measured ${when} UTC by \`npm run bench -- mail-mix\` (MAILMIX_GAMES=${r.gamesPerRuleset}: ${rows.map(([name, x]) => `${x.mix.games} ${name}`).join(", ")} games, whole games: a cap of ${r.maxTurns} player-turns a game, which ${rows.every(([, x]) => x.mix.perGame.every((g) => g.ended) && x.old.perGame.every((g) => g.ended)) ? "no game reached: every game was played to its end" : "some games reached (see the games ended column)"}; ${f(r.seconds, 0)} s; ${r.retried500} requests tried again after a 500 of miniflare's D1 proxy under load). The Worker's own app (worker/http/app.ts with index.ts's after-commit drain and announce) in the bench's Node process on a real local D1 (miniflare, the migrations applied by wrangler; one for each world), dev mode, a simulated clock: each game created, its channels added, every action submitted by HTTP request (one action a request, the ruleset's bot choosing for both humans), the game opened with the seat's token (GET /api/games/:id), and the cron (POST /api/dev/cron) run at every clock step until nothing is due. The transport counts the mails it is handed; push and webhook requests are answered in-process (counted as notices). The same seeds, the same players' kinds and the same behaviour draws are played twice in the same process, each world on a local D1 of its own: with the delivery layer as committed (the mix), and with its old behaviour (every seat's hold set to 0 through PUT /prefs, nobody ever present, no channels).`,
    "",
    ...table,
    "",
    "What a player-turn costs in mail, by kind (mails / player-turn):",
    "",
    ...breakdown,
    "",
    ...kindTable,
    "",
    `Mails count everything the transport sent (the creator's link, the invitation, turn mail, reminders, the result); "turn mail" leaves out the link, the invitation and the result. A player-turn is one turn of the side on move (dicewars' are short, a few attacks); "page open at hand-over" counts hand-overs that were live (the receiving seat on the page), "back within the hold" those whose receiving seat was away and opened the game within 15 min. Not counted: ${rows.reduce((n, [, x]) => n + x.mix.leftMails, 0)} mails (mix) and ${rows.reduce((n, [, x]) => n + x.old.leftMails, 0)} (old) to games the bench had stopped at the cap (they stay active while the clock goes on over the next games, so their reminders and deadline notices come). Habit openings: ${f(rows.reduce((n, [, x]) => n + x.mix.habitOpens, 0) / rows.reduce((n, [, x]) => n + x.mix.playerTurns, 0))} a player-turn.`,
    "",
    `The behaviour model (assumed, seeded; parameters chosen before the run, in bench/mail-mix.ts MODEL): each player is push (${MODEL.push * 100}%), webhook (${MODEL.webhook * 100}%) or mail only (${Math.round((1 - MODEL.push - MODEL.webhook) * 100)}%), assigned by stratification, not drawn: over a ruleset's players the shares as near as the count allows, each kind dealt alternately to the two seats (as often on each side, ±1), each side's list shuffled with a seeded RNG (channelMix). Each player is either on the game's page until a time of the simulated clock, or away. A player comes to the page (i) on their own, a Poisson process of ${MODEL.habitPerDay} openings a day (a habit of checking morning and evening), or (ii) after a hand-over that found them away, by their channel: a log-normal delay from the hand-over (σ = ${MODEL.sigma} in ln: a quarter within 0.5× the median, a quarter beyond 2×), median ${MODEL.backPushMedianMin} min for push and webhook players, ${MODEL.backMailMedianMin / 60} h for mail-only ones (the mail itself goes after the 15-minute hold), whichever comes first; the opening is a GET of the game with the seat's token. Once there they sit for a log-normal time, median ${MODEL.sittingMedianMin} min, σ = ${MODEL.sittingSigma} (a quarter under ${f(MODEL.sittingMedianMin * Math.exp(-0.674 * MODEL.sittingSigma), 0)} min, a quarter over ${f(MODEL.sittingMedianMin * Math.exp(0.674 * MODEL.sittingSigma), 0)} min: a casual game's session), longer only if their own player-turn is not done. A player-turn takes a ${MODEL.lookSec} s look at the board and then ${MODEL.tapSec} s an action (each action is a request at its own time; a skirmish activation of 4-7 taps takes about 1.5 min, a moscow player-turn of many units several minutes). A hand-over that finds the receiving player on the page is live: the LiveGame answer (\`present\`, read from this state on the simulated clock) has their seat, so no notice and no mail is written, and they start at once; so two players who are both on alternate live until one's sitting ends. Sittings are not lengthened by a live exchange (conservative: real players in a quick exchange likely stay). Hold time is the default 15 min. Push and webhook requests always succeed (so, since 687b092, a push or webhook seat's held turn mail is always dropped: mail is what mail-only seats get). Each player has an address of their own with one game, so the 3-games daily digest never applies here; nobody switches turn mail off. Every draw (habit openings, sittings, delays) comes from one seeded RNG per game, in the same order in both worlds.`,
    "",
    `What the figures say: turn mail now goes only to a mail-only seat that was away at the hand-over and did not open the game within the 15-minute hold; per hand-over that is about 0.4 × (1 − P(the page is open at the hand-over) − P(back within the hold)), and the last is small for mail-only players (their channel is the mail). So the share of live hand-overs and the share of mail-only players decide it. A push or webhook notice goes at every hand-over that finds a push/webhook seat away.`,
    "",
    "### What binds the free tiers, and a million games a month (with this mix)",
    "",
    `Per player-turn, measured above (the mix; the three rulesets weighted alike): **${f(req, 1)} requests** (one action a request, the page opened, the game's creation spread over its turns), **${f(rr, 0)} D1 rows read and ${f(rw, 1)} written** (every batch of the world, after-response drains and cron runs included), **${f(mails)} mails**, ${f(notices)} push/webhook notices, ${f(doReq, 1)} Durable Object requests (the service's present + announce calls, counted, plus 1 assumed for the page's WebSocket upgrade). Fixed: the cron every minute (1,440 invocations/day, ~6 rows read idle, the mail section's figure). D1 storage measured ${n0(r.bytesPerGame / 1024)} KiB a game (the local SQLite files' growth over the bench's whole games, both worlds).`,
    "",
    "| free tier | limit | player-turns/day it allows |",
    "|---|---|---:|",
    `| Workers Free | 100,000 requests/day (less the cron's 1,440) | ${n0(perDay.workers)} |`,
    `| D1 Free, reads | 5,000,000 rows/day | ${n0(perDay.d1Read)} |`,
    `| D1 Free, writes | 100,000 rows/day | ${n0(perDay.d1Write)} |`,
    `| Durable Objects Free (SQLite-backed) | 100,000 requests/day (duration 13,000 GB-s/day: hibernating sockets cost none while idle) | ${n0(perDay.doReq)} |`,
    `| Resend Free | 100 mails/day | ${n0(perDay.resendDay)} |`,
    `| Resend Free | 3,000 mails/month (≈ 99/day) | ${n0(perDay.resendMonth)} |`,
    "",
    `First to bind: **${binds[0]![0]}** at ${n0(binds[0]![1])} player-turns/day, then ${binds[1]![0]} (${n0(binds[1]![1])}). Without Resend, the free Workers and D1 carry ${n0(Math.min(perDay.workers, perDay.d1Read, perDay.d1Write, perDay.doReq))} player-turns/day.`,
    "",
    `A million concurrent games, one player-turn per game every 2 days: ${f(turnsMonth / 1e6, 1)} M player-turns a month.`,
    "",
    "| item | volume / month | $ / month |",
    "|---|---:|---:|",
    `| Workers Paid base | | 5.00 |`,
    `| Workers requests ($0.30/M beyond 10 M) | ${f(reqM, 0)} M | ${f(Math.max(0, reqM - 10) * 0.3)} |`,
    `| Workers CPU ($0.02/M CPU-ms beyond 30 M; assumed 3 ms a request) | ${f(cpuMs / 1e6, 0)} M ms | ${f(cpu)} |`,
    `| D1 rows read ($0.001/M beyond 25 B) | ${f(readsB, 1)} B | ${f(Math.max(0, readsB - 25) * 1000 * 0.001)} |`,
    `| D1 rows written ($1.00/M beyond 50 M) | ${f(writesM, 0)} M | ${f(Math.max(0, writesM - 50) * 1.0)} |`,
    `| D1 storage ($0.75/GB-month beyond 5 GB) | ${f(storageGB, 1)} GB | ${f(storage)} |`,
    `| Durable Objects requests ($0.15/M beyond 1 M; duration assumed inside the 400k GB-s included: hibernation) | ${f(doReqM, 0)} M | ${f(doCost)} |`,
    `| Resend (assumed Scale $90 for 100k then $0.90/1,000; at this volume a custom plan) | ${f(mailsMonth / 1e6, 2)} M mails | ${f(resend(mailsMonth))} |`,
    `| **total** | | **${f(total, 0)}** |`,
    `| for comparison, Resend with the old behaviour | ${f(oldMails / 1e6, 2)} M mails | ${f(resend(oldMails))} |`,
    "",
    `Measured: requests, D1 rows, mails, notices and Durable Object calls per player-turn, storage per game (local SQLite, not D1's billed size). Assumed: the behaviour model, 3 ms CPU a request (the warm figures above are 0.5-3.1), the WebSocket upgrade, one player-turn per game every 2 days, the prices. D1's 10 GB limit per database is below ${f(storageGB, 0)} GB: a million games need the games sharded over several databases (not built). Prices as I know them (list prices as of 2025; check before relying on them): Workers Paid $5/month with 10 M requests and 30 M CPU-ms, then $0.30/M requests and $0.02/M CPU-ms; D1 25 B rows read, 50 M written and 5 GB included, then $0.001/M read, $1.00/M written, $0.75/GB-month; Durable Objects 1 M requests and 400,000 GB-s included, then $0.15/M and $12.50/M GB-s (free plan: 100k requests and 13,000 GB-s a day); Resend Free 3,000/month (100/day), Pro $20 for 50k, Scale $90 for 100k, $0.90/1,000 beyond.`,
  ].join("\n");
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const r = await mailMixBench();
  console.log(JSON.stringify(r, null, 2));
  console.log(mailMixText(r, new Date().toISOString().slice(0, 16).replace("T", " ")));
}
