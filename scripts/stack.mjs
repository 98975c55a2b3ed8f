// The stack as `npm start` runs it, for the browser tests (tests/e2e) and the page benches (bench/):
// its own free port and a fresh local D1, Debian's Chromium, and a JSON client of the API.
import { spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { chromium } from "playwright-core";

const ROOT = path.resolve(import.meta.dirname, "..");

export function freePort() {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.unref();
    srv.on("error", reject);
    srv.listen(0, "127.0.0.1", () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });
}

/**
 * `node scripts/start.mjs` (migrations, `vite build`, `wrangler dev` with DEV_MODE=true) on a
 * free port and a throw-away D1, never 8787. Resolves when the API answers.
 */
export async function startStack({ build = true, log = path.join(ROOT, "tests/e2e/artifacts/server.log") } = {}) {
  const port = Number(process.env.E2E_PORT) || (await freePort());
  const persist = mkdtempSync(path.join(tmpdir(), "hexpost-e2e-"));
  const url = `http://localhost:${port}`;
  const child = spawn(process.execPath, ["scripts/start.mjs"], {
    cwd: ROOT,
    // every test's games come from this one address: the per-address limits would cut the suite short
    env: { ...process.env, PORT: String(port), HEXPOST_PERSIST: persist, APP_URL: url, HEXPOST_SKIP_BUILD: build ? "" : "1", RATE_GAMES_PER_HOUR: "1000", RATE_INVITES_PER_DAY: "1000" },
    stdio: ["ignore", "pipe", "pipe"],
    detached: true,
  });
  let output = "";
  child.stdout.on("data", (d) => (output += d));
  child.stderr.on("data", (d) => (output += d));
  const stop = async () => {
    try {
      process.kill(-child.pid, "SIGTERM");
    } catch {
      /* already gone */
    }
    await new Promise((r) => setTimeout(r, 600));
    try {
      process.kill(-child.pid, "SIGKILL");
    } catch {
      /* gone */
    }
    try {
      mkdirSync(path.dirname(log), { recursive: true });
      writeFileSync(log, output);
    } catch {
      /* best effort */
    }
    rmSync(persist, { recursive: true, force: true });
  };
  const deadline = Date.now() + 180_000;
  for (;;) {
    if (child.exitCode !== null) {
      await stop();
      throw new Error(`the stack exited (code ${child.exitCode}):\n${output.slice(-3000)}`);
    }
    try {
      const r = await fetch(`${url}/api/rulesets`);
      if (r.ok) break;
    } catch {
      /* not up yet */
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`the stack did not answer in 180 s:\n${output.slice(-3000)}`);
    }
    await new Promise((r) => setTimeout(r, 300));
  }
  return { url, port, stop, output: () => output };
}

export async function launchChromium() {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH || "/usr/bin/chromium",
    args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync"],
  });
}

export async function api(base, method, p, body, token) {
  const headers = { accept: "application/json" };
  if (body !== undefined) headers["content-type"] = "application/json";
  if (token) headers.authorization = `Bearer ${token}`;
  const r = await fetch(base + p, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  const data = await r.json().catch(() => null);
  if (!r.ok) throw new Error(`${method} ${p}: ${r.status} ${JSON.stringify(data)}`);
  return data;
}

/** A new page that records console errors and failed requests, so a test can assert none happened. */
/** The phone every phone test uses: 390x844 CSS px, touch, a 2x screen. */
