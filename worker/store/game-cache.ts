/**
 * Games an isolate holds in memory, so that a player's next submission needs no read. A copy
 * is only ever trusted through a commit: the turns primary key refuses a copy at an old seq,
 * and the version check refuses one read before a seat changed (a revoked link, a bot that
 * took over, new prefs or orders). A refused commit forgets the copy and reloads.
 */
import type { Commit, SittingTurn } from "./repository";
import type { GameRow, SeatRow } from "./schema";

export interface CachedGame {
  game: GameRow;
  seats: SeatRow[];
  sitting: SittingTurn[];
  /** The log's tail as stored, when known (the commit's answer, store/log.ts tailAfter): the next commit may page it out compressed. */
  tail?: string;
}

/** Least recently used goes first once `capacity` games are held. */
export class GameCache {
  private readonly entries = new Map<string, CachedGame>();

  constructor(private readonly capacity = 256) {}

  get(gameId: string): CachedGame | undefined {
    const entry = this.entries.get(gameId);
    if (entry) {
      this.entries.delete(gameId);
      this.entries.set(gameId, entry);
    }
    return entry;
  }

  set(gameId: string, entry: CachedGame): void {
    this.entries.delete(gameId);
    this.entries.set(gameId, entry);
    if (this.entries.size > this.capacity) this.entries.delete(this.entries.keys().next().value!);
  }

  forget(gameId: string): void {
    this.entries.delete(gameId);
  }

  get size(): number {
    return this.entries.size;
  }
}

/** The game as a successful commit left it in D1 (`tail`: the log's tail the commit answered, if it knew it). */
export function afterCommit(before: CachedGame, change: Commit, tail?: string): CachedGame {
  const game = { ...before.game, ...change.game, version: change.expectedVersion + 1 } as GameRow;
  const seats = before.seats.map((s) => {
    const seatChange = change.seatChanges?.find((c) => c.seat === s.seat)?.change;
    return seatChange ? { ...s, ...seatChange } : s;
  });
  const written: SittingTurn[] = change.turns.map((t) => ({ seq: t.seq, events: t.events, service: t.service ?? null, byOrder: t.byOrder ?? 0 }));
  const sitting = [...before.sitting, ...written].filter((t) => t.seq > game.sittingFrom);
  return { game, seats, sitting, ...(tail !== undefined ? { tail } : {}) };
}
