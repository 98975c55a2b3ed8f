/**
 * The CPU of one reply applied (issue 24): a WarShard defender's owed support answered by
 * mail, through the email() handler of the deploy bundle of worker/index.ts, in one workerd
 * process started by miniflare (local D1), as bench/bare-worker.ts runs the Worker. Cold: the
 * first reply on a freshly started isolate; warm: the next ones (other games, same moment).
 *
 * The figure is workerd's main thread (/proc schedstat: the isolate, local D1 and miniflare's
 * own email entry) from posting the raw reply to /cdn-cgi/handler/email until its work after
 * the handler (the answer mail and the hand-over's, sent to the dev mailbox) is done, minus a
 * bounce through the same entry (an address that is not a reply address: refused before any
 * D1 or parsing) on the same server, so miniflare's email plumbing is left out. Local D1's own
 * work is in it (5 D1 batches for the reply, 3 for its mail).
 *
 *   node --import tsx bench/reply.ts            (PAIRS=5 servers by default)
 */
import { spawnSync } from "node:child_process";
import { cpSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { Miniflare } from "miniflare";
import bootCamp from "../scenarios/warshard/boot_camp.json";
import { bundle } from "./bare-worker";
import { median } from "./lib";

const PAIRS = Number(process.env.PAIRS ?? 5);
const WARM = 4;
const PORT = 8931;
const wranglerEnv = { ...process.env, WRANGLER_SEND_METRICS: "false", CLOUDFLARE_CF_FETCH_ENABLED: "false", WRANGLER_HIDE_BANNER: "true" };
const toml = readFileSync("wrangler.toml", "utf8");
const databaseId = /database_id\s*=\s*"([^"]+)"/.exec(toml)![1]!;

const atTheHill = {
  ...bootCamp,
  start: { turn: 1, phase: "attack" },
  units: [...bootCamp.units.map((u) => (u.id === "1" ? { ...u, hex: [4, 4] } : u)), { id: "9", side: "usa", type: "artillery", hex: [6, 4] }],
};

async function start(script: string, persist: string, port: number) {
  const mf = new Miniflare({
    modules: [{ type: "ESModule", path: script, contents: readFileSync(script, "utf8") }],
    modulesRoot: path.dirname(script),
    compatibilityDate: /compatibility_date\s*=\s*"([^"]+)"/.exec(toml)?.[1],
    compatibilityFlags: ["nodejs_compat"],
    d1Databases: { DB: databaseId },
    d1Persist: path.join(persist, "v3", "d1"),
    durableObjects: { LIVE: { className: "LiveGame", useSQLite: true } },
    durableObjectsPersist: path.join(persist, "v3", "do"),
    // /cdn-cgi/handler/email, as wrangler dev serves it
    unsafeTriggerHandlers: true,
    bindings: { DEV_MODE: "true", TOKEN_SECRET: "dev-only-token-secret-do-not-use-in-production", APP_URL: `http://127.0.0.1:${port}`, MAIL_FROM: "hexpost bench <bench@localhost>", RATE_GAMES_PER_HOUR: "100000", RATE_INVITES_PER_DAY: "100000" },
    host: "127.0.0.1",
    port,
    handleRuntimeStdio() {},
  });
  const url = (await mf.ready).origin;
  const ps = spawnSync("ps", ["-o", "pid=,comm=", "--ppid", String(process.pid)], { encoding: "utf8" }).stdout;
  const pid = Number(ps.split("\n").map((l) => l.trim().split(/\s+/)).find(([, c]) => c === "workerd")![0]);
  const mainCpu = () => Number(readFileSync(`/proc/${pid}/task/${pid}/schedstat`, "utf8").split(" ")[0]) / 1e6;
  return { mf, url, mainCpu };
}

const json = async (res: Response) => {
  const body = await res.json();
  if (!res.ok) throw new Error(`${res.status} ${JSON.stringify(body)}`);
  return body as any;
};

/** N WarShard games, each with the American's support owed; the reply address of each. */
async function prepare(url: string, n: number): Promise<{ id: string; replyTo: string; token: string; seq: number }[]> {
  const addresses: { id: string; replyTo: string; token: string; seq: number }[] = [];
  for (let i = 0; i < n; i++) {
    const created = await json(await fetch(`${url}/api/games`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ ruleset: "warshard", scenario: atTheHill, seats: { germany: { email: `hans${i}@example.com`, name: "Hans" }, usa: { email: `ulla${i}@example.com`, name: "Ulla" } }, creator: "germany", seed: `bench-reply-${i}` }) }));
    const auth = { authorization: `Bearer ${created.you.token}` };
    let game = await json(await fetch(`${url}/api/games/${created.id}`, { headers: auth }));
    const legal = await json(await fetch(`${url}/api/games/${created.id}/legal`, { headers: auth }));
    for (const action of [legal.choices[0].action, { type: "end_attacks" }]) {
      game = { ...game, ...(await json(await fetch(`${url}/api/games/${created.id}/actions`, { method: "POST", headers: { ...auth, "content-type": "application/json" }, body: JSON.stringify({ seq: game.seq, actions: [action] }) }))) };
    }
    const { mails } = await json(await fetch(`${url}/api/dev/outbox?game=${created.id}`));
    const owed = mails.find((m: any) => m.kind === "choice_owed");
    addresses.push({ id: created.id, replyTo: owed.headers["Reply-To"], token: /#t=([^&]+)/.exec(owed.link)![1]!, seq: game.seq });
  }
  return addresses;
}

