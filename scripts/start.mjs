#!/usr/bin/env node
// `npm start`: local D1 migrations, the page build, then `wrangler dev` in dev mode.
// Dev mode is set here explicitly (never inferred): dev mailbox, fixed dev TOKEN_SECRET,
// `seed` accepted on create, and the cron triggerable by hand at /__scheduled.
import { spawn, spawnSync } from "node:child_process";
import { existsSync, mkdirSync } from "node:fs";

const port = process.env.PORT ?? "8787";
const persist = process.env.HEXPOST_PERSIST ?? ".wrangler/state";
const appUrl = process.env.APP_URL ?? `http://localhost:${port}`;
const env = { ...process.env, WRANGLER_SEND_METRICS: "false", CLOUDFLARE_CF_FETCH_ENABLED: "false", WRANGLER_HIDE_BANNER: "true" };
const bin = (name) => `node_modules/.bin/${name}`;

function run(cmd, args) {
  const r = spawnSync(bin(cmd), args, { stdio: "inherit", env });
  if (r.status !== 0) {
    console.error(`\n${cmd} ${args.join(" ")} failed (exit ${r.status})`);
    process.exit(r.status ?? 1);
  }
}

/** Wrangler prints the migration table once per migration and asks to continue: one line is enough, the whole of it on failure. */
function migrate() {
  const r = spawnSync(bin("wrangler"), ["d1", "migrations", "apply", "DB", "--local", "--persist-to", persist], { env, encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] });
  if (r.status !== 0) {
    process.stdout.write(r.stdout ?? "");
    process.stderr.write(r.stderr ?? "");
    console.error(`\nthe local database's migrations failed (exit ${r.status})`);
    process.exit(r.status ?? 1);
  }
  const applied = /About to apply (\d+) migration/.exec(r.stdout ?? "")?.[1];
  console.log(applied ? `local database (${persist}): ${applied} migration(s) applied` : `local database (${persist}): up to date`);
}

migrate();
if (process.env.HEXPOST_SKIP_BUILD) mkdirSync("web/dist", { recursive: true });
else if (existsSync("vite.config.ts")) run("vite", ["build", "--logLevel", "warn"]);

const vars = {
  DEV_MODE: "true",
  TOKEN_SECRET: "dev-only-token-secret-do-not-use-in-production",
  APP_URL: appUrl,
  MAIL_FROM: "hexpost dev <dev@localhost>",
  // the bench creates many games from one address
  ...Object.fromEntries(["RATE_GAMES_PER_HOUR", "RATE_INVITES_PER_DAY", "ARCHIVE_AFTER_DAYS"].filter((k) => process.env[k]).map((k) => [k, process.env[k]])),
};
const dev = spawn(
  bin("wrangler"),
  ["dev", "--test-scheduled", "--port", port, "--ip", "127.0.0.1", "--persist-to", persist, ...Object.entries(vars).flatMap(([k, v]) => ["--var", `${k}:${v}`])],
  { stdio: "inherit", env },
);
console.log(`\nhexpost dev server: ${appUrl}  (mailbox: ${appUrl}/dev/mail, cron: ${appUrl}/__scheduled)\n`);
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => dev.kill(signal));
dev.on("exit", (code) => process.exit(code ?? 0));
