/**
 * The heaviest request of each ruleset on a freshly started isolate, and warm: creating a game
 * in which the computer moves first and plays its whole budget of actions (botActionsPerRequest)
 * inside the request. The figure is the isolate's own CPU, by difference: workerd's main thread
 * around the request minus the same D1 batches replayed alone on another fresh server (see
 * bench/bare-worker.ts for the server, bench/isolate-entry.ts for the recorder and the replay).
 */
import { readFileSync, rmSync } from "node:fs";
import path from "node:path";
import { bundle, startBareWorker, startIsolates, statDelta, type BareWorker as DevServer, type ThreadStat } from "./bare-worker";
import { median } from "./lib";
import { createFakeResend } from "../scripts/fake-resend";
import { botActionsPerRequest } from "../worker/games/advance";
import { CRON_LIMITS } from "../worker/cron";
import { getRuleset } from "../worker/engine/registry";
import { rngFromSeed } from "../worker/engine/rng";
import { benchStart, playBudget } from "./budget";

interface Heavy {
  ruleset: string;
  title: string;
  /** A game to create (POST /api/games), or none: GET /api/health. */
  body?: (n: number | string) => Record<string, unknown>;
  /**
   * Time instead the human's first submission to the game `body` creates (the creation is made
   * on a third server and its D1 batches replayed into both timed servers first, through the
   * bench route, so the app's code is still cold): the seat's action chosen by the engine's bot.
   */
  submit?: { seat: string };
  /**
   * Run the row with the mail sent as in production: DEV_MODE off, the real Resend SDK talking
   * to a local fake Resend API (scripts/fake-resend.ts). The other rows use the dev mailbox.
   */
  resend?: boolean;
  /** Time instead the seat's page opening that game from its mail (GET /api/games/:id with the seat's link), made as for `submit`. */
  open?: { seat: string };
  /**
   * Also time the engine alone (the scenario's setup and the computer's budget, no D1), and the
   * computer's busiest budget of a seeded self-play game of the scenario (busiestPosition).
   */
  engine?: { scenario: string; options?: Record<string, unknown> };
  /**
   * Time instead a cron run after these games were made: created on a third server, only their
   * own batches go into the timed servers, not the sending after each response, so their mail
   * is still due (two mails a game between two people), and a game the computer plays alone
   * waits on it after its create's budget.
   */
  cron?: { games: number; body: (n: string) => Record<string, unknown> }[];
}

/** Each pair's game its own seed, or with COLD_SEED every pair the same game (to tell the game's own work from the isolate's). */
const gameSeed = (n: number | string): string => process.env.COLD_SEED ?? `cold-${n}`;

function twoHumans(n: number | string): Record<string, unknown> {
  return {
    ruleset: "moscow",
    scenario: "standard",
    seats: { german: { email: `german${n}@example.com`, name: "German" }, soviet: { email: `cold${n}@example.com`, name: "Cold" } },
    creator: "soviet",
    seed: gameSeed(n),
  };
}

function computerAlone(n: string): Record<string, unknown> {
  return { ruleset: "moscow", scenario: "standard", seats: { german: { bot: true }, soviet: { bot: true } }, seed: gameSeed(n) };
}

function diceWarsAfterBots(n: number | string): Record<string, unknown> {
  return {
    ruleset: "dicewars",
    scenario: "25x25",
    options: { players: 4 },
    seats: { p1: { bot: true }, p2: { bot: true }, p3: { bot: true }, p4: { email: `cold${n}@example.com`, name: "Cold" } },
    creator: "p4",
    seed: gameSeed(n),
  };
}

