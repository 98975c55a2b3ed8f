/**
 * Mail written already claimed. A notice due at once is sent by the request that wrote it, right
 * after its response, so the commit writes it with that request's lease on it (one try counted,
 * the next attempt after the lease): the drain then sends it without a claiming UPDATE, and the
 * row is written twice (insert, result) instead of three times. A request that dies before
 * sending leaves the row to the cron once the lease runs out: late by the lease, never lost,
 * and never sent twice (the row is nobody else's until then, and a resend carries its key).
 * Such a row stays out of the cron's index of due rows (`writtenClaimed`, migration 0018): the
 * cron looks for the few whose request died among the rows written lately (store/outbox.ts).
 */
import type { GameCache } from "../store/game-cache";
import type { OutboxRecord } from "../store/outbox";
import type { OutboxRow } from "../store/types";

const MINUTE = 60_000;

/** A claimed row is ours this long; a drainer that dies leaves it to the next one after that. */
export const LEASE_MS = 2 * MINUTE;

/** Every column, as D1 stores the row (the schema's defaults filled in). */
const stored = (row: OutboxRow): OutboxRecord => ({
  id: row.id,
  gameId: row.gameId ?? null,
  seat: row.seat ?? null,
  kind: row.kind,
  recipient: row.recipient,
  payload: row.payload,
  status: row.status ?? "pending",
  attempts: row.attempts ?? 0,
  nextAttemptAt: row.nextAttemptAt,
  lastError: row.lastError ?? null,
  providerId: row.providerId ?? null,
  createdAt: row.createdAt,
  sentAt: row.sentAt ?? null,
  firstAttemptAt: row.firstAttemptAt ?? null,
  channelId: row.channelId ?? null,
  held: row.held ?? 0,
  writtenClaimed: row.writtenClaimed ?? 0,
  leasedUntil: row.leasedUntil ?? 0,
});

/** Due now, not held, not yet tried: the writing request sends it itself. */
const sendsAtOnce = (row: OutboxRow, now: number) => (row.status ?? "pending") === "pending" && (row.held ?? 0) === 0 && (row.attempts ?? 0) === 0 && row.nextAttemptAt <= now;

/** The rows to write, those due at once claimed by this request, and those claimed as the drain will see them. */
export function claimAtWrite(rows: readonly OutboxRow[], now: number): { rows: OutboxRow[]; claimed: OutboxRecord[] } {
  const claimed: OutboxRecord[] = [];
  const written = rows.map((row) => {
    if (!sendsAtOnce(row, now)) return row;
    const mine = { ...row, attempts: 1, firstAttemptAt: now, nextAttemptAt: now + LEASE_MS, writtenClaimed: 1 };
    claimed.push(stored(mine));
    return mine;
  });
  return { rows: written, claimed };
}

/**
 * The rows an isolate wrote claimed and has yet to send, by game. Keyed by the isolate's game
 * cache, which the request and its after-response work share (one per app).
 */
const pending = new WeakMap<GameCache, Map<string, OutboxRecord[]>>();
/** Beyond this many games a request never drained (a crash in tests, a path with no drain), the oldest are let go: the cron sends them after their lease. */
const CAPACITY = 256;

/** After a commit that wrote `claimed`: they wait for this isolate's after-response drain. */
export function keepClaimed(isolate: GameCache, gameId: string, claimed: readonly OutboxRecord[]): void {
  if (claimed.length === 0) return;
  let byGame = pending.get(isolate);
  if (!byGame) pending.set(isolate, (byGame = new Map()));
  byGame.set(gameId, [...(byGame.get(gameId) ?? []), ...claimed]);
  if (byGame.size > CAPACITY) byGame.delete(byGame.keys().next().value!);
}

/** The rows of the game this isolate claimed when writing them, now its to send (each is taken once). */
export function takeClaimed(isolate: GameCache, gameId: string): OutboxRecord[] {
  const byGame = pending.get(isolate);
  const rows = byGame?.get(gameId) ?? [];
  byGame?.delete(gameId);
  return rows;
}
