import type { Env } from "./env";
import { rulesets, type Registry } from "./engine/registry";
import { GameCache } from "./store/game-cache";
import { newSeed } from "./play/dice";
import type { Transport } from "./mail/transport";
import { openDb, type Db } from "./store/repository";
import { liveFor, type Live } from "./live/live";

/** What the game service needs from the outside world, passed in so tests can drive the clock. */
export interface Deps {
  db: Db;
  env: Env;
  now: () => number;
  newId: () => string;
  /** A new game's id (short: it is in every link). */
  newGameId: () => string;
  /** A new game's secret dice seed. */
  newSeed: () => string;
  /** The rulesets games may use (tests add their own). */
  rulesets: Registry;
  /** Games this isolate holds in memory (trusted only through a commit). */
  cache: GameCache;
  /** Where mail goes; by default the one the environment names (mail/transport.ts). */
  transport?: Transport;
  /** The open pages of each game: who is looking, and telling them a game moved. */
  live: Live;
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
  newGameId?: () => string;
  newSeed?: () => string;
  rulesets?: Registry;
  /** One per isolate: the app keeps it across requests. */
  cache?: GameCache;
  transport?: Transport;
  live?: Live;
}

export function makeDeps(env: Env, d1: D1Database, options: DepsOptions = {}): Deps {
  return {
    db: openDb(d1),
    env,
    now: options.now ?? (() => Date.now()),
    newId: options.newId ?? (() => crypto.randomUUID()),
    newGameId: options.newGameId ?? (() => randomId()),
    newSeed: options.newSeed ?? newSeed,
    rulesets: options.rulesets ?? rulesets,
    cache: options.cache ?? new GameCache(),
    transport: options.transport,
    live: options.live ?? liveFor(env),
  };
}