export const HEAVY: Heavy[] = [
  { ruleset: "health", title: "for scale: GET /api/health (the app's cheapest route)" },
  {
    ruleset: "none",
    title: "for scale: create a standard moscow game between two people (no computer's move)",
    body: twoHumans,
  },
  {
    ruleset: "cron",
    title: `cron: a run at its limits: ${CRON_LIMITS.botGames} games the computer plays alone resumed for its budget each, ${CRON_LIMITS.mails} mails due sent and recorded`,
    cron: [
      { games: CRON_LIMITS.botGames, body: computerAlone },
      { games: CRON_LIMITS.mails / 2, body: twoHumans },
    ],
  },
  {
    ruleset: "resend",
    title: "dicewars: create a 25x25 game, three computers move first, its mail sent through the Resend SDK (DEV_MODE off, a local fake Resend API)",
    resend: true,
    // no seed: only a dev server takes one
    body: (n) => ({ ...diceWarsAfterBots(n), seed: undefined }),
  },
  {
    ruleset: "open",
    title: "the page opening a game from its mail: dicewars 25x25, the three computers' turns to replay (GET /api/games/:id)",
    open: { seat: "p4" },
    body: diceWarsAfterBots,
  },
  {
    ruleset: "moscow",
    engine: { scenario: "standard" },
    title: "moscow: the Soviet player's setup submitted, the computer's German moves inside the request",
    submit: { seat: "soviet" },
    body: (n) => ({
      ruleset: "moscow",
      scenario: "standard",
      seats: { german: { bot: true }, soviet: { email: `cold${n}@example.com`, name: "Cold" } },
      creator: "soviet",
      seed: gameSeed(n),
    }),
  },
  {
    ruleset: "dicewars",
    engine: { scenario: "25x25", options: { players: 4 } },
    title: "dicewars: create a 25x25 game, three computers move first inside the request",
    body: diceWarsAfterBots,
  },
  {
    ruleset: "warshard",
    engine: { scenario: "boot_camp" },
    title: "warshard: create boot_camp, the computer's German player-turn inside the request",
    body: (n) => ({ ruleset: "warshard", scenario: "boot_camp", seats: { germany: { bot: true }, usa: { email: `cold${n}@example.com`, name: "Cold" } }, creator: "usa", seed: gameSeed(n) }),
  },
  {
    ruleset: "musket",
    engine: { scenario: "pitched-battle" },
    title: "musket: create pitched-battle, the computer's activations inside the request",
    body: (n) => ({ ruleset: "musket", scenario: "pitched-battle", seats: { blue: { bot: true }, red: { email: `cold${n}@example.com`, name: "Cold" } }, creator: "red", seed: gameSeed(n) }),
  },
  {
    ruleset: "skirmish",
    engine: { scenario: "small-clash" },
    title: "skirmish: create small-clash, the computer's activations inside the request",
    body: (n) => ({ ruleset: "skirmish", scenario: "small-clash", seats: { defender: { bot: true }, attacker: { email: `cold${n}@example.com`, name: "Cold" } }, creator: "attacker", seed: gameSeed(n) }),
  },
];

const settle = () => new Promise((r) => setTimeout(r, 200));


/** CPU of one request in ms, the server's main thread and the whole process, read until its work after the response is done too. */
interface Cpu {
  main: number;
  process: number;
  /** The main thread's page faults, ticks and switches over the same window. */
  stat: ThreadStat;
}

async function timed(server: DevServer, send: () => Promise<Response>, expect: number): Promise<Cpu> {
  await settle();
  const stat0 = server.mainThreadStat();
  const main0 = server.mainThreadCpuMs();
  const process0 = server.cpuMs();
  const res = await send();
  const text = await res.text();
  if (res.status !== expect) throw new Error(`refused: ${res.status} ${text}`);
  // the mail written after the response (waitUntil) is the request's too
  await settle();
  const main = server.mainThreadCpuMs() - main0;
  const process = server.cpuMs() - process0;
  return { main, process, stat: statDelta(server.mainThreadStat(), stat0) };
}

/** How a row's request is sent. */
type Send = (server: DevServer, n: number) => Promise<Cpu>;

const sendOf = (heavy: Heavy): Send => {
  const { body } = heavy;
  return body
    ? (server, n) => timed(server, () => fetch(`${server.url}/api/games`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body(n)) }), 201)
    : (server) => timed(server, () => fetch(`${server.url}/api/health`), 200);
};

/** A timed request that needs a game in D1 first: the D1 batches that make it, and the request. */
interface Prepared {
  seed: unknown[][];
  send: Send;
}

type Prepare = (prep: DevServer, n: number) => Promise<Prepared>;

