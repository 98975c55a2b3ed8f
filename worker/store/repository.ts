import { and, asc, eq, gt, sql } from "drizzle-orm";
import { drizzle, type DrizzleD1Database } from "drizzle-orm/d1";
import type { BatchItem } from "drizzle-orm/batch";
import { games, outbox, seats, starts, turns, type GameRow, type OutboxRow, type SeatRow, type TurnRow } from "./schema";

/** A turn of the current sitting, as the hand-over mail describes it. */
export type SittingTurn = Pick<TurnRow, "events" | "service" | "byOrder">;

export type Db = DrizzleD1Database<Record<string, never>>;

export const openDb = (d1: D1Database): Db => drizzle(d1);

export interface LoadedGame {
  game: GameRow;
  seats: SeatRow[];
  /** Turns stored earlier under this request's Idempotency-Key (any seat's; the caller filters). */
  earlier: TurnRow[];
  /** The turns since the seats in toAct began to act (for the next hand-over's mail). */
  sitting: SittingTurn[];
}

export interface LoadOptions {
  /** Also fetch the turns an earlier try stored under this Idempotency-Key. */
  idempotencyKey?: string;
  /** Also fetch the current sitting's events: only a change that may hand over needs them. */
  forChange?: boolean;
}

/** One round trip: the game and its seats, plus what `options` asks for. */
export async function loadGame(db: Db, id: string, options: LoadOptions = {}): Promise<LoadedGame | null> {
  const { idempotencyKey, forChange = false } = options;
  const gameQuery = db.select().from(games).where(eq(games.id, id));
  const seatsQuery = db.select().from(seats).where(eq(seats.gameId, id)).orderBy(asc(sql`rowid`));
  const earlierQuery = db
    .select()
    .from(turns)
    .where(and(eq(turns.gameId, id), eq(turns.idempotencyKey, idempotencyKey ?? "")))
    .limit(4);
  const sittingQuery = db
    .select({ events: turns.events, service: turns.service, byOrder: turns.byOrder })
    .from(turns)
    .where(and(eq(turns.gameId, id), gt(turns.seq, sql`(SELECT ${games.sittingFrom} FROM ${games} WHERE ${games.id} = ${id})`)))
    .orderBy(asc(turns.seq));
  const [gameRows, seatRows, ...extra] = await db.batch([
    gameQuery,
    seatsQuery,
    ...(forChange ? [sittingQuery] : []),
    ...(idempotencyKey ? [earlierQuery] : []),
  ] as [typeof gameQuery, typeof seatsQuery, ...(typeof sittingQuery | typeof earlierQuery)[]]);
  const game = (gameRows as GameRow[])[0];
  if (!game) return null;
  const sittingRows = (forChange ? extra.shift() : []) as SittingTurn[];
  const earlierRows = (idempotencyKey ? extra.shift() : []) as TurnRow[];
  return { game, seats: seatRows as SeatRow[], earlier: earlierRows, sitting: sittingRows };
}

/**
 * One INSERT per row: D1 allows at most 100 bound parameters per statement, and a request
 * with 16 bot turns would pass that in one multi-row insert. The batch keeps them atomic.
 */
function perRow<T extends typeof turns | typeof outbox | typeof seats>(db: Db, table: T, rows: readonly T["$inferInsert"][]): BatchItem<"sqlite">[] {
  return rows.map((row) => db.insert(table).values(row as never));
}

export type NewTurn = typeof turns.$inferInsert;
export type GameChange = Partial<Omit<GameRow, "id" | "createdAt" | "seed" | "seedCommitment">>;

export interface Commit {
  gameId: string;
  /** The seq the change was computed against; the first new turn is stored at expectedSeq + 1. */
  expectedSeq: number;
  turns: NewTurn[];
  game: GameChange;
  seatChanges?: { seat: string; change: Partial<Pick<SeatRow, "bot" | "epoch" | "prefs" | "undeliverable">> }[];
  outbox: OutboxRow[];
}

export type CommitResult = { ok: true } | { ok: false; reason: "stale" | "duplicate_key" };

/**
 * One atomic batch. D1 has no interactive transactions, and an UPDATE that matches nothing
 * does not fail a batch: the turns primary key (game_id, seq) is what refuses a second writer.
 */
