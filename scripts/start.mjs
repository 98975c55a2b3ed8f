#!/usr/bin/env node
// `npm start`: local D1 migrations, the page build, then `wrangler dev` in dev mode.
// Dev mode is set here explicitly (never inferred): dev mailbox, fixed dev TOKEN_SECRET,
// `seed` accepted on create, and the cron triggerable by hand at /__scheduled.
import { spawn, spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";

const port = process.env.PORT ?? "8787";
const persist = process.env.HEXPOST_PERSIST ?? ".wrangler/state";
const appUrl = process.env.APP_URL ?? `http://localhost:${port}`;
const env = { ...process.env, WRANGLER_SEND_METRICS: "false", CLOUDFLARE_CF_FETCH_ENABLED: "false", WRANGLER_HIDE_BANNER: "true" };
const bin = (name) => `node_modules/.bin/${name}`;

// HEXPOST_SHARDS=N: games spread over N local D1 databases (DB, DB_1, …; worker/store/shards.ts),
// bound through a generated copy of wrangler.toml (wrangler.shards.local.toml, not committed)
const shards = Number(process.env.HEXPOST_SHARDS ?? "1");
if (!Number.isInteger(shards) || shards < 1) throw new Error(`HEXPOST_SHARDS must be a whole number from 1, not ${process.env.HEXPOST_SHARDS}`);
const bindings = Array.from({ length: shards }, (_, k) => (k === 0 ? "DB" : `DB_${k}`));
const config = shards === 1 ? [] : ["--config", "wrangler.shards.local.toml"];
if (shards > 1) {
  const extra = bindings
    .slice(1)
    .map((b, i) => `\n[[d1_databases]]\nbinding = "${b}"\ndatabase_name = "hexpost-${i + 1}"\ndatabase_id = "00000000-0000-0000-0000-${String(i + 1).padStart(12, "0")}"\nmigrations_dir = "migrations"\n`)
    .join("");
  // the extra tables go before [assets]: a [[table]] after [vars] would be read as part of it
  writeFileSync("wrangler.shards.local.toml", readFileSync("wrangler.toml", "utf8").replace("\n[assets]", `${extra}\n[assets]`));
}

function run(cmd, args) {
  const r = spawnSync(bin(cmd), args, { stdio: "inherit", env });
  if (r.status !== 0) {
    console.error(`\n${cmd} ${args.join(" ")} failed (exit ${r.status})`);
    process.exit(r.status ?? 1);
  }
}

/** Wrangler prints the migration table once per migration and asks to continue: one line is enough, the whole of it on failure. */
function migrate(binding) {
  const r = spawnSync(bin("wrangler"), ["d1", "migrations", "apply", binding, "--local", "--persist-to", persist, ...config], { env, encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] });
  if (r.status !== 0) {
    process.stdout.write(r.stdout ?? "");
    process.stderr.write(r.stderr ?? "");
    console.error(`\nthe local database's migrations failed (exit ${r.status})`);
    process.exit(r.status ?? 1);
  }
  const applied = /About to apply (\d+) migration/.exec(r.stdout ?? "")?.[1];
  console.log(applied ? `local database ${binding} (${persist}): ${applied} migration(s) applied` : `local database ${binding} (${persist}): up to date`);
}

for (const binding of bindings) migrate(binding);
if (process.env.HEXPOST_SKIP_BUILD) mkdirSync("web/dist", { recursive: true });
else if (existsSync("vite.config.ts")) run("vite", ["build", "--logLevel", "warn"]);

const vars = {
  DEV_MODE: "true",
  TOKEN_SECRET: "dev-only-token-secret-do-not-use-in-production",
  APP_URL: appUrl,
  MAIL_FROM: "hexpost dev <dev@localhost>",
  D1_SHARDS: String(shards),
  // the bench creates many games from one address
  ...Object.fromEntries(["RATE_GAMES_PER_HOUR", "RATE_INVITES_PER_DAY", "ARCHIVE_AFTER_DAYS"].filter((k) => process.env[k]).map((k) => [k, process.env[k]])),
};
const dev = spawn(
  bin("wrangler"),
  ["dev", ...config, ...(process.env.INSPECTOR_PORT ? ["--inspector-port", process.env.INSPECTOR_PORT] : []), "--test-scheduled", "--port", port, "--ip", "127.0.0.1", "--persist-to", persist, ...Object.entries(vars).flatMap(([k, v]) => ["--var", `${k}:${v}`])],
  { stdio: "inherit", env },
);
console.log(`\nhexpost dev server: ${appUrl}  (mailbox: ${appUrl}/dev/mail, cron: ${appUrl}/__scheduled)\n`);
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => dev.kill(signal));
dev.on("exit", (code) => process.exit(code ?? 0));