const post = (url: string, body: unknown, headers: Record<string, string> = {}) =>
  fetch(url, { method: "POST", headers: { "content-type": "application/json", ...headers }, body: JSON.stringify(body) });

const prepareSubmit =
  (body: NonNullable<Heavy["body"]>, seat: string): Prepare =>
  async (prep, n) => {
    const game = body(n);
    const res = await post(`${prep.url}/api/games`, game);
    if (res.status !== 201) throw new Error(`create refused: ${res.status} ${await res.text()}`);
    const created = (await res.json()) as { id: string; you: { token: string } };
    await settle();
    const seed = await recorded(prep);
    const view = (await (await fetch(`${prep.url}/api/games/${created.id}`)).json()) as { seq: number; state: unknown };
    await recorded(prep);
    const action = getRuleset(String(game.ruleset))!.bot(view.state, seat, rngFromSeed(`submit-${n}`));
    const submission = { seq: view.seq, actions: [action] };
    return { seed, send: (server) => timed(server, () => post(`${server.url}/api/games/${created.id}/actions`, submission, { authorization: `Bearer ${created.you.token}` }), 200) };
  };

const prepareOpen =
  (body: NonNullable<Heavy["body"]>): Prepare =>
  async (prep, n) => {
    const res = await post(`${prep.url}/api/games`, body(n));
    if (res.status !== 201) throw new Error(`create refused: ${res.status} ${await res.text()}`);
    const created = (await res.json()) as { id: string; you: { token: string } };
    await settle();
    const seed = await recorded(prep);
    return { seed, send: (server) => timed(server, () => fetch(`${server.url}/api/games/${created.id}`, { headers: { authorization: `Bearer ${created.you.token}` } }), 200) };
  };

const prepareCron =
  (made: NonNullable<Heavy["cron"]>): Prepare =>
  async (prep, n) => {
    for (const { games, body } of made) {
      for (let g = 0; g < games; g++) {
        const res = await post(`${prep.url}/api/games`, body(`${n}-${g}`));
        if (res.status !== 201) throw new Error(`create refused: ${res.status} ${await res.text()}`);
        await res.text();
      }
    }
    await settle();
    const seed = (await recorded(prep)).filter((batch) => Array.isArray(batch) && (batch as { sql: string }[]).some((s) => s.sql.startsWith('insert into "games"')));
    return { seed, send: (server) => timed(server, () => fetch(`${server.url}/api/__bench/cron`), 200) };
  };

const sendEngine =
  (ruleset: string, { scenario, options = {} }: NonNullable<Heavy["engine"]>): Send =>
  (server) =>
    timed(server, () => fetch(`${server.url}/api/__bench/engine?${new URLSearchParams({ ruleset, scenario, options: JSON.stringify(options) })}`), 200);

/**
 * Where a seeded self-play game of the scenario (its first 2,000 actions at most) gives the
 * computer the budget of actions that makes the most events (fights, rolls, losses): the code a
 * request from the start never runs, on an isolate whose warm-up played only from the start.
 * Each budget is played as the bench route plays it (bench/budget.ts), so the route replays it exactly.
 */
export function busiestPosition(id: string, { scenario, options = {} }: NonNullable<Heavy["engine"]>): { state: unknown; after: number; events: number } {
  const ruleset = getRuleset(id)!;
  const start = benchStart(ruleset, scenario, options);
  if (!start.ok) throw new Error(start.message);
  let best = { state: start.state, after: 0, events: -1 };
  for (let state = start.state, after = 0; after < 2000; ) {
    const window = playBudget(ruleset, state);
    if (!window.ok) throw new Error(window.message);
    if (window.played < botActionsPerRequest(ruleset)) return best;
    if (window.events > best.events) best = { state, after, events: window.events };
    state = window.state;
    after += window.played;
  }
  return best;
}

const sendEngineFrom =
  (ruleset: string, state: unknown): Send =>
  (server) =>
    timed(server, () => post(`${server.url}/api/__bench/engine-from`, { ruleset, state }), 200);

const replay = (server: DevServer, batches: unknown) =>
  timed(server, () => fetch(`${server.url}/api/__bench/replay`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(batches) }), 200);