export async function commit(db: Db, change: Commit): Promise<CommitResult> {
  if (change.turns.length === 0) throw new Error("a commit must write at least one turn");
  const statements: BatchItem<"sqlite">[] = [
    ...perRow(db, turns, change.turns),
    db
      .update(games)
      .set(change.game)
      .where(and(eq(games.id, change.gameId), eq(games.seq, change.expectedSeq))),
    ...(change.seatChanges ?? []).map((s) =>
      db
        .update(seats)
        .set(s.change)
        .where(and(eq(seats.gameId, change.gameId), eq(seats.seat, s.seat))),
    ),
  ];
  statements.push(...perRow(db, outbox, change.outbox));
  try {
    await db.batch(statements as [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]]);
    return { ok: true };
  } catch (error) {
    const message = String((error as Error)?.message ?? error) + String((error as { cause?: Error })?.cause?.message ?? "");
    if (/UNIQUE constraint failed: turns\.game_id, turns\.idempotency_key/.test(message)) return { ok: false, reason: "duplicate_key" };
    if (/UNIQUE constraint failed: turns\.game_id, turns\.seq|PRIMARY KEY/.test(message)) return { ok: false, reason: "stale" };
    throw error;
  }
}

export async function insertGame(
  db: Db,
  game: typeof games.$inferInsert,
  start: { state: unknown; scenario: Record<string, unknown> | null },
  seatRows: (typeof seats.$inferInsert)[],
  botTurns: NewTurn[],
  mails: OutboxRow[],
) {
  const statements: BatchItem<"sqlite">[] = [
    db.insert(games).values(game),
    db.insert(starts).values({ gameId: game.id, state: start.state, scenario: start.scenario }),
    ...perRow(db, seats, seatRows),
    ...perRow(db, turns, botTurns),
    ...perRow(db, outbox, mails),
  ];
  await db.batch(statements as [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]]);
}

export async function readLog(db: Db, gameId: string, after: number, limit = 500): Promise<TurnRow[]> {
  const [rows] = await db.batch([
    db
      .select()
      .from(turns)
      .where(and(eq(turns.gameId, gameId), gt(turns.seq, after)))
      .orderBy(asc(turns.seq))
      .limit(limit),
  ]);
  return rows;
}

/** The log's first page with the position the game started from (null for a game older than `starts`). */
export async function readLogWithStart(
  db: Db,
  gameId: string,
  limit = 500,
): Promise<{ start: unknown; scenario: Record<string, unknown> | null; turns: TurnRow[] }> {
  const [startRows, rows] = await db.batch([
    db.select({ state: starts.state, scenario: starts.scenario }).from(starts).where(eq(starts.gameId, gameId)),
    db.select().from(turns).where(eq(turns.gameId, gameId)).orderBy(asc(turns.seq)).limit(limit),
  ]);
  return { start: startRows[0]?.state ?? null, scenario: startRows[0]?.scenario ?? null, turns: rows };
}

/** The turns of one request: the keyed turn and the bot turns stored right after it. */
export async function requestTurns(db: Db, gameId: string, fromSeq: number): Promise<TurnRow[]> {
  const rows = await readLog(db, gameId, fromSeq - 1, 17);
  const [first, ...rest] = rows;
  if (!first) return [];
  const botRun: TurnRow[] = [];
  for (const row of rest) {
    if (row.byBot !== 1) break;
    botRun.push(row);
  }
  return [first, ...botRun];
}

/** A seat's standing orders, replaced whole. */
export async function saveOrders(db: Db, gameId: string, seat: string, orders: Record<string, string>): Promise<void> {
  await db.batch([db.update(seats).set({ orders }).where(and(eq(seats.gameId, gameId), eq(seats.seat, seat)))]);
}

/** Games whose bots ran out of budget in their last request, oldest first (games_bots_waiting). */
export async function gamesWaitingOnBots(db: Db, limit: number): Promise<string[]> {
  const [waiting] = await db.batch([
    db.select({ id: games.id }).from(games).where(and(eq(games.botsWaiting, 1), eq(games.status, "active"))).orderBy(asc(games.updatedAt)).limit(limit),
  ]);
  return waiting.map((w) => w.id);
}
