import { and, asc, eq, getTableColumns, inArray, sql, type SQL } from "drizzle-orm";
import { drizzle, type DrizzleD1Database } from "drizzle-orm/d1";
import type { BatchItem } from "drizzle-orm/batch";
import { bind, prepareSql, rowDecoder, StatementBook } from "./prepared";
import { appendedTail, logAfter, logAfterReads, logReads, packPage, pageOutStatement, pageWritten, storedTurns, tailAfter, tailIsFull, tailRead, turnsFromReads, type NewTurn, type SittingTurn } from "./log";
import { packText, unpackText } from "./packed";
import { games, outbox, seats, starts, type GameRow, type OutboxRow, type Rematch, type SeatRow, type TurnRow } from "./schema";

export type { NewTurn, SittingTurn };

export type Db = DrizzleD1Database<Record<string, never>> & { $client: D1Database };

export const openDb = (d1: D1Database): Db => drizzle(d1);

export interface LoadedGame {
  game: GameRow;
  seats: SeatRow[];
  /** Turns stored earlier under this request's Idempotency-Key (any seat's; the caller filters). */
  earlier: TurnRow[];
  /** The turns since the seats in toAct began to act (for the next hand-over's mail). */
  sitting: SittingTurn[];
  /** The log's tail as stored, when the load read it (a change's load does): a commit that pages it out compresses it first. */
  tail?: string;
}

export interface LoadOptions {
  /**
   * Also fetch the turn an earlier try of this request stored: a request made at `seq` stores its
   * first turn at seq + 1, under its Idempotency-Key, so that one row (by primary key) is all
   * there is to read, and no index of keys has to be written with every turn.
   */
  idempotency?: { key: string; seq: number };
  /** Also fetch the current sitting's events: only a change that may hand over needs them. */
  forChange?: boolean;
}

/** The texts of the hot statements, built once per isolate. */
const book = new StatementBook();
const id = sql.placeholder("id");
const decodeGame = rowDecoder(games);
const decodeSeat = rowDecoder(seats);
/** The game's columns but the log's tail: a game is read often, its log seldom. */
const { logTail: _logTail, ...gameColumns } = getTableColumns(games);

const hot = {
  game: (db: Db) => book.get("game", () => db.select(gameColumns).from(games).where(eq(games.id, id))),
  seats: (db: Db) => book.get("seats", () => db.select().from(seats).where(eq(seats.gameId, id)).orderBy(asc(sql`rowid`))),
};

/** One round trip: the game and its seats, plus what `options` asks for. */
export async function loadGame(db: Db, gameId: string, options: LoadOptions = {}): Promise<LoadedGame | null> {
  const { idempotency, forChange = false } = options;
  const d1 = db.$client;
  const values = { id: gameId };
  const first = idempotency ? idempotency.seq + 1 : undefined;
  const statements = [bind(d1, hot.game(db), values), bind(d1, hot.seats(db), values)];
  if (forChange || idempotency) statements.push(...logReads(d1, gameId, { sitting: forChange, turnAt: first }));
  const [gameRows, seatRows, ...logResults] = await d1.batch<Record<string, unknown>>(statements);
  const gameRow = gameRows?.results[0];
  if (!gameRow) return null;
  const game = decodeGame(gameRow) as GameRow;
  const { tail, pages } = await turnsFromReads(gameId, logResults);
  // the sitting's pages and the one holding the keyed turn may be the same page: each seq once
  const bySeq = new Map([...pages, ...tail].map((t) => [t.seq, t]));
  const sitting: SittingTurn[] = forChange ? [...bySeq.values()].filter((t) => t.seq > game.sittingFrom).sort((a, b) => a.seq - b.seq) : [];
  const keyed = first === undefined ? undefined : bySeq.get(first);
  const earlier = keyed && keyed.idempotencyKey === idempotency?.key ? [keyed] : [];
  const tailText = tailRead(logResults);
  return { game, seats: seatRows!.results.map(decodeSeat), earlier, sitting, ...(tailText !== undefined ? { tail: tailText } : {}) };
}

export type GameChange = Partial<Omit<GameRow, "id" | "createdAt" | "seed" | "seedCommitment" | "version">>;
export type SeatChange = Partial<Pick<SeatRow, "bot" | "epoch" | "prefs" | "undeliverable">>;

export interface Commit {
  gameId: string;
  /** The seq the change was computed against; the first new turn is stored at expectedSeq + 1. */
  expectedSeq: number;
  /** The game's version the change was computed from: the commit is refused if it moved. */
  expectedVersion: number;
  turns: NewTurn[];
  game: GameChange;
  seatChanges?: { seat: string; change: SeatChange }[];
  outbox: OutboxRow[];
  /** The log's tail at expectedSeq, when the caller holds it: a full one goes to its page compressed in the commit itself. */
  tail?: string;
}

