/**
 * The heaviest request of each ruleset on a freshly started isolate, and warm: creating a game
 * in which the computer moves first and plays its whole budget of actions (botActionsPerRequest)
 * inside the request. The CPU is the dev server's workerd process's (isolate, local D1 and the
 * HTTP server together: an upper bound of the request's own), read from /proc around the request.
 */
import { bundle, startBareWorker, type BareWorker as DevServer } from "./bare-worker";
import { median } from "./lib";

interface Heavy {
  ruleset: string;
  title: string;
  /** A game to create (POST /api/games), or none: GET /api/health. */
  body?: (n: number) => Record<string, unknown>;
}

const HEAVY: Heavy[] = [
  { ruleset: "health", title: "for scale: GET /api/health (the app's cheapest route)" },
  {
    ruleset: "none",
    title: "for scale: create a standard moscow game between two people (no computer's move)",
    body: (n) => ({
      ruleset: "moscow",
      scenario: "standard",
      seats: { german: { email: `german${n}@example.com`, name: "German" }, soviet: { email: `cold${n}@example.com`, name: "Cold" } },
      creator: "soviet",
      seed: `cold-${n}`,
    }),
  },
  {
    ruleset: "moscow",
    title: "moscow: create a standard game, the computer's German setup and moves inside the request",
    body: (n) => ({
      ruleset: "moscow",
      scenario: "standard",
      seats: { german: { bot: true }, soviet: { email: `cold${n}@example.com`, name: "Cold" } },
      creator: "soviet",
      seed: `cold-${n}`,
    }),
  },
  {
    ruleset: "dicewars",
    title: "dicewars: create a 25x25 game, three computers move first inside the request",
    body: (n) => ({
      ruleset: "dicewars",
      scenario: "25x25",
      options: { players: 4 },
      seats: { p1: { bot: true }, p2: { bot: true }, p3: { bot: true }, p4: { email: `cold${n}@example.com`, name: "Cold" } },
      creator: "p4",
      seed: `cold-${n}`,
    }),
  },
  {
    ruleset: "warshard",
    title: "warshard: create boot_camp, the computer's German player-turn inside the request",
    body: (n) => ({ ruleset: "warshard", scenario: "boot_camp", seats: { germany: { bot: true }, usa: { email: `cold${n}@example.com`, name: "Cold" } }, creator: "usa", seed: `cold-${n}` }),
  },
  {
    ruleset: "musket",
    title: "musket: create pitched-battle, the computer's activations inside the request",
    body: (n) => ({ ruleset: "musket", scenario: "pitched-battle", seats: { blue: { bot: true }, red: { email: `cold${n}@example.com`, name: "Cold" } }, creator: "red", seed: `cold-${n}` }),
  },
  {
    ruleset: "skirmish",
    title: "skirmish: create small-clash, the computer's activations inside the request",
    body: (n) => ({ ruleset: "skirmish", scenario: "small-clash", seats: { attacker: { bot: true }, defender: { email: `cold${n}@example.com`, name: "Cold" } }, creator: "defender", seed: `cold-${n}` }),
  },
];

const settle = () => new Promise((r) => setTimeout(r, 200));


/** CPU of one request in ms, the server's main thread and the whole process, read until its work after the response is done too. */
interface Cpu {
  main: number;
  process: number;
}

async function timed(server: DevServer, send: () => Promise<Response>, expect: number): Promise<Cpu> {
  await settle();
  const main0 = server.mainThreadCpuMs();
  const process0 = server.cpuMs();
  const res = await send();
  const text = await res.text();
  if (res.status !== expect) throw new Error(`refused: ${res.status} ${text}`);
  // the mail written after the response (waitUntil) is the request's too
  await settle();
  return { main: server.mainThreadCpuMs() - main0, process: server.cpuMs() - process0 };
}

const send = (server: DevServer, body: Record<string, unknown> | undefined) =>
  body
    ? timed(server, () => fetch(`${server.url}/api/games`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) }), 201)
    : timed(server, () => fetch(`${server.url}/api/health`), 200);

const replay = (server: DevServer, batches: unknown) =>
  timed(server, () => fetch(`${server.url}/api/__bench/replay`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(batches) }), 200);

const idle = (server: DevServer) => timed(server, () => fetch(`${server.url}/api/__bench/up`), 200);

async function warmD1(server: DevServer): Promise<void> {
  const res = await fetch(`${server.url}/api/__bench/d1`);
  if (!res.ok) throw new Error(`warming D1 failed: ${res.status} ${await res.text()}`);
}

