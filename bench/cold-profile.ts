/**
 * Where a cold request's CPU goes: V8's sampling profiler, through workerd's inspector, around
 * the first request of a fresh isolate and then around the same request warm. Not a figure for
 * bench/README.md (the profiler and the inspector slow the isolate down); a map for the warm-up.
 *
 *   COLD_RULESETS=dicewars node --import tsx bench/cold-profile.ts
 *   COLD_RULESETS=skirmish COLD_ISOLATES=12 node --import tsx bench/cold-profile.ts   (each fresh isolate's first request: its garbage collection, and where a slow one's extra time is)
 *
 * COLD_RULESETS names one create row of bench/cold-request.ts (none, dicewars, warshard, ...);
 * a row with no create profiles GET /api/health.
 *
 * Prints the modules with the most self time cold, beside their self time warm, and writes both
 * profiles (.cpuprofile, for Chrome's DevTools) to the temporary directory it names. The
 * profiler makes code that runs for the first time slower still: read it for where, not how much.
 */
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import WebSocket from "ws";
import { bundle, startBareWorker } from "./bare-worker";
import { HEAVY } from "./cold-request";
import { median } from "./lib";

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}

interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

const RULESET = process.env.COLD_RULESETS ?? "dicewars";
const PORT = Number(process.env.COLD_PORT ?? 8931);
const INSPECTOR = PORT + 1;


class Inspector {
  private next = 1;
  private waiting = new Map<number, (result: unknown) => void>();
  private constructor(private socket: WebSocket) {
    socket.on("message", (data) => {
      const message = JSON.parse(String(data)) as { id?: number; result?: unknown };
      if (message.id !== undefined) this.waiting.get(message.id)?.(message.result);
    });
  }
  static async open(port: number): Promise<Inspector> {
    const targets = (await (await fetch(`http://127.0.0.1:${port}/json/list`)).json()) as { id: string; title?: string; webSocketDebuggerUrl?: string }[];
    const target = targets.find((t) => !/^core:/.test(t.id) || /user/.test(t.id));
    if (!target) throw new Error(`no inspector target: ${JSON.stringify(targets)}`);
    const socket = new WebSocket(target.webSocketDebuggerUrl ?? `ws://127.0.0.1:${port}/${target.id}`);
    await new Promise((resolve, reject) => socket.once("open", resolve).once("error", reject));
    return new Inspector(socket);
  }
  send<T>(method: string, params: Record<string, unknown> = {}): Promise<T> {
    const id = this.next++;
    this.socket.send(JSON.stringify({ id, method, params }));
    return new Promise((resolve) => this.waiting.set(id, resolve as (r: unknown) => void));
  }
  close(): void {
    this.socket.close();
  }
}

const settle = () => new Promise((r) => setTimeout(r, 300));

/**
 * A sample's time delta covers the gap since the one before; a gap longer than this is the isolate
 * waiting (for D1, for the body), which workerd does not report as idle, so it is left out.
 */
const GAP_US = 1000;

/** The bundle's "// path" section comments: which module each line of the bundle came from. */
function sectionsOf(bundleText: string): string[] {
  let current = "(bundle)";
  return bundleText.split("\n").map((line) => {
    const section = /^\/\/ (\S+\.(?:ts|tsx|js|mjs))$/.exec(line)?.[1];
    if (section) current = section.replace(/^node_modules\/((?:@[^/]+\/)?[^/]+).*/, "$1").replace(/^worker\/(engine\/)?([^/]+)\/.*/, "worker/$1$2");
    return current;
  });
}

/** Self time per module of the bundle (or the runtime's own place), in ms, waiting left out. */
function selfTimes(profile: Profile, sections: string[], bundleName: string): Map<string, number> {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const out = new Map<string, number>();
  profile.samples.forEach((id, i) => {
    const delta = profile.timeDeltas[i] ?? 0;
    const { functionName, url, lineNumber } = byId.get(id)!.callFrame;
    if (delta > GAP_US || functionName === "(idle)") return;
    const key = url.endsWith(bundleName) ? (sections[lineNumber] ?? "(bundle)") : url || functionName || "(native)";
    out.set(key, (out.get(key) ?? 0) + delta / 1000);
  });
  return out;
}

async function profiled(inspector: Inspector, send: () => Promise<Response>): Promise<Profile> {
  await inspector.send("Profiler.start");
  const res = await send();
  const text = await res.text();
  if (!res.ok) throw new Error(`${res.status} ${text}`);
  await settle();
  return (await inspector.send<{ profile: Profile }>("Profiler.stop")).profile;
}

/** Sampled JavaScript ms of a profile (waiting left out), and the part V8 spent collecting garbage. */
function gcShare(profile: Profile): { sampled: number; gc: number } {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  let sampled = 0;
  let gc = 0;
  profile.samples.forEach((id, i) => {
    const delta = profile.timeDeltas[i] ?? 0;
    const name = byId.get(id)!.callFrame.functionName;
    if (delta > GAP_US || name === "(idle)") return;
    sampled += delta / 1000;
    if (name === "(garbage collector)") gc += delta / 1000;
  });
  return { sampled, gc };
}

const script = bundle("bench/isolate-entry.ts");
const body = HEAVY.find((h) => h.ruleset === RULESET)?.body;
const request = (url: string, n: number) =>
  body ? fetch(`${url}/api/games`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body(n)) }) : fetch(`${url}/api/health`);
const ISOLATES = Number(process.env.COLD_ISOLATES ?? 1);