/**
 * Local D1 warmed before the timed request, on both servers of a pair: one trivial batch, then
 * `priming` (the batches of one such request made on a server of its own, other game ids and
 * addresses) replayed. In production D1 is another service and none of its work is the
 * Worker's CPU; here it runs on the same main thread, and its own first statements (SQLite's
 * compiling, miniflare's plumbing) swung a fresh server's replay of the same batches from 8 to
 * 15 ms, noise in the difference that is the pair's figure. The app's code stays cold.
 */
async function warmD1(server: DevServer, priming: unknown[][] = []): Promise<void> {
  const res = await fetch(`${server.url}/api/__bench/d1`);
  if (!res.ok) throw new Error(`warming D1 failed: ${res.status} ${await res.text()}`);
  if (priming.length > 0) await replay(server, priming);
}

/** The batches of one request of the row, made on a server of its own (see warmD1). */
async function primingBatches(script: string, port: number, bindings: Record<string, string> | undefined, send: Send): Promise<unknown[][]> {
  const server = await startBareWorker(script, port, { bindings });
  try {
    await warmD1(server);
    await send(server, n++);
    return await recorded(server);
  } finally {
    await server.stop();
  }
}

async function recorded(server: DevServer): Promise<unknown[][]> {
  return (await (await fetch(`${server.url}/api/__bench/recorded`)).json()) as unknown[][];
}

export interface ColdFigure {
  title: string;
  /** The heavy request minus the same D1 batches replayed with nothing around them, on the main thread. */
  coldOwnMs: number;
  /** The highest of the pairs' cold figures. */
  coldOwnMaxMs: number;
  warmOwnMs: number;
  /** The heavy request alone: main thread, then the whole process. */
  coldMainMs: number;
  warmMainMs: number;
  coldProcessMs: number;
  warmProcessMs: number;
  /** The replay's main thread: local D1, HTTP server, miniflare. */
  coldReplayMs: number;
  warmReplayMs: number;
  /** D1 batches (round trips) the request sent, its mail after the response included. */
  batches: number;
  /** Pairs of fresh servers (cold figures: one each). */
  isolates: number;
  /**
   * Each pair's cold figures (main thread ms, the request and its replay, their difference): a high
   * one shows which side it came from; `load` is the machine's 1-minute load average just before the cold request.
   */
  coldPairs: { req: number; replay: number; own: number; load: number; replays?: number[]; faults: PairFaults }[];
  /** The warm pairs: their own CPU (ms) and counters, as `coldPairs[]`. */
  warmPairs: { own: number; faults: PairFaults }[];
}

/**
 * The main thread's counters around a pair's request and its replay: minor and major page faults,
 * user and system clock ticks (10 ms each), involuntary switches, and the machine's steal ticks.
 */
export interface PairFaults {
  req: [minor: number, major: number, user: number, system: number, involuntary: number, steal: number];
  replay: [minor: number, major: number, user: number, system: number, involuntary: number, steal: number];
}

const counters = ({ minorFaults, majorFaults, userTicks, systemTicks, involuntarySwitches, stealTicks }: ThreadStat): PairFaults["req"] => [minorFaults, majorFaults, userTicks, systemTicks, involuntarySwitches, stealTicks];
const pairFaults = (x: Pair): PairFaults => ({ req: counters(x.req.stat), replay: counters(x.replay.stat) });

/**
 * Each isolate: a fresh server runs the heavy request first (cold), then 3 to warm up and 7
 * timed (warm), recording every D1 batch; a second fresh server is sent the same batches in the
 * same order through a bench route that does nothing else, timed the same way. The request's
 * own CPU is the difference on workerd's main thread (the replay's JSON parsing left in it, so
 * a slight underestimate there; the recording, a slight overestimate in the request).
 */
