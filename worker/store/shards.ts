/**
 * Games spread over N D1 databases (bindings DB, DB_1, DB_2, …; N = D1_SHARDS, default 1), so no
 * database outgrows D1's 10 GB and no single writer carries every game. A game's shard is written
 * in its id (`<random>` on shard 0, `<random>-<k>` on shard k), so it never moves: adding a shard
 * changes where new games go, never where an old one is. Shard 0 ("home") also holds what is not
 * a game's: the rate limits, the block list, the channels of an address.
 */
import { openDb, type Db } from "./repository";

export interface ShardEnv {
  DB: D1Database;
  D1_SHARDS?: string;
  [binding: `DB_${number}`]: D1Database | undefined;
}

export interface Shards {
  /** Shard 0: the game-less tables live here. */
  home: Db;
  /** Every shard, index = shard number. */
  all: Db[];
  /** The shard that holds this game. */
  forGame(gameId: string): Db;
}

const SHARD_SUFFIX = /-(\d{1,3})$/;

export function shardCount(env: Pick<ShardEnv, "D1_SHARDS">): number {
  const n = Number(env.D1_SHARDS ?? "1");
  if (!Number.isInteger(n) || n < 1 || n > 999) throw new Error(`D1_SHARDS must be a whole number from 1 to 999, not "${env.D1_SHARDS}"`);
  return n;
}

export const shardBinding = (shard: number): string => (shard === 0 ? "DB" : `DB_${shard}`);

/** The shard written in a game id (0 for ids without one, e.g. every id made before sharding). */
export function shardOfGame(gameId: string): number {
  const m = SHARD_SUFFIX.exec(gameId);
  return m ? Number(m[1]) : 0;
}

/** The id `random` names on `shard`. */
export const gameIdOn = (random: string, shard: number): string => {
  const bare = random.replace(SHARD_SUFFIX, "");
  return shard === 0 ? bare : `${bare}-${shard}`;
};

/** A shard for a new game: uniform over the N shards. */
export const pickShard = (n: number): number => (n === 1 ? 0 : crypto.getRandomValues(new Uint32Array(1))[0]! % n);

/**
 * Opens every shard's binding; `home` (when given) replaces DB, `wrap` is applied to each binding
 * (the dev meter). A missing binding is a configuration error naming it.
 */
export function openShards(env: ShardEnv, options: { home?: D1Database; wrap?: (d1: D1Database) => D1Database } = {}): Shards {
  const n = shardCount(env);
  const wrap = options.wrap ?? ((d1: D1Database) => d1);
  const all = Array.from({ length: n }, (_, k) => {
    const binding = k === 0 ? (options.home ?? env.DB) : env[`DB_${k}`];
    if (!binding) throw new Error(`D1_SHARDS is ${n} but the D1 binding ${shardBinding(k)} is missing (wrangler.toml [[d1_databases]])`);
    return openDb(k === 0 && options.home ? binding : wrap(binding));
  });
  return {
    home: all[0]!,
    all,
    forGame(gameId) {
      // an id naming a shard that is not bound names no game: home answers "not found" for it
      return all[shardOfGame(gameId)] ?? all[0]!;
    },
  };
}

/** Asks every shard at once (what must see every game: an address's games, its digest). */
export const everyShard = <T>(shards: Shards, read: (db: Db) => Promise<T>): Promise<T[]> => Promise.all(shards.all.map(read));

/** Work that runs on one shard and may reach the others (a request's or the cron's dependencies). */
export interface OnShard {
  db: Db;
  shards: Shards;
}

/** The same work on the shard that holds `gameId`. */
export const forGame = <D extends OnShard>(on: D, gameId: string): D => {
  const db = on.shards.forGame(gameId);
  return db === on.db ? on : { ...on, db };
};

/** The same work on each shard in turn (what must see every game). */
export const onEveryShard = <D extends OnShard>(on: D): D[] => on.shards.all.map((db) => (db === on.db ? on : { ...on, db }));

/**
 * The shard this work is on and home, once each: a seat's channels live with its game, its
 * address's channels at home, so a read of both asks both.
 */
export const hereAndHome = (on: OnShard): Db[] => (on.db === on.shards.home ? [on.db] : [on.db, on.shards.home]);
