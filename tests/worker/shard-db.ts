import { env } from "cloudflare:workers";
import { shardBinding, shardCount, shardOfGame } from "../../worker/store/shards";

/** The D1 shard that holds a game (store/shards.ts): tests that read a game's rows by SQL read them here. */
export const dbOf = (gameId: string): D1Database => env[shardBinding(shardOfGame(gameId)) as "DB"];

/** Every shard's binding (one when D1_SHARDS is unset). */
export const everyDb = (): D1Database[] => Array.from({ length: shardCount(env) }, (_, k) => env[shardBinding(k) as "DB"]);