/** A commit's answer; `tail` is the log's tail it left, when the commit was given the one before (Commit.tail). */
export type CommitResult = { ok: true; tail?: string } | { ok: false; reason: "stale" };

const placeholders = <K extends string>(keys: readonly K[]) => Object.fromEntries(keys.map((k) => [k, sql.placeholder(k)])) as Record<K, never>;
const OUTBOX_KEYS = Object.keys(getTableColumns(outbox)) as (keyof OutboxRow)[];

const commitStatements = {
  outbox: (db: Db) => book.get("outbox", () => db.insert(outbox).values(placeholders(OUTBOX_KEYS))),
  /**
   * The game's new fields and its log's new turns in one row. The game's lock: unless the row is
   * still at the seq and version the change was computed from, seq becomes -1, which the CHECK
   * games_seq refuses, failing the whole batch.
   */
  game: (db: Db, keys: readonly string[]) =>
    book.get(`game:${keys.join(",")}`, () =>
      db
        .update(games)
        .set({
          ...(placeholders(keys) as Record<string, never>),
          seq: sql`CASE WHEN ${games.seq} = ${sql.placeholder("whereSeq")} AND ${games.version} = ${sql.placeholder("expectedVersion")} THEN ${sql.placeholder("seq")} ELSE -1 END`,
          logTail: appendedTail(sql.placeholder("addedTurns")),
        } as never)
        .where(eq(games.id, sql.placeholder("whereId"))),
    ),
  seat: (db: Db, keys: readonly string[]) =>
    book.get(`seat:${keys.join(",")}`, () =>
      db
        .update(seats)
        .set(placeholders(keys) as never)
        .where(and(eq(seats.gameId, sql.placeholder("whereId")), eq(seats.seat, sql.placeholder("whereSeat")))),
    ),
};

/**
 * Builds the hot statements' SQL text ahead of the first request (at an isolate's startup): only
 * the query builder runs, so the client is never called.
 */
export function prepareHotStatements(): void {
  const db = openDb({} as D1Database) as Db;
  for (const statement of Object.values(hot)) statement(db);
  commitStatements.outbox(db);
  // the game row of a move that keeps the seat on move
  commitStatements.game(db, ["state", "toAct", "updatedAt", "version"]);
}

const outboxValues = (row: OutboxRow) =>
  Object.fromEntries(OUTBOX_KEYS.map((k) => [k, row[k] ?? (k === "status" ? "pending" : k === "attempts" || k === "held" || k === "writtenClaimed" || k === "leasedUntil" ? 0 : null)]));

/**
 * One atomic batch. D1 has no interactive transactions, and an UPDATE that matches nothing
 * does not fail a batch: the game row's seq guard (commitStatements.game) fails it instead when
 * a second writer came first or a seat changed since the game was read, and a tail moved to its
 * page by two writers collides on log_pages' primary key.
 */
export async function commit(db: Db, change: Commit): Promise<CommitResult> {
  if (change.turns.length === 0) throw new Error("a commit must write at least one turn");
  const seq = change.expectedSeq + change.turns.length;
  if (change.turns.some((t, i) => t.seq !== change.expectedSeq + 1 + i)) throw new Error("a commit's turns must follow the game's seq one by one");
  const d1 = db.$client;
  const { seq: _seq, ...fields } = change.game;
  const gameFields = { ...fields, version: change.expectedVersion + 1 };
  const gameKeys = Object.keys(gameFields).sort();
  const added = storedTurns(change.turns);
  const full = change.tail !== undefined && tailIsFull(change.tail);
  const packed = full ? { tail: change.tail!, bytes: await packText(change.tail!) } : undefined;
  const statements: D1PreparedStatement[] = [
    pageOutStatement(d1, change.gameId, change.expectedSeq, packed),
    bind(d1, commitStatements.game(db, gameKeys), {
      ...gameFields,
      seq,
      addedTurns: added,
      whereId: change.gameId,
      whereSeq: change.expectedSeq,
      expectedVersion: change.expectedVersion,
    }),
    ...(change.seatChanges ?? []).map((s) => {
      const keys = Object.keys(s.change).sort();
      return bind(d1, commitStatements.seat(db, keys), { ...s.change, whereId: change.gameId, whereSeat: s.seat });
    }),
    ...change.outbox.map((row) => bind(d1, commitStatements.outbox(db), outboxValues(row))),
  ];
  let results: D1Result<Record<string, unknown>>[];
  try {
    results = await d1.batch<Record<string, unknown>>(statements);
  } catch (error) {
    const message = errorText(error);
    if (/CHECK constraint failed: games_seq|UNIQUE constraint failed: log_pages\.game_id, log_pages\.last_seq/.test(message)) return { ok: false, reason: "stale" };
    throw error;
  }
  const page = pageWritten(results[0]);
  if (page?.turns) {
    const text = { lastSeq: page.lastSeq, turns: page.turns };
    // the commit stands whatever becomes of this: a page left as text reads the same
    await packPage(d1, change.gameId, text).catch((error) => console.error(`log page ${change.gameId}/${page.lastSeq} left as text:`, errorText(error)));
  }
  const tail = tailAfter(change.tail, added, full);
  return tail === undefined ? { ok: true } : { ok: true, tail };
}