if (ISOLATES > 1) {
  // COLD_ISOLATES=n: the first request of n fresh isolates, each with how much of it was garbage collection
  const sections = sectionsOf(readFileSync(script, "utf8"));
  const coldSums = new Map<string, number>();
  const warmSums = new Map<string, number>();
  const add = (into: Map<string, number>, from: Map<string, number>) => from.forEach((ms, key) => into.set(key, (into.get(key) ?? 0) + ms));
  const firsts: Map<string, number>[] = [];
  for (let k = 0; k < ISOLATES; k++) {
    const port = PORT + 10 * k;
    const server = await startBareWorker(script, port, { inspectorPort: port + 1 });
    try {
      await fetch(`${server.url}/api/__bench/d1`);
      const inspector = await Inspector.open(port + 1);
      await inspector.send("Profiler.enable");
      await inspector.send("Profiler.setSamplingInterval", { interval: 50 });
      const main0 = server.mainThreadCpuMs();
      const cold = await profiled(inspector, () => request(server.url, k));
      const { sampled, gc } = gcShare(cold);
      for (let i = 1; i < 6; i++) await (await request(server.url, 100 * k + i)).text();
      const warm = await profiled(inspector, () => request(server.url, 100 * k + 9));
      inspector.close();
      if (process.env.COLD_PROFILES) {
        writeFileSync(path.join(process.env.COLD_PROFILES, `cold-${k}.cpuprofile`), JSON.stringify(cold));
        writeFileSync(path.join(process.env.COLD_PROFILES, `warm-${k}.cpuprofile`), JSON.stringify(warm));
      }
      firsts.push(selfTimes(cold, sections, path.basename(script)));
      add(coldSums, firsts.at(-1)!);
      add(warmSums, selfTimes(warm, sections, path.basename(script)));
      console.log(`${RULESET}, isolate ${k + 1}: main thread ${(server.mainThreadCpuMs() - main0).toFixed(1)} ms (the profiler's cost included), sampled JavaScript ${sampled.toFixed(1)} ms, of which garbage collection ${gc.toFixed(2)} ms`);
    } finally {
      await server.stop();
    }
  }
  // a first request well above the others': which modules its extra time is in, against each module's median over the isolates
  const total = (m: Map<string, number>) => [...m.values()].reduce((sum, ms) => sum + ms, 0);
  const middle = median(firsts.map(total));
  const moduleMedian = (key: string) => median(firsts.map((m) => m.get(key) ?? 0));
  firsts.forEach((first, k) => {
    if (total(first) < middle + 2) return;
    const extra = [...first].map(([key, ms]) => [key, ms - moduleMedian(key)] as const).sort((a, b) => b[1] - a[1]).slice(0, 6);
    console.log(`${RULESET}, isolate ${k + 1}: sampled ${total(first).toFixed(1)} ms against a median of ${middle.toFixed(1)}; above each module's median: ${extra.map(([key, ms]) => `${key} ${ms.toFixed(2)}`).join(", ")}`);
  });
  // the same request's self time by module, mean over the isolates, first request and warm: what only a cold isolate pays
  console.log(`${RULESET}: sampled self ms by module, mean over ${ISOLATES} isolates, cold / warm / cold minus warm`);
  const rows = [...coldSums].map(([key, ms]) => [key, ms / ISOLATES, (warmSums.get(key) ?? 0) / ISOLATES] as const);
  for (const [key, c, w] of rows.sort((a, b) => b[1] - b[2] - (a[1] - a[2])).slice(0, Number(process.env.TOP ?? 25)))
    console.log(`${c.toFixed(2).padStart(7)} ${w.toFixed(2).padStart(7)} ${(c - w).toFixed(2).padStart(7)}  ${key}`);
} else {
  const server = await startBareWorker(script, PORT, { inspectorPort: INSPECTOR });
  const out = mkdtempSync(path.join(tmpdir(), "hexpost-profile-"));
  try {
    await fetch(`${server.url}/api/__bench/d1`);
    const inspector = await Inspector.open(INSPECTOR);
    await inspector.send("Profiler.enable");
    await inspector.send("Profiler.setSamplingInterval", { interval: 50 });
    const cold = await profiled(inspector, () => request(server.url, 0));
    for (let i = 1; i < 6; i++) await (await request(server.url, i)).text();
    const warm = await profiled(inspector, () => request(server.url, 9));
    inspector.close();
    writeFileSync(path.join(out, "cold.cpuprofile"), JSON.stringify(cold));
    writeFileSync(path.join(out, "warm.cpuprofile"), JSON.stringify(warm));
    const sections = sectionsOf(readFileSync(script, "utf8"));
    const coldSelf = selfTimes(cold, sections, path.basename(script));
    const warmSelf = selfTimes(warm, sections, path.basename(script));
    const total = (m: Map<string, number>) => [...m.values()].reduce((s, v) => s + v, 0);
    console.log(`${RULESET}: sampled JavaScript ms, cold ${total(coldSelf).toFixed(1)}, warm ${total(warmSelf).toFixed(1)} (the profiler's own cost included); profiles in ${out}`);
    const rows = [...coldSelf].sort((a, b) => b[1] - a[1]).slice(0, Number(process.env.TOP ?? 25));
    for (const [key, ms] of rows) console.log(`${ms.toFixed(2).padStart(7)} ${(warmSelf.get(key) ?? 0).toFixed(2).padStart(7)}  ${key}`);
  } finally {
    await server.stop();
  }
}