export async function coldRequestBench({
  isolates = Number(process.env.COLD_ISOLATES ?? 3),
  warmRuns = Number(process.env.COLD_WARM ?? 7),
  replaysPerPair = Number(process.env.COLD_REPLAYS ?? 1),
  port = Number(process.env.COLD_PORT ?? 8798),
  only = process.env.COLD_RULESETS,
  titled = process.env.COLD_TITLES ?? "",
  entry = process.env.COLD_ENTRY ?? "bench/isolate-entry.ts",
} = {}): Promise<ColdFigure[]> {
  const script = bundle(entry);
  const figures: ColdFigure[] = [];
  const selected = HEAVY.filter((h) => !only || only.split(",").includes(h.ruleset));
  // the Resend row's mail goes to a fake Resend API on this machine
  const fakeResend = selected.some((h) => h.resend) ? createFakeResend() : null;
  await fakeResend?.listen(FAKE_RESEND_PORT);
  try {
    for (const heavy of selected) {
      const prepare =
        heavy.submit && heavy.body
          ? prepareSubmit(heavy.body, heavy.submit.seat)
          : heavy.open && heavy.body
            ? prepareOpen(heavy.body)
            : heavy.cron
              ? prepareCron(heavy.cron)
              : undefined;
      const rows: [string, Send, Prepare | undefined][] = [[heavy.title, sendOf(heavy), prepare]];
      if (heavy.engine) {
        const title = `${heavy.ruleset}: the engine alone (the setup and the computer's ${botActionsPerRequest(getRuleset(heavy.ruleset)!)} actions, no D1)`;
        rows.push([title, sendEngine(heavy.ruleset, heavy.engine), undefined]);
        const busiest = busiestPosition(heavy.ruleset, heavy.engine);
        const busiestTitle = `${heavy.ruleset}: the engine alone, the computer's busiest ${botActionsPerRequest(getRuleset(heavy.ruleset)!)} actions of a self-play game (from action ${busiest.after}, ${busiest.events} events)`;
        rows.push([busiestTitle, sendEngineFrom(heavy.ruleset, busiest.state), undefined]);
      }
      for (const [title, send, prep] of rows.filter(([title]) => title.includes(titled))) {
        const bindings = heavy.resend ? { DEV_MODE: "false", RESEND_API_KEY: "re_bench", RESEND_BASE_URL: `http://127.0.0.1:${FAKE_RESEND_PORT}` } : undefined;
        const inProcess = process.env.COLD_INPROCESS === "1";
        if (inProcess && prep) throw new Error(`COLD_INPROCESS=1 times a create or GET /api/health, not "${title}" (its games are made first)`);
        const figure = inProcess
          ? await measureRowInProcess(title, send, { script, isolates, port, bindings })
          : await measureRow(title, send, { script, isolates, warmRuns, port, prepare: prep, bindings, replaysPerPair });
        if (heavy.resend) await expectSentThroughResend(isolates * (4 + warmRuns));
        figures.push(figure);
        // a long run's rows as they come, should it be cut short
        console.error(`cold-request: ${JSON.stringify(figure)}`);
      }
    }
  } finally {
    await fakeResend?.close();
    rmSync(path.dirname(script), { recursive: true, force: true });
  }
  return figures;
}

let n = 0;
const FAKE_RESEND_PORT = 4012;

/** The Resend row measured real sends: the fake Resend API got at least one mail a request. */
async function expectSentThroughResend(requests: number): Promise<void> {
  const { sent } = (await (await fetch(`http://127.0.0.1:${FAKE_RESEND_PORT}/__sent?key=re_bench`)).json()) as { sent: unknown[] };
  if (sent.length < requests) throw new Error(`the Resend row sent ${sent.length} mails through the SDK for ${requests} requests`);
}

interface RowOptions {
  script: string;
  isolates: number;
  warmRuns: number;
  port: number;
  prepare?: Prepare;
  bindings?: Record<string, string>;
  replaysPerPair: number;
}

