import type { Registry } from "../engine/registry";
import type { Env } from "../env";
import type { GameCache } from "../store/game-cache";
import type { OnShard } from "../store/shards";
import type { Transport } from "./transport";

/**
 * What sending the mail needs from the outside world: the part of the service's dependencies
 * (worker/deps.ts) the mail layer sees, declared here so that mail does not reach up to them.
 */
export interface MailDeps extends OnShard {
  env: Env;
  now: () => number;
  newId: () => string;
  /** The rulesets games may use (tests add their own). */
  rulesets: Registry;
  /** Games this isolate holds in memory (trusted only through a commit). */
  cache: GameCache;
  /** Where mail goes; by default the one the environment names (mail/transport.ts). */
  transport?: Transport;
}
