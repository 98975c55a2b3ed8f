import type { Env } from "./env";
import { rulesets, type Registry } from "./engine/registry";
import { GameCache } from "./store/game-cache";
import { openDb, type Db } from "./store/repository";

/** What the game service needs from the outside world, passed in so tests can drive the clock. */
export interface Deps {
  db: Db;
  env: Env;
  now: () => number;
  newId: () => string;
  /** The rulesets games may use (tests add their own). */
  rulesets: Registry;
  /** Games this isolate holds in memory (trusted only through a commit). */
  cache: GameCache;
}

/** Short, URL-safe, unguessable enough for ids (not for secrets: tokens are HMACs). */
export function randomId(length = 10): string {
  const alphabet = "23456789abcdefghjkmnpqrstuvwxyz";
  const bytes = crypto.getRandomValues(new Uint8Array(length));
  return [...bytes].map((b) => alphabet[b % alphabet.length]).join("");
}

export interface DepsOptions {
  now?: () => number;
  newId?: () => string;
  rulesets?: Registry;
  /** One per isolate: the app keeps it across requests. */
  cache?: GameCache;
}

export function makeDeps(env: Env, d1: D1Database, options: DepsOptions = {}): Deps {
  return {
    db: openDb(d1),
    env,
    now: options.now ?? (() => Date.now()),
    newId: options.newId ?? (() => crypto.randomUUID()),
    rulesets: options.rulesets ?? rulesets,
    cache: options.cache ?? new GameCache(),
  };
}
