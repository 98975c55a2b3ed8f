/**
 * The Worker as close to production as runs locally: the deploy bundle (`wrangler deploy
 * --dry-run`, no dev middleware) of the bench's entry, in one workerd process started by
 * miniflare, with local D1 and no inspector attached. `wrangler dev` adds a second workerd
 * process (its proxy) and an inspector session (console and network events sent to it from the
 * isolate's thread), which production has not.
 */
import { spawnSync } from "node:child_process";
import { cpSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { availableParallelism, tmpdir } from "node:os";
import path from "node:path";
import { Miniflare } from "miniflare";

export interface BareWorker {
  url: string;
  /** CPU time the workerd process has used so far, in ms (every thread, from /proc). */
  cpuMs(): number;
  /** CPU time of workerd's main thread so far, in ms: it runs every isolate (the app's, local D1's, miniflare's) and the HTTP server. */
  mainThreadCpuMs(): number;
  /** The main thread's counters from /proc (page faults, user and system ticks, context switches): read around a request. */
  mainThreadStat(): ThreadStat;
  /** What workerd printed so far (the Worker's console too), as it was echoed. */
  output(): string;
  stop(): Promise<void>;
}

const env = { ...process.env, WRANGLER_SEND_METRICS: "false", CLOUDFLARE_CF_FETCH_ENABLED: "false", WRANGLER_HIDE_BANNER: "true" };

function wrangler(args: string[]): void {
  const r = spawnSync("node_modules/.bin/wrangler", args, { env, encoding: "utf8" });
  if (r.status !== 0) throw new Error(`wrangler ${args.join(" ")} failed:\n${r.stdout}\n${r.stderr}`);
}

/** Bundles `entry` as `wrangler deploy` would, once; returns the bundle's path. */
export function bundle(entry: string): string {
  const outdir = mkdtempSync(path.join(tmpdir(), "hexpost-bundle-"));
  wrangler(["deploy", entry, "--dry-run", "--outdir", outdir]);
  return path.join(outdir, `${path.basename(entry, path.extname(entry))}.js`);
}

let template: string | null = null;

/**
 * A local D1 with the migrations applied, made once a process and copied for each server: the
 * wrangler run that applies them took about 4.7 s of a server's 6.7 s start, twice a pair.
 */
function migrated(): string {
  if (template) return template;
  const dir = mkdtempSync(path.join(tmpdir(), "hexpost-migrated-"));
  wrangler(["d1", "migrations", "apply", "DB", "--local", "--persist-to", dir]);
  process.once("exit", () => rmSync(dir, { recursive: true, force: true }));
  return (template = dir);
}

/** wrangler.toml's D1 database id: local D1 files are named after it. */
function databaseId(): string {
  const id = /database_id\s*=\s*"([^"]+)"/.exec(readFileSync("wrangler.toml", "utf8"))?.[1];
  if (!id) throw new Error("no database_id in wrangler.toml");
  return id;
}

export interface BareWorkerOptions {
  inspectorPort?: number;
  /** Bindings set over the bench's own (DEV_MODE, the Resend key and base URL, ...). */
  bindings?: Record<string, string>;
}

/** workerd's output (the Worker's console too), echoed to this process's stderr and kept by `keep`. */
const echoInto = (keep: (text: string) => void) => (stdout: NodeJS.ReadableStream, stderr: NodeJS.ReadableStream) => {
  for (const stream of [stdout, stderr])
    stream.on("data", (chunk: Buffer) => {
      keep(chunk.toString());
      process.stderr.write(chunk);
    });
};

/** One Worker's own options: the bundle, wrangler.toml's date and flags, its D1 binding, the bench's bindings. */
function appWorker(script: string, port: number, bindings: Record<string, string>) {
  return {
    // the bundle is the one module (listed, not walked: a dynamic import resend never reaches in dev would not resolve)
    modules: [{ type: "ESModule" as const, path: script, contents: readFileSync(script, "utf8") }],
    modulesRoot: path.dirname(script),
    compatibilityDate: /compatibility_date\s*=\s*"([^"]+)"/.exec(readFileSync("wrangler.toml", "utf8"))?.[1],
    compatibilityFlags: ["nodejs_compat"],
    d1Databases: { DB: databaseId() },
    bindings: {
      DEV_MODE: "true",
      TOKEN_SECRET: "dev-only-token-secret-do-not-use-in-production",
      APP_URL: `http://127.0.0.1:${port}`,
      MAIL_FROM: "hexpost bench <bench@localhost>",
      RATE_GAMES_PER_HOUR: "100000",
      RATE_INVITES_PER_DAY: "100000",
      ...bindings,
    },
  };
}

