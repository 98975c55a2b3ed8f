import type { Deps } from "../deps";
import { afterCommit } from "../store/game-cache";
import { commit, type Commit, type CommitResult } from "../store/repository";
import type { Loaded } from "./advance";
import { reachOut } from "./reach";
import { claimAtWrite, keepClaimed } from "../mail/claimed";

/**
 * Commits a change computed from `loaded` and keeps this isolate's copy of the game in step
 * with D1. The mails the change owes go through the delivery layer first (reach.ts).
 */
export async function commitChange(deps: Deps, loaded: Loaded, change: Commit): Promise<CommitResult> {
  const seats = loaded.seats.map((s) => ({ ...s, ...(change.seatChanges?.find((c) => c.seat === s.seat)?.change ?? {}) }));
  const mail = claimAtWrite(await reachOut(deps, change.gameId, seats, change.outbox), deps.now());
  change.outbox = mail.rows;
  // the tail the load read (or the last commit left) is the one at the change's seq
  if (change.tail === undefined && loaded.tail !== undefined && loaded.game.seq === change.expectedSeq) change.tail = loaded.tail;
  const result = await commit(deps.db, change);
  if (result.ok) {
    deps.cache.set(change.gameId, afterCommit(loaded, change, result.tail));
    // the after-response drain sends them without claiming them again
    keepClaimed(deps.cache, change.gameId, mail.claimed);
  } else deps.cache.forget(change.gameId);
  return result;
}