async function recorded(server: DevServer): Promise<unknown[]> {
  return (await (await fetch(`${server.url}/api/__bench/recorded`)).json()) as unknown[];
}

export interface ColdFigure {
  title: string;
  /** The heavy request minus the same D1 batches replayed with nothing around them, on the main thread. */
  coldOwnMs: number;
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
  /** The main thread over the same window with no request's work (a bare bench route): the floor. */
  idleMs: number;
}

/**
 * Each isolate: a fresh server runs the heavy request first (cold), then 3 to warm up and 7
 * timed (warm), recording every D1 batch; a second fresh server is sent the same batches in the
 * same order through a bench route that does nothing else, timed the same way. The request's
 * own CPU is the difference on workerd's main thread (the replay's JSON parsing left in it, so
 * a slight underestimate there; the recording, a slight overestimate in the request).
 */
export async function coldRequestBench({ isolates = Number(process.env.COLD_ISOLATES ?? 3), warmRuns = 7, port = 8798, only = process.env.COLD_RULESETS } = {}): Promise<ColdFigure[]> {
  const figures: ColdFigure[] = [];
  const script = bundle("bench/isolate-entry.ts");
  let n = 0;
  for (const heavy of HEAVY.filter((h) => !only || only.split(",").includes(h.ruleset))) {
    const cold: { req: Cpu; replay: Cpu }[] = [];
    const warm: { req: Cpu; replay: Cpu }[] = [];
    const idles: number[] = [];
    let batches = 0;
    for (let i = 0; i < isolates; i++) {
      const recordings: unknown[][] = [];
      const requests: Cpu[] = [];
      const app = await startBareWorker(script, port);
      try {
        await warmD1(app);
        for (let w = 0; w < 4 + warmRuns; w++) {
          requests.push(await send(app, heavy.body?.(n++)));
          recordings.push(await recorded(app));
        }
        idles.push((await idle(app)).main);
      } finally {
        await app.stop();
      }
      batches = recordings[0]!.length;
      const bare = await startBareWorker(script, port);
      try {
        await warmD1(bare);
        for (let w = 0; w < recordings.length; w++) {
          const r = await replay(bare, recordings[w]);
          if (w === 0) cold.push({ req: requests[0]!, replay: r });
          else if (w >= 4) warm.push({ req: requests[w]!, replay: r });
        }
      } finally {
        await bare.stop();
      }
    }
    const m = (xs: { req: Cpu; replay: Cpu }[], f: (x: { req: Cpu; replay: Cpu }) => number) => median(xs.map(f));
    figures.push({
      title: heavy.title,
      coldOwnMs: m(cold, (x) => x.req.main - x.replay.main),
      warmOwnMs: m(warm, (x) => x.req.main - x.replay.main),
      coldMainMs: m(cold, (x) => x.req.main),
      warmMainMs: m(warm, (x) => x.req.main),
      coldProcessMs: m(cold, (x) => x.req.process),
      warmProcessMs: m(warm, (x) => x.req.process),
      coldReplayMs: m(cold, (x) => x.replay.main),
      warmReplayMs: m(warm, (x) => x.replay.main),
      batches,
      idleMs: median(idles),
    });
  }
  return figures;
}

export function coldRequestText(figures: ColdFigure[]): string {
  return [
    "### The heaviest request of each ruleset, cold and warm (workerd under `wrangler dev`)",
    "",
    "TODO",
    "",
    "| request | D1 batches | own cold CPU ms | own warm CPU ms | main thread cold / warm ms | its D1 replayed cold / warm ms | whole process cold / warm ms | idle ms |",
    "|---|---:|---:|---:|---:|---:|---:|---:|",
    ...figures.map(
      (f) =>
        `| ${f.title} | ${f.batches} | **${f.coldOwnMs.toFixed(1)}** | ${f.warmOwnMs.toFixed(1)} | ${f.coldMainMs.toFixed(1)} / ${f.warmMainMs.toFixed(1)} | ${f.coldReplayMs.toFixed(1)} / ${f.warmReplayMs.toFixed(1)} | ${f.coldProcessMs.toFixed(1)} / ${f.warmProcessMs.toFixed(1)} | ${f.idleMs.toFixed(1)} |`,
    ),
  ].join("\n");
}

if (import.meta.url === `file://${process.argv[1]}`) console.log(coldRequestText(await coldRequestBench()));