async function measureRow(title: string, send: Send, { script, isolates, warmRuns, port, prepare, bindings, replaysPerPair }: RowOptions): Promise<ColdFigure> {
  const cold: Pair[] = [];
  const warm: Pair[] = [];
  const loads: number[] = [];
  let batches = 0;
  const prepared: Prepared[][] = [];
  if (prepare) {
    const prep = await startBareWorker(script, port, { bindings });
    try {
      for (let i = 0; i < isolates; i++) {
        prepared.push([]);
        for (let w = 0; w < 4 + warmRuns; w++) prepared[i]!.push(await prepare(prep, n++));
      }
    } finally {
      await prep.stop();
    }
  }
  const priming = prepare ? [] : await primingBatches(script, port, bindings, send);
  for (let i = 0; i < isolates; i++) {
    const recordings: unknown[][][] = [];
    const requests: Cpu[] = [];
    const games = prepared[i];
    // the games the timed requests need, made through the bench route (it also warms local D1)
    const seed = async (server: DevServer) => (games ? void (await replay(server, games.flatMap((g) => g.seed))) : warmD1(server, priming));
    const ns = Array.from({ length: 4 + warmRuns }, () => n++);
    const sendAs = (server: DevServer, w: number) => (games ? games[w]!.send : send)(server, ns[w]!);
    // The timed server runs the app as deployed, recording nothing (the recorder's own first run
    // cost about a millisecond cold, on the request's side only); a twin, fresh and seeded alike,
    // is sent the same requests, and its batches are the ones replayed. COLD_TWIN=0: the timed
    // server records them itself, as before.
    const twin = process.env.COLD_TWIN !== "0";
    const app = await startBareWorker(script, port, { bindings: twin ? { ...bindings, BENCH_RECORD: "off" } : bindings });
    try {
      await seed(app);
      for (let w = 0; w < 4 + warmRuns; w++) {
        if (w === 0) loads.push(loadAverage());
        requests.push(await sendAs(app, w));
        if (!twin) recordings.push(await recorded(app));
      }
      // a warm-up that failed would leave every cold figure here measuring no warm-up at all
      if (/^warm-up /m.test(app.output())) throw new Error(`the isolate's warm-up failed:\n${app.output()}`);
    } finally {
      await app.stop();
    }
    if (twin) {
      const recorder = await startBareWorker(script, port, { bindings });
      try {
        await seed(recorder);
        for (let w = 0; w < 4 + warmRuns; w++) {
          await sendAs(recorder, w);
          recordings.push(await recorded(recorder));
        }
      } finally {
        await recorder.stop();
      }
    }
    // D1 batches only: the live page's calls (replayed too) are not D1's
    batches = recordings[0]!.filter((r) => Array.isArray(r)).length;
    // COLD_CONTROL=k: the "cold" pair is the app's request k (after k others: warm) against
    // the fresh server's first replay, to see how far the method alone spreads a pair
    const control = Number(process.env.COLD_CONTROL ?? 0);
    const bare = await startBareWorker(script, port, { bindings });
    try {
      await seed(bare);
      const order = [control, ...recordings.keys()].filter((w, i) => i === 0 || w !== control);
      for (const w of order) {
        const r = await replay(bare, recordings[w]);
        if (w === control) cold.push({ req: requests[w]!, replay: r });
        else if (w >= 4) warm.push({ req: requests[w]!, replay: r });
      }
    } finally {
      await bare.stop();
    }
    // COLD_REPLAYS=k: the cold replay taken again on k-1 more fresh servers and the median kept,
    // so one server's own spread (7-14 ms for the same batches) no longer lands whole in the pair
    const others: Cpu[] = [];
    for (let k = 1; k < replaysPerPair; k++) {
      const again = await startBareWorker(script, port, { bindings });
      try {
        await seed(again);
        others.push(await replay(again, recordings[control]));
      } finally {
        await again.stop();
      }
    }
    if (others.length > 0) {
      const pair = cold[cold.length - 1]!;
      const all = [pair.replay, ...others];
      pair.replay = { main: median(all.map((c) => c.main)), process: median(all.map((c) => c.process)), stat: pair.replay.stat };
      pair.replays = all.map((c) => Number(c.main.toFixed(2)));
    }
  }
  return figureOf(title, cold, warm, loads, batches, isolates);
}

