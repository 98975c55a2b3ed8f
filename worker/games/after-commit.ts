import type { Deps } from "../deps";
import { drainGame } from "../mail/drain";

/**
 * After a game changed: its notices go out (the mail written claimed is sent now) and its open
 * pages are told it moved. A request does it after its response, the cron after it resumed a game.
 */
export const tellOfChange = (deps: Deps, gameId: string) =>
  Promise.all([drainGame(deps, gameId), deps.live.announce(gameId, { seq: deps.cache.get(gameId)?.game.seq ?? -1 })]);
