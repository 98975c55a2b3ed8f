/**
 * The heaviest request of each ruleset on a freshly started isolate, and warm: creating a game
 * in which the computer moves first and plays its whole budget of actions (botActionsPerRequest)
 * inside the request. The CPU is the dev server's workerd process's (isolate, local D1 and the
 * HTTP server together: an upper bound of the request's own), read from /proc around the request.
 */
import { startDevServer, type DevServer } from "./devserver";
import { median } from "./lib";

interface Heavy {
  ruleset: string;
  title: string;
  body: (n: number) => Record<string, unknown>;
}

const HEAVY: Heavy[] = [
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
];

const settle = () => new Promise((r) => setTimeout(r, 300));

async function timedCreate(server: DevServer, body: Record<string, unknown>): Promise<number> {
  await settle();
  const before = server.cpuMs();
  const res = await fetch(`${server.url}/api/games`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
  const text = await res.text();
  const cpu = server.cpuMs() - before;
  if (res.status !== 201) throw new Error(`create refused: ${res.status} ${text}`);
  return cpu;
}

async function idleCpu(server: DevServer): Promise<number> {
  await settle();
  const before = server.cpuMs();
  await (await fetch(`${server.url}/api/health`)).text();
  return server.cpuMs() - before;
}

export interface ColdFigure {
  title: string;
  coldMs: number;
  warmMs: number;
  healthMs: number;
}

export async function coldRequestBench({ isolates = 3, warmRuns = 7, port = 8798 } = {}): Promise<ColdFigure[]> {
  const figures: ColdFigure[] = [];
  let n = 0;
  for (const heavy of HEAVY) {
    const cold: number[] = [];
    const warm: number[] = [];
    const health: number[] = [];
    for (let i = 0; i < isolates; i++) {
      const server = await startDevServer(port);
      try {
        cold.push(await timedCreate(server, heavy.body(n++)));
        for (let w = 0; w < 3; w++) await timedCreate(server, heavy.body(n++));
        for (let w = 0; w < warmRuns; w++) warm.push(await timedCreate(server, heavy.body(n++)));
        health.push(await idleCpu(server));
      } finally {
        await server.stop();
      }
    }
    figures.push({ title: heavy.title, coldMs: median(cold), warmMs: median(warm), healthMs: median(health) });
  }
  return figures;
}

export function coldRequestText(figures: ColdFigure[]): string {
  return [
    "### The heaviest request of each ruleset, cold and warm (workerd under `wrangler dev`)",
    "",
    "Cold: the first request a freshly started isolate serves after its health check (median of 3 fresh servers). Warm: the same request after 3 others (median of 7). CPU of the whole workerd process around the request (isolate, local D1, HTTP server), so an upper bound; a bare `GET /api/health` beside it for scale.",
    "",
    "| request | cold CPU ms | warm CPU ms | GET /api/health CPU ms |",
    "|---|---:|---:|---:|",
    ...figures.map((f) => `| ${f.title} | ${f.coldMs.toFixed(1)} | ${f.warmMs.toFixed(1)} | ${f.healthMs.toFixed(1)} |`),
  ].join("\n");
}