function figureOf(title: string, cold: Pair[], warm: Pair[], loads: number[], batches: number, isolates: number): ColdFigure {
  const m = (xs: Pair[], f: (x: Pair) => number) => median(xs.map(f));
  return {
    title,
    coldOwnMs: m(cold, (x) => x.req.main - x.replay.main),
    coldOwnMaxMs: Math.max(...cold.map((x) => x.req.main - x.replay.main)),
    warmOwnMs: m(warm, (x) => x.req.main - x.replay.main),
    coldMainMs: m(cold, (x) => x.req.main),
    warmMainMs: m(warm, (x) => x.req.main),
    coldProcessMs: m(cold, (x) => x.req.process),
    warmProcessMs: m(warm, (x) => x.req.process),
    coldReplayMs: m(cold, (x) => x.replay.main),
    warmReplayMs: m(warm, (x) => x.replay.main),
    batches,
    isolates,
    coldPairs: cold.map((x, i) => ({ req: Number(x.req.main.toFixed(2)), replay: Number(x.replay.main.toFixed(2)), own: Number((x.req.main - x.replay.main).toFixed(2)), load: loads[i]!, ...(x.replays ? { replays: x.replays } : {}), faults: pairFaults(x) })),
    warmPairs: warm.map((x) => ({ own: Number((x.req.main - x.replay.main).toFixed(2)), faults: pairFaults(x) })),
  };
}

/**
 * COLD_INPROCESS=1: the fresh isolates are `isolates` copies of the Worker in ONE workerd process
 * (bench/bare-worker.ts startIsolates), each made and its global scope (the warm-up) run when the
 * process starts, as Cloudflare makes a new isolate inside a process that serves many. Each copy
 * is sent, as a fresh server is in the default mode, one trivial D1 batch and one such request's
 * batches (made by a copy of its own in a second process) through the bench route, then the
 * row's request: timed, cold. The D1 work is taken out as in the default mode, by the same
 * batches replayed, but by one replaying copy in the same process, long warm (its route, the
 * local D1 and the shared live page's object are the same warm ones the request met), so the
 * pair is the copy's own first request and nothing of a fresh process. The batches replayed are
 * a twin's: in the second process, a fresh copy sent the same request, recording.
 * Warm, the control: one more copy, sent 3 requests first, is timed the same way right after each
 * cold pair, so that cold and warm pairs meet the machine in the same minutes (`warmRuns` unused).
 */
async function measureRowInProcess(title: string, send: Send, { script, isolates, port, bindings = {} }: Omit<RowOptions, "replaysPerPair" | "prepare" | "warmRuns">): Promise<ColdFigure> {
  const apps = Array.from({ length: isolates }, (_, k) => `app${k}`);
  const copies = [...apps, "control"];
  const recorders = await startIsolates(script, port + 1, {
    workers: [...copies.flatMap((name) => [`twin-${name}`, `prime-${name}`]), "prime-replayer"].map((name) => ({ name, bindings })),
    live: "own",
    pin: "aside",
  });
  const cold: Pair[] = [];
  const warm: Pair[] = [];
  const loads: number[] = [];
  let batches = 0;
  try {
    // one such request's batches for each copy, and four for the replaying copy, each a game of its own
    const priming = new Map<string, unknown[][]>();
    for (const name of copies) {
      const prime = recorders.worker(`prime-${name}`);
      await warmD1(prime);
      await send(prime, n++);
      priming.set(name, await recorded(prime));
    }
    const primeReplayer = recorders.worker("prime-replayer");
    await warmD1(primeReplayer);
    const replayerPriming: unknown[][][] = [];
    for (let w = 0; w < 4; w++) {
      await send(primeReplayer, n++);
      replayerPriming.push(await recorded(primeReplayer));
    }
    const timedProcess = await startIsolates(script, port, {
      workers: [...copies.map((name) => ({ name, bindings: { ...bindings, BENCH_RECORD: "off" } })), { name: "replayer", bindings }],
      live: "shared",
      pin: "timed",
    });
    try {
      const replayer = timedProcess.worker("replayer");
      await warmD1(replayer);
      for (const set of replayerPriming) await replay(replayer, set);
      /** The copy's request, its twin's batches, and their replay: a pair, and its D1 batches. */
      const pairOf = async (name: string, first: boolean): Promise<[Pair, number]> => {
        const twin = recorders.worker(`twin-${name}`);
        if (first) await warmD1(twin);
        const number = n++;
        const req = await send(timedProcess.worker(name), number);
        await send(twin, number);
        const batchesOf = await recorded(twin);
        return [{ req, replay: await replay(replayer, batchesOf) }, batchesOf.filter((r) => Array.isArray(r)).length];
      };
      for (const name of copies) await warmD1(timedProcess.worker(name), priming.get(name));
      for (let w = 0; w < 3; w++) await pairOf("control", w === 0);
      for (const name of apps) {
        loads.push(loadAverage());
        const [pair, count] = await pairOf(name, true);
        cold.push(pair);
        batches = count;
        warm.push((await pairOf("control", false))[0]);
      }
      if (/^warm-up /m.test(replayer.output())) throw new Error(`an isolate's warm-up failed:\n${replayer.output()}`);
    } finally {
      await timedProcess.stop();
    }
  } finally {
    await recorders.stop();
  }
  return figureOf(title, cold, warm, loads, batches, isolates);
}

