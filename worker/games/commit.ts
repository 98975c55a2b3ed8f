import type { Deps } from "../deps";
import { afterCommit } from "../store/game-cache";
import { commit, type Commit, type CommitResult } from "../store/repository";
import type { Loaded } from "./advance";

/** Commits a change computed from `loaded` and keeps this isolate's copy of the game in step with D1. */
export async function commitChange(deps: Deps, loaded: Loaded, change: Commit): Promise<CommitResult> {
  const result = await commit(deps.db, change);
  if (result.ok) deps.cache.set(change.gameId, afterCommit(loaded, change));
  else deps.cache.forget(change.gameId);
  return result;
}
