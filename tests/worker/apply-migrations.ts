import { applyD1Migrations } from "cloudflare:test";
import { env } from "cloudflare:workers";

// Each test file gets fresh storage; migrations are idempotent within it.
await applyD1Migrations(env.DB, env.TEST_MIGRATIONS);