/** The 1-minute load average (/proc/loadavg): on 2 shared cores, others' test runs show in the cold pairs. */
const loadAverage = (): number => Number(readFileSync("/proc/loadavg", "utf8").split(" ")[0]);

interface Pair {
  req: Cpu;
  replay: Cpu;
  /** With COLD_REPLAYS over 1: each fresh server's cold replay (main thread ms); `replay` is their median. */
  replays?: number[];
}

export function coldRequestText(figures: ColdFigure[]): string {
  return [
    "### The heaviest request of each ruleset, cold and warm (the Worker's own CPU in workerd)",
    "",
    `The Worker as deployed (\`wrangler deploy --dry-run\` bundle of bench/isolate-entry.ts, the app unchanged around a bench-only recorder) in one workerd process started by miniflare, local D1, no inspector. Cold: the first request of the app on a freshly started isolate (after one trivial D1 batch through a bench route, so local D1 is warm; the app's code is not; for moscow's submission, the game's own batches, made on a third server, go in that way first). Warm: the same request after 3 others (7 timed). Medians over ${figures[0]?.isolates ?? 0} pairs of fresh servers.`,
    "",
    "**Own CPU** is the isolate's: CPU time of workerd's main thread (/proc schedstat; it runs every isolate, local D1's included, and the HTTP server) around the request, until its work after the response (the mail) is done, minus the same on a second fresh server sent exactly the D1 batches the request sent (recorded by the bench entry, same order) through a bench route that does nothing else. What is left is the app's JavaScript, its lazy compilation and garbage collection, and the runtime APIs it calls (crypto, JSON); the D1 client's own JavaScript is on both sides and so left out. An estimate by difference of two noisy figures: repeated runs agree within about ±3 ms cold. The engine-alone rows run the scenario's setup and the computer's budget (`botActionsPerRequest`) through a bench route with no D1. The cron row runs the app's scheduled handler through a bench route (miniflare's trigger handlers, which send a real scheduled event, put more of miniflare around every request) after games were made on a third server and only their own batches replayed into both timed servers (so their mail is still due and the computer's games wait on it). `wrangler dev` measured from outside counts its proxy process (the one on the dev port) instead of the Worker's, and adds an inspector session; the old figures here (13-16 ms cold) were the proxy's.",
    "",
    "| request | D1 batches | own cold CPU ms | highest cold of the pairs | own warm CPU ms | main thread cold / warm ms | its D1 batches replayed cold / warm ms | whole process cold / warm ms |",
    "|---|---:|---:|---:|---:|---:|---:|---:|",
    ...figures.map(
      (f) =>
        `| ${f.title} | ${f.batches} | **${f.coldOwnMs.toFixed(1)}** | ${f.coldOwnMaxMs.toFixed(1)} | ${f.warmOwnMs.toFixed(1)} | ${f.coldMainMs.toFixed(1)} / ${f.warmMainMs.toFixed(1)} | ${f.coldReplayMs.toFixed(1)} / ${f.warmReplayMs.toFixed(1)} | ${f.coldProcessMs.toFixed(1)} / ${f.warmProcessMs.toFixed(1)} |`,
    ),
  ].join("\n");
}

if (import.meta.url === `file://${process.argv[1]}`) console.log(coldRequestText(await coldRequestBench()));
