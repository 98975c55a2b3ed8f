import type { Env } from "./env";
import { rulesets, type Registry } from "./engine/registry";
import { GameCache } from "./store/game-cache";
import { newSeed } from "./play/dice";
import type { Transport } from "./mail/transport";
import type { Db } from "./store/repository";
import { idTime } from "./store/outbox";
import { gameIdOn, openShards, pickShard, shardOfGame, type Shards } from "./store/shards";
import type { MailDeps } from "./mail/deps";

export { forGame, hereAndHome, onEveryShard } from "./store/shards";
import { liveFor, type Live } from "./live/live";

/** What the game service needs from the outside world, passed in so tests can drive the clock. */
export interface Deps extends MailDeps {
  /** The D1 shard this work is on: the game's (forGame), else home (shard 0). */
  db: Db;
  /** Every shard, for what must see every game (the cron, "my games") and the game-less tables (home). */
  shards: Shards;
  /** A new game's id (short: it is in every link), naming the shard it is stored on. */
  newGameId: () => string;
  /** A new game's secret dice seed. */
  newSeed: () => string;
  /** The open pages of each game: who is looking, and telling them a game moved. */
  live: Live;
  /** This request is its isolate's first: the computer plays less in it (games/advance.ts botBudget). */
  firstOfIsolate: boolean;
}

/** Short, URL-safe, unguessable enough for ids (not for secrets: tokens are HMACs). */
export function randomId(length = 10): string {
  const alphabet = "23456789abcdefghjkmnpqrstuvwxyz";
  const bytes = crypto.getRandomValues(new Uint8Array(length));
  return [...bytes].map((b) => alphabet[b % alphabet.length]).join("");
}

let made = 0;
/**
 * An id that sorts after every id this isolate made before it on a clock that does not go back
 * (the time `at`, a counter within the millisecond, then 12 random characters): the outbox is
 * keyed by its id alone (migration 0013), so its rows in the order written are ORDER BY
 * created_at, id, and the sent-mail sweep bounds its read by the time part (store/outbox idTime).
 */
export function orderedId(at: number = Date.now()): string {
  return `${idTime(at)}${(made++ % 46_656).toString(36).padStart(3, "0")}${randomId(12)}`;
}

export interface DepsOptions {
  now?: () => number;
  newId?: () => string;
  newGameId?: () => string;
  newSeed?: () => string;
  rulesets?: Registry;
  /** One per isolate: the app keeps it across requests. */
  cache?: GameCache;
  transport?: Transport;
  live?: Live;
  /** Applied to every shard's binding but `d1` (the dev meter). */
  wrapD1?: (d1: D1Database) => D1Database;
  firstOfIsolate?: boolean;
}

/** `d1` is shard 0 (home); the other shards are the environment's DB_1 … (store/shards.ts). */
export function makeDeps(env: Env, d1: D1Database, options: DepsOptions = {}): Deps {
  const shards = openShards(env, { home: d1, wrap: options.wrapD1 });
  const now = options.now ?? (() => Date.now());
  return {
    db: shards.home,
    shards,
    env,
    now,
    // on the service's clock (a bench's simulated one too), so the sent-mail sweep's bound by id is its time
    newId: options.newId ?? (() => orderedId(now())),
    newGameId: options.newGameId ?? (() => gameIdOn(randomId(), pickShard(shards.all.length))),
    newSeed: options.newSeed ?? newSeed,
    rulesets: options.rulesets ?? rulesets,
    cache: options.cache ?? new GameCache(),
    transport: options.transport,
    live: options.live ?? liveFor(env),
    firstOfIsolate: options.firstOfIsolate ?? false,
  };
}

/** A new game id on the shard of `gameId` (a rematch is stored with its game, in one batch). */
export const newGameIdBeside = (deps: Deps, gameId: string): string => gameIdOn(deps.newGameId(), shardOfGame(gameId));
