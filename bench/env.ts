// The environment's throughput (worker/engine/env): random legal actions, seeded, in process by CPU
// time beside the baseline task, and through the stdio server (scripts/env-server.ts) as a client
// that waits for each answer sees it (wall time, the server's start not counted). Prints only.
//   node --import tsx bench/env.ts [filter]
import { spawn } from "node:child_process";
import { Environment } from "../worker/engine/env/environment";
import { rngFromSeed } from "../worker/engine/rng";
import { cpuBaselineMicros, cpuMicros, median } from "./lib";

const cases: [string, string, Record<string, unknown>][] = [
  ["warshard", "boot_camp", {}],
  ["moscow", "standard", {}],
  ["dicewars", "10x10", { players: 2 }],
  ["musket", "pitched-battle", {}],
  ["skirmish", "small-clash", {}],
];
const only = process.argv[2];

function randomSteps(env: Environment, scenario: string, options: Record<string, unknown>, steps: number, seed: string): void {
  const pick = rngFromSeed(seed);
  let games = 0;
  for (let i = 0; i < steps; i++) {
    const legal = env.legalIndices();
    if (env.step(legal[pick.int(legal.length)]!).done) env.reset(scenario, `${seed}-${++games}`, options);
  }
}

for (const [id, scenario, options] of cases) {
  if (only && !id.includes(only)) continue;
  const env = new Environment(id);
  env.reset(scenario, "warm", options);
  // an agent's loop runs millions of steps: warm until the engine's hot paths are optimised
  randomSteps(env, scenario, options, 30_000, "warm");
  const rates: number[] = [];
  const ratios: number[] = [];
  for (let round = 0; round < 7; round++) {
    const base = cpuBaselineMicros();
    env.reset(scenario, `round-${round}`, options);
    const steps = 5000;
    const start = cpuMicros();
    randomSteps(env, scenario, options, steps, `round-${round}`);
    const micros = (cpuMicros() - start) / steps;
    rates.push(1e6 / micros);
    ratios.push(micros / base);
  }
  console.log(`| in process | ${id} ${scenario} | ${median(rates).toFixed(0)} | ${median(ratios).toFixed(3)} |`);
}

/** Steps a second through the stdio server, one request in flight (as docs/env-random.py plays). */
async function throughServer(id: string, scenario: string, steps: number): Promise<number> {
  const server = spawn(process.execPath, ["--import", "tsx", "scripts/env-server.ts"], { stdio: ["pipe", "pipe", "inherit"] });
  // the answers' lines as they come, each handed to the request waiting for it
  let buffered = "";
  const waiting: ((line: string) => void)[] = [];
  server.stdout!.setEncoding("utf8");
  server.stdout!.on("data", (chunk: string) => {
    const lines = (buffered + chunk).split("\n");
    buffered = lines.pop()!;
    for (const line of lines) waiting.shift()!(line);
  });
  const ask = async (request: unknown) => {
    const line = new Promise<string>((resolve) => waiting.push(resolve));
    server.stdin!.write(JSON.stringify(request) + "\n");
    const reply = JSON.parse(await line) as { ok: boolean; legal: number[]; done: boolean; error?: string };
    if (!reply.ok) throw new Error(reply.error);
    return reply;
  };
  const pick = rngFromSeed("server");
  let games = 0;
  let reply = await ask({ cmd: "reset", ruleset: id, scenario, seed: "server-0" });
  for (let i = 0; i < 5000; i++) {
    reply = await ask({ cmd: "step", index: reply.legal[pick.int(reply.legal.length)] });
    if (reply.done) reply = await ask({ cmd: "reset", ruleset: id, scenario, seed: `server-${++games}` });
  }
  const start = performance.now();
  for (let i = 0; i < steps; i++) {
    reply = await ask({ cmd: "step", index: reply.legal[pick.int(reply.legal.length)] });
    if (reply.done) reply = await ask({ cmd: "reset", ruleset: id, scenario, seed: `server-${++games}` });
  }
  const rate = steps / ((performance.now() - start) / 1000);
  server.stdin!.end();
  return rate;
}

if (!only || "warshard".includes(only)) {
  const rates: number[] = [];
  for (let run = 0; run < 3; run++) rates.push(await throughServer("warshard", "boot_camp", 3000));
  console.log(`| through the stdio server (wall) | warshard boot_camp | ${median(rates).toFixed(0)} | runs ${rates.map((r) => r.toFixed(0)).join(", ")} |`);
}
