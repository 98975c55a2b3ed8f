import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

export interface DevServer {
  url: string;
  /** Runs SQL against the server's local D1 from outside (wrangler d1 execute on its persist dir). */
  sql(command: string): void;
  stop(): Promise<void>;
}

/** `npm start` on its own port and its own fresh local D1, for the bench. */
export async function startDevServer(port: number, { build = false } = {}): Promise<DevServer> {
  const persist = mkdtempSync(path.join(tmpdir(), "hexpost-bench-"));
  const child: ChildProcess = spawn("node", ["scripts/start.mjs"], {
    env: { ...process.env, PORT: String(port), HEXPOST_PERSIST: persist, HEXPOST_SKIP_BUILD: build ? "" : "1", RATE_GAMES_PER_HOUR: "100000", RATE_INVITES_PER_DAY: "100000" },
    stdio: ["ignore", "pipe", "pipe"],
    detached: true,
  });
  let output = "";
  child.stdout?.on("data", (d) => (output += d));
  child.stderr?.on("data", (d) => (output += d));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the dev server exited:\n${output}`);
    try {
      if ((await fetch(`${url}/api/health`)).ok) break;
    } catch {
      // not up yet
    }
    if (Date.now() > deadline) throw new Error(`the dev server did not start in 90 s:\n${output}`);
    await new Promise((r) => setTimeout(r, 250));
  }
  return {
    url,
    sql(command: string) {
      const r = spawnSync("node_modules/.bin/wrangler", ["d1", "execute", "DB", "--local", "--persist-to", persist, "--command", command], {
        env: { ...process.env, WRANGLER_SEND_METRICS: "false", CLOUDFLARE_CF_FETCH_ENABLED: "false" },
        encoding: "utf8",
      });
      if (r.status !== 0) throw new Error(`wrangler d1 execute failed: ${r.stderr}`);
    },
    async stop() {
      try {
        process.kill(-child.pid!, "SIGTERM");
      } catch {
        // already gone
      }
      await new Promise((r) => setTimeout(r, 500));
      rmSync(persist, { recursive: true, force: true });
    },
  };
}

export interface D1Usage {
  roundTrips: number;
  rowsRead: number;
  rowsWritten: number;
}

/** The dev server's `X-D1-Usage` header (round trips and D1's own row counts for one request). */
export function parseUsage(header: string | null): D1Usage {
  const get = (k: string) => Number(new RegExp(`${k}=(\\d+)`).exec(header ?? "")?.[1] ?? NaN);
  return { roundTrips: get("round_trips"), rowsRead: get("rows_read"), rowsWritten: get("rows_written") };
}