export async function startBareWorker(script: string, port: number, { inspectorPort, bindings = {} }: BareWorkerOptions = {}): Promise<BareWorker> {
  const before = workerdChildren();
  const persist = mkdtempSync(path.join(tmpdir(), "hexpost-bench-"));
  cpSync(migrated(), persist, { recursive: true });
  let printed = "";
  const mf = new Miniflare({
    handleRuntimeStdio: echoInto((text) => (printed += text)),
    ...appWorker(script, port, bindings),
    d1Persist: path.join(persist, "v3", "d1"),
    // the live page's Durable Object, as wrangler.toml binds it: a hand-over asks it who is looking, a commit tells it
    durableObjects: { LIVE: { className: "LiveGame", useSQLite: true } },
    durableObjectsPersist: path.join(persist, "v3", "do"),
    host: "127.0.0.1",
    port,
    ...(inspectorPort ? { inspectorPort } : {}),
  });
  const url = (await mf.ready).origin;
  const pid = newWorkerdChild(before);
  pinToOwnCore(pid);
  return {
    url,
    cpuMs: () => cpuMs(pid, false),
    mainThreadCpuMs: () => cpuMs(pid, true),
    mainThreadStat: () => threadStat(pid, pid),
    output: () => printed,
    async stop() {
      await mf.dispose();
      rmSync(persist, { recursive: true, force: true });
    },
  };
}

export interface IsolatesOptions {
  /** The Workers to run, each the same bundle in an isolate of its own, with bindings set over the bench's. */
  workers: { name: string; bindings?: Record<string, string> }[];
  /**
   * "shared": every Worker's LIVE is one LiveGame class run by a Worker of its own ("live"), as
   * in production, where the live page's object is not the calling isolate's work; "own": each
   * Worker runs its own, as startBareWorker does.
   */
  live: "shared" | "own";
  /** "timed": workerd on the last core (with COLD_PIN=1), as startBareWorker; "aside": on the others. */
  pin: "timed" | "aside";
}

export interface Isolates {
  /** One view per Worker: its own URL (a socket straight to it), the process's counters. */
  worker(name: string): BareWorker;
  stop(): Promise<void>;
}

/**
 * Many Workers (each an isolate: what Cloudflare makes a fresh one of) in ONE workerd process, on
 * one local D1: every isolate is made and its global scope run when the process starts, and each
 * serves its first request in a process that has long been running, as in production, instead of
 * in a process started for it.
 */
export async function startIsolates(script: string, port: number, { workers, live, pin }: IsolatesOptions): Promise<Isolates> {
  const before = workerdChildren();
  const persist = mkdtempSync(path.join(tmpdir(), "hexpost-bench-"));
  cpSync(migrated(), persist, { recursive: true });
  let printed = "";
  const liveBinding = live === "shared" ? { LIVE: { className: "LiveGame", scriptName: "live", useSQLite: true } } : { LIVE: { className: "LiveGame", useSQLite: true } };
  const all = live === "shared" ? [{ name: "live", bindings: {} }, ...workers] : workers;
  const mf = new Miniflare({
    handleRuntimeStdio: echoInto((text) => (printed += text)),
    d1Persist: path.join(persist, "v3", "d1"),
    durableObjectsPersist: path.join(persist, "v3", "do"),
    host: "127.0.0.1",
    port,
    workers: all.map(({ name, bindings = {} }) => ({
      name,
      ...appWorker(script, port, bindings),
      durableObjects: name === "live" ? { LIVE: { className: "LiveGame", useSQLite: true } } : liveBinding,
      // a socket straight to each Worker: miniflare's entry Worker (its router) stays out of the path
      unsafeDirectSockets: [{ host: "127.0.0.1", port: 0 }],
    })),
  });
  await mf.ready;
  const pid = newWorkerdChild(before);
  if (pin === "timed") pinToOwnCore(pid);
  else pinAside(pid);
  const urls = new Map<string, string>();
  for (const { name } of workers) urls.set(name, (await mf.unsafeGetDirectURL(name)).origin);
  const stop = async () => {
    await mf.dispose();
    rmSync(persist, { recursive: true, force: true });
  };
  return {
    worker(name) {
      const url = urls.get(name);
      if (!url) throw new Error(`no Worker named ${name}`);
      return { url, cpuMs: () => cpuMs(pid, false), mainThreadCpuMs: () => cpuMs(pid, true), mainThreadStat: () => threadStat(pid, pid), output: () => printed, stop };
    },
    stop,
  };
}