const raw = (from: string, to: string, id: string, body: string) =>
  [`From: Ulla <${from}>`, `To: ${to}`, "Subject: Re: [hexpost] A choice is owed", `Message-ID: <${id}@example.com>`, "Date: Wed, 25 Nov 2026 12:00:00 +0000", "Content-Type: text/plain; charset=utf-8", "", body, "", "On Wed, 25 Nov 2026 at 12:00, hexpost <bench@localhost> wrote:", "> A choice is owed in WarShard", ">   1  9 supports the defence of hex 0607", ">   2  end defensive support", ""].join("\r\n");

async function timed(server: Awaited<ReturnType<typeof start>>, from: string, to: string, id: string, body: string): Promise<number> {
  const before = server.mainCpu();
  const res = await fetch(`${server.url}/cdn-cgi/handler/email?from=${encodeURIComponent(from)}&to=${encodeURIComponent(to)}`, { method: "POST", body: raw(from, to, id, body) });
  await res.text();
  // the handler's waitUntil (the answer mail, the hand-over's) finishes meanwhile
  await new Promise((r) => setTimeout(r, 400));
  return server.mainCpu() - before;
}

const script = bundle("worker/index.ts");
const base = mkdtempSync(path.join(tmpdir(), "hexpost-reply-bench-"));
spawnSync("node_modules/.bin/wrangler", ["d1", "migrations", "apply", "DB", "--local", "--persist-to", base], { env: wranglerEnv });
const setup = await start(script, base, PORT);
const addresses = await prepare(setup.url, 1 + 2 * WARM);
await setup.mf.dispose();

const cold: number[] = [];
const warm: number[] = [];
const plumbing: number[] = [];
const page: number[] = [];
for (let pair = 0; pair < PAIRS; pair++) {
  const persist = mkdtempSync(path.join(tmpdir(), "hexpost-reply-run-"));
  cpSync(base, persist, { recursive: true });
  const server = await start(script, persist, PORT + 1 + pair);
  await (await fetch(`${server.url}/api/health`)).text();
  await timed(server, "x@example.com", "nobody@localhost", `warm-entry-${pair}`, "1");
  const bounce = await timed(server, "x@example.com", "nobody@localhost", `bounce-${pair}`, "1");
  plumbing.push(bounce);
  cold.push((await timed(server, "ulla0@example.com", addresses[0]!.replyTo, `cold-${pair}`, "1 2")) - bounce);
  const w: number[] = [];
  for (let i = 1; i <= WARM; i++) w.push((await timed(server, `ulla${i}@example.com`, addresses[i]!.replyTo, `warm-${pair}-${i}`, "1 2")) - bounce);
  warm.push(median(w));
  // for scale: the same answer through the page (POST /actions with the seat's link), same server, warm
  const p: number[] = [];
  for (let i = 1 + WARM; i <= 2 * WARM; i++) {
    const g = addresses[i]!;
    const before = server.mainCpu();
    const res = await fetch(`${server.url}/api/games/${g.id}/actions`, { method: "POST", headers: { authorization: `Bearer ${g.token}`, "content-type": "application/json" }, body: JSON.stringify({ seq: g.seq, actions: [{ type: "support", unit: "9", fight: [5, 4] }, { type: "end_support" }] }) });
    if (!res.ok) throw new Error(`page answer: ${res.status} ${await res.text()}`);
    await new Promise((r) => setTimeout(r, 400));
    p.push(server.mainCpu() - before);
  }
  page.push(median(p));
  const answered = await json(await fetch(`${server.url}/api/dev/outbox?limit=50`));
  const applied = answered.mails.filter((m: any) => m.kind === "reply" && !m.text.includes("did nothing")).length;
  if (applied !== 1 + WARM) throw new Error(`expected ${1 + WARM} replies applied, found ${applied}`);
  await server.mf.dispose();
  rmSync(persist, { recursive: true, force: true });
}
rmSync(base, { recursive: true, force: true });
const f = (x: number) => x.toFixed(1);
console.log(`cold: ${cold.map(f).join(", ")}; warm: ${warm.map(f).join(", ")}; email plumbing (subtracted): ${plumbing.map(f).join(", ")}; the page's answer warm: ${page.map(f).join(", ")}`);
console.log(`| a reply by mail applied: WarShard's owed support answered "1 2" (email(), 5 D1 batches, then its answer and the hand-over's mail: 3) | **${f(median(cold))}** | ${f(Math.max(...cold))} | ${f(median(warm))} | ${f(median(page))} |`);