/** Moves a game's version: every write to a game or its seats outside a commit goes with one. */
export const bumpVersion = (db: Db, gameId: string) =>
  db
    .update(games)
    .set({ version: sql`${games.version} + 1` })
    .where(eq(games.id, gameId));

/** Moves the version of every game in which `email` holds a digest seat. */
export const bumpDigestVersions = (db: Db, email: string) =>
  db
    .update(games)
    .set({ version: sql`${games.version} + 1` })
    .where(inArray(games.id, db.select({ id: seats.gameId }).from(seats).where(and(eq(seats.email, email), eq(seats.prefs, "digest")))));

/**
 * A row's INSERT with its values bound, its text built once per shape of row (the keys it sets).
 * One INSERT per row: D1 allows at most 100 bound parameters per statement; the batch keeps
 * them atomic.
 */
function insertRow<T extends typeof games | typeof starts | typeof seats | typeof outbox>(db: Db, name: string, table: T, row: T["$inferInsert"]): D1PreparedStatement {
  const values = row as Record<string, unknown>;
  const keys = Object.keys(values).filter((k) => values[k] !== undefined).sort();
  return bind(db.$client, book.get(`insert:${name}:${keys.join(",")}`, () => db.insert(table).values(placeholders(keys) as never)), values);
}

/** A statement built by the query builder for this call alone, bound as D1 takes it (for a batch of D1's own statements). */
export const once = (db: Db, query: { toSQL(): { sql: string; params: unknown[] } }): D1PreparedStatement => bind(db.$client, prepareSql(query), {});

/** The finished game a new one replays, as it was read, and its rematch once the new game exists. */
export interface RematchOf {
  id: string;
  version: number;
  /** The human seats that asked for it. */
  agreed: string[];
}

/**
 * A new game in one batch. A rematch is written only if the old game's version is still the one
 * read (else its ruleset is NULL, which NOT NULL refuses), and only once (games_rematch_of is UNIQUE).
 */
export async function insertGame(
  db: Db,
  game: typeof games.$inferInsert,
  start: { state: unknown; scenario: Record<string, unknown> | null },
  seatRows: (typeof seats.$inferInsert)[],
  botTurns: NewTurn[],
  mails: OutboxRow[],
  rematchOf?: RematchOf,
) {
  // the computer's first turns start the log's tail; the game's seq is the last of them
  const withLog = { ...game, logTail: storedTurns(botTurns) };
  const guarded = rematchOf
    ? once(db, db.insert(games).values({ ...withLog, ruleset: sql`(SELECT ${game.ruleset} WHERE (SELECT ${games.version} FROM ${games} WHERE ${games.id} = ${rematchOf.id}) = ${rematchOf.version})` as never }))
    : insertRow(db, "game", games, withLog);
  const statements: D1PreparedStatement[] = [
    guarded,
    db.$client.prepare(INSERT_START).bind(game.id, await packedStart(start.state), start.scenario === null ? null : JSON.stringify(start.scenario)),
    ...seatRows.map((row) => insertRow(db, "seat", seats, row)),
    ...mails.map((row) => insertRow(db, "outbox", outbox, row)),
    ...(rematchOf
      ? [
          once(
            db,
            db
              .update(games)
              .set({ rematch: { agreed: rematchOf.agreed, gameId: game.id }, version: sql`${games.version} + 1` })
              .where(eq(games.id, rematchOf.id)),
          ),
        ]
      : []),
  ];
  try {
    await db.$client.batch(statements);
    return true;
  } catch (error) {
    if (rematchOf && /NOT NULL constraint failed: games\.ruleset|UNIQUE constraint failed: games\.rematch_of/.test(errorText(error))) return false;
    throw error;
  }
}

