import { applyD1Migrations } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { shardBinding, shardCount } from "../../worker/store/shards";

// Each test file gets fresh storage; migrations are idempotent within it. Every D1 shard gets them.
for (let k = 0; k < shardCount(env); k++) await applyD1Migrations(env[shardBinding(k) as "DB"], env.TEST_MIGRATIONS);
