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

export async function startBareWorker(script: string, port: number, { inspectorPort, bindings = {} }: BareWorkerOptions = {}): Promise<BareWorker> {
  const persist = mkdtempSync(path.join(tmpdir(), "hexpost-bench-"));
  cpSync(migrated(), persist, { recursive: true });
  let printed = "";
  const mf = new Miniflare({
    handleRuntimeStdio(stdout, stderr) {
      for (const stream of [stdout, stderr])
        stream.on("data", (chunk: Buffer) => {
          printed += chunk.toString();
          process.stderr.write(chunk);
        });
    },
    // the bundle is the one module (listed, not walked: a dynamic import resend never reaches in dev would not resolve)
    modules: [{ type: "ESModule", path: script, contents: readFileSync(script, "utf8") }],
    modulesRoot: path.dirname(script),
    compatibilityDate: /compatibility_date\s*=\s*"([^"]+)"/.exec(readFileSync("wrangler.toml", "utf8"))?.[1],
    compatibilityFlags: ["nodejs_compat"],
    d1Databases: { DB: databaseId() },
    d1Persist: path.join(persist, "v3", "d1"),
    // the live page's Durable Object, as wrangler.toml binds it: a hand-over asks it who is looking, a commit tells it
    durableObjects: { LIVE: { className: "LiveGame", useSQLite: true } },
    durableObjectsPersist: path.join(persist, "v3", "do"),
    bindings: {
      DEV_MODE: "true",
      TOKEN_SECRET: "dev-only-token-secret-do-not-use-in-production",
      APP_URL: `http://127.0.0.1:${port}`,
      MAIL_FROM: "hexpost bench <bench@localhost>",
      RATE_GAMES_PER_HOUR: "100000",
      RATE_INVITES_PER_DAY: "100000",
      ...bindings,
    },
    host: "127.0.0.1",
    port,
    ...(inspectorPort ? { inspectorPort } : {}),
  });
  const url = (await mf.ready).origin;
  const pid = workerdChild();
  pinToOwnCore(pid);
  return {
    url,
    cpuMs: () => cpuMs(pid, false),
    mainThreadCpuMs: () => cpuMs(pid, true),
    output: () => printed,
    async stop() {
      await mf.dispose();
      rmSync(persist, { recursive: true, force: true });
    },
  };
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

/** The one workerd process this Node process runs (miniflare starts it as a child). */
function workerdChild(): number {
  const ps = spawnSync("ps", ["-o", "pid=,comm=", "--ppid", String(process.pid)], { encoding: "utf8" }).stdout;
  const pids = ps
    .split("\n")
    .map((line) => line.trim().split(/\s+/))
    .filter(([, comm]) => comm === "workerd")
    .map(([pid]) => Number(pid));
  if (pids.length !== 1) throw new Error(`expected one workerd child, found ${pids.length}`);
  return pids[0]!;
}

/** From /proc schedstat: the main thread (every isolate and the HTTP server) or every thread. */
function cpuMs(pid: number, mainThread: boolean): number {
  const schedstat = (task: string | number) => Number(readFileSync(`/proc/${pid}/task/${task}/schedstat`, "utf8").split(" ")[0]);
  if (mainThread) return schedstat(pid) / 1e6;
  const tasks = spawnSync("ls", [`/proc/${pid}/task`], { encoding: "utf8" }).stdout.split("\n").filter(Boolean);
  return tasks.reduce((ns, t) => ns + schedstat(t), 0) / 1e6;
}
