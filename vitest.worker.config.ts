import { mkdirSync } from "node:fs";
import path from "node:path";
import { cloudflareTest, readD1Migrations } from "@cloudflare/vitest-pool-workers";
import { defineConfig } from "vitest/config";

// wrangler.toml serves the built page; the Worker tests need only the folder to exist.
mkdirSync(path.join(import.meta.dirname, "web/dist"), { recursive: true });

/**
 * The Worker tests that cross games, run again with two D1 shards: whatever must see every game
 * (the cron, "my games", digests, channels by address, replies by mail, rematches) is checked
 * across them. A subset, to keep `npm run test:worker` short: one game's rules and routes are the
 * same on either shard.
 */
const SHARDED_TESTS = [
  "tests/worker/shards.test.ts",
  "tests/worker/archive.test.ts",
  "tests/worker/games.test.ts",
  "tests/worker/rematch.test.ts",
  "tests/worker/inbound/answers.test.ts",
  "tests/worker/mail/**/*.test.ts",
  "tests/worker/delivery/address.test.ts",
  "tests/worker/delivery/budget.test.ts",
];

const migrations = await readD1Migrations(path.join(import.meta.dirname, "migrations"));

// The fake Resend API and the push service/webhook sink (the globalSetup files) listen on these
// ports; set FAKE_RESEND_PORT and FAKE_PUSH_PORT to run two suites side by side.
const resendPort = process.env.FAKE_RESEND_PORT ?? "4011";
const pushPort = process.env.FAKE_PUSH_PORT ?? "4012";

// vitest.worker-shards.config.ts sets 2: games spread over two local D1s (store/shards.ts), the tests that cross games only.
const shards = Number(process.env.HEXPOST_TEST_SHARDS ?? "1");
const shardBindings = Object.fromEntries(Array.from({ length: shards - 1 }, (_, i) => [`DB_${i + 1}`, `hexpost-shard-${i + 1}`]));

export default defineConfig({
  plugins: [
    cloudflareTest({
      main: "./worker/index.ts",
      wrangler: { configPath: "./wrangler.toml" },
      miniflare: {
        ...(shards > 1 ? { d1Databases: { DB: "00000000-0000-0000-0000-000000000000", ...shardBindings } } : {}),
        bindings: {
          D1_SHARDS: String(shards),
          TEST_MIGRATIONS: migrations,
          TOKEN_SECRET: "test-token-secret",
          DEV_MODE: "true",
          // the tests read a sent mail's row (its status, its text); production keeps none (mail/sent-record.ts, webhook.test.ts)
          SENT_MAIL_KEEP_DAYS: "7",
          APP_URL: "https://hexpost.test",
          MAIL_FROM: "hexpost <games@hexpost.test>",
          RESEND_API_KEY: "re_test_dummy",
          RESEND_BASE_URL: `http://127.0.0.1:${resendPort}`,
          TEST_SINK_URL: `http://127.0.0.1:${pushPort}`,
          RESEND_WEBHOOK_SECRET: "whsec_dGVzdC13ZWJob29rLXNlY3JldA==",
        },
      },
    }),
  ],
  test: {
    include: shards > 1 ? SHARDED_TESTS : ["tests/worker/**/*.test.ts"],
    setupFiles: ["./tests/worker/apply-migrations.ts"],
    // The fake Resend API (RESEND_BASE_URL above) and the push service and webhook sink (TEST_SINK_URL).
    globalSetup: ["./tests/worker/fake-resend.ts", "./tests/worker/fake-push.ts"],
    testTimeout: 60_000,
  },
});