/** With COLD_PIN=1: a workerd process that is not timed goes to the cores the timed one does not use. */
function pinAside(pid: number): void {
  const cores = availableParallelism();
  if (process.env.COLD_PIN !== "1" || cores < 2) return;
  spawnSync("taskset", ["-a", "-p", "-c", `0-${cores - 2}`, String(pid)]);
}

/**
 * With COLD_PIN=1 on a machine of two cores or more, workerd runs on the last core and this
 * process (its fetches, the fake mail server) on the others: sharing a core, the two interleave,
 * and the main thread's CPU time swings with the other's cache misses and switches.
 */
function pinToOwnCore(pid: number): void {
  const cores = availableParallelism();
  if (process.env.COLD_PIN !== "1" || cores < 2) return;
  spawnSync("taskset", ["-a", "-p", "-c", `0-${cores - 2}`, String(process.pid)]);
  spawnSync("taskset", ["-a", "-p", "-c", String(cores - 1), String(pid)]);
}

/** The workerd processes this Node process runs (miniflare starts each as a child). */
function workerdChildren(): Set<number> {
  const ps = spawnSync("ps", ["-o", "pid=,comm=", "--ppid", String(process.pid)], { encoding: "utf8" }).stdout;
  const pids = ps
    .split("\n")
    .map((line) => line.trim().split(/\s+/))
    .filter(([, comm]) => comm === "workerd")
    .map(([pid]) => Number(pid));
  return new Set(pids);
}

/** The one workerd process started since `before` was listed. */
function newWorkerdChild(before: Set<number>): number {
  const pids = [...workerdChildren()].filter((pid) => !before.has(pid));
  if (pids.length !== 1) throw new Error(`expected one new workerd child, found ${pids.length}`);
  return pids[0]!;
}

/** From /proc schedstat: the main thread (every isolate and the HTTP server) or every thread. */
function cpuMs(pid: number, mainThread: boolean): number {
  const schedstat = (task: string | number) => Number(readFileSync(`/proc/${pid}/task/${task}/schedstat`, "utf8").split(" ")[0]);
  if (mainThread) return schedstat(pid) / 1e6;
  const tasks = spawnSync("ls", [`/proc/${pid}/task`], { encoding: "utf8" }).stdout.split("\n").filter(Boolean);
  return tasks.reduce((ns, t) => ns + schedstat(t), 0) / 1e6;
}

/**
 * A thread's counters that can tell where a slow request's time went. Faults and switches are
 * exact; user and system time are in clock ticks (10 ms), so only their sums over many requests
 * say anything. `stealTicks` is the whole machine's (the hypervisor running something else).
 */
export interface ThreadStat {
  minorFaults: number;
  majorFaults: number;
  userTicks: number;
  systemTicks: number;
  voluntarySwitches: number;
  involuntarySwitches: number;
  stealTicks: number;
}

export function threadStat(pid: number, tid: number): ThreadStat {
  // the fields after the command's closing parenthesis start at field 3 (proc(5))
  const fields = readFileSync(`/proc/${pid}/task/${tid}/stat`, "utf8").split(") ").at(-1)!.split(" ");
  const field = (n: number) => Number(fields[n - 3]);
  const status = readFileSync(`/proc/${pid}/task/${tid}/status`, "utf8");
  const switches = (name: string) => Number(new RegExp(`^${name}:\\s+(\\d+)`, "m").exec(status)?.[1] ?? NaN);
  const steal = Number(readFileSync("/proc/stat", "utf8").split("\n")[0]!.trim().split(/\s+/)[8]);
  return {
    minorFaults: field(10),
    majorFaults: field(12),
    userTicks: field(14),
    systemTicks: field(15),
    voluntarySwitches: switches("voluntary_ctxt_switches"),
    involuntarySwitches: switches("nonvoluntary_ctxt_switches"),
    stealTicks: steal,
  };
}

export function statDelta(after: ThreadStat, before: ThreadStat): ThreadStat {
  const d = {} as ThreadStat;
  for (const k of Object.keys(after) as (keyof ThreadStat)[]) d[k] = after[k] - before[k];
  return d;
}