/**
 * Mail written only while `unchanged` holds: its recipient is NULL otherwise, and NOT NULL fails
 * the whole batch (see refusedByGuard). Put them before the statement that changes the game.
 */
export function guardedMails(db: Db, mails: readonly OutboxRow[], unchanged: SQL | undefined): BatchItem<"sqlite">[] {
  return mails.map((row) => db.insert(outbox).values({ ...row, recipient: sql`(SELECT ${row.recipient} WHERE EXISTS (SELECT 1 FROM ${games} WHERE ${unchanged}))` as never }));
}

/** The batch failed because a guarded mail found the game changed. */
export const refusedByGuard = (error: unknown): boolean => /NOT NULL constraint failed: outbox\.recipient/.test(errorText(error));

const errorText = (error: unknown) => String((error as Error)?.message ?? error) + String((error as { cause?: Error })?.cause?.message ?? "");

/**
 * A finished game's rematch offer changes (asked, declined), with its mail, only while the game
 * is at the version read: every mail's recipient is NULL otherwise, and NOT NULL fails the batch.
 */
export async function saveRematch(db: Db, gameId: string, version: number, rematch: Rematch | null, mails: OutboxRow[]): Promise<boolean> {
  const unchanged = and(eq(games.id, gameId), eq(games.version, version));
  try {
    const statements: BatchItem<"sqlite">[] = [
      ...guardedMails(db, mails, unchanged),
      db
        .update(games)
        .set({ rematch, version: sql`${games.version} + 1` })
        .where(unchanged)
        .returning({ id: games.id }),
    ];
    const results = await db.batch(statements as [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]]);
    return (results[results.length - 1] as unknown[]).length === 1;
  } catch (error) {
    if (refusedByGuard(error)) return false;
    throw error;
  }
}

/** Turns after `after`, in order; fewer than all when the log is long (ask again from the last seq). */
export async function readLog(db: Db, gameId: string, after: number, limit = 500): Promise<TurnRow[]> {
  return logAfter(gameId, await db.$client.batch(logAfterReads(db.$client, gameId, after)), after, limit);
}

/** The inline scenario a custom game was made from (null for one of the ruleset's own). */
export async function readStartScenario(db: Db, gameId: string): Promise<Record<string, unknown> | null> {
  const [rows] = await db.batch([db.select({ scenario: starts.scenario }).from(starts).where(eq(starts.gameId, gameId))]);
  return rows[0]?.scenario ?? null;
}

const START = "SELECT state, scenario FROM starts WHERE game_id = ?1";
/**
 * The start goes in compressed, as a log's full page does (store/packed.ts): it is read only
 * with the log's first page, and a game keeps it, a few kilobytes of JSON, for its whole life.
 */
const INSERT_START = "INSERT INTO starts (game_id, state, scenario) VALUES (?1, ?2, ?3)";

/**
 * The start's JSON compressed, or as text where the platform refuses a stream: the isolate's
 * warm-up (worker/warm-up.ts) creates a game in global scope, where workerd allows none. A start
 * kept as text reads the same.
 */
async function packedStart(state: unknown): Promise<Uint8Array | string> {
  const json = JSON.stringify(state);
  try {
    return await packText(json);
  } catch {
    return json;
  }
}

/** The log's first page with the position the game started from (null for a game older than `starts`). */
export async function readLogWithStart(
  db: Db,
  gameId: string,
  limit = 500,
): Promise<{ start: unknown; scenario: Record<string, unknown> | null; turns: TurnRow[] }> {
  const d1 = db.$client;
  const [startRows, ...log] = await d1.batch<Record<string, unknown>>([d1.prepare(START).bind(gameId), ...logAfterReads(d1, gameId, 0)]);
  const start = startRows!.results[0] as { state: unknown; scenario: string | null } | undefined;
  return { start: start ? JSON.parse(await unpackText(start.state)) : null, scenario: start?.scenario ? JSON.parse(start.scenario) : null, turns: await logAfter(gameId, log, 0, limit) };
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
  await db.batch([bumpVersion(db, gameId), db.update(seats).set({ orders }).where(and(eq(seats.gameId, gameId), eq(seats.seat, seat)))]);
}

/** Games whose bots ran out of budget in their last request, oldest first (games_bots_waiting). */
export async function gamesWaitingOnBots(db: Db, limit: number): Promise<string[]> {
  const [waiting] = await db.batch([
    db.select({ id: games.id }).from(games).where(and(eq(games.botsWaiting, 1), eq(games.status, "active"))).orderBy(asc(games.updatedAt)).limit(limit),
  ]);
  return waiting.map((w) => w.id);
}
