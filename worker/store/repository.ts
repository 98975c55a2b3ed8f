import { and, asc, eq, getTableColumns, gt, inArray, sql, type SQL } from "drizzle-orm";
import { drizzle, type DrizzleD1Database } from "drizzle-orm/d1";
import type { BatchItem } from "drizzle-orm/batch";
import { bind, prepareSql, rowDecoder, StatementBook } from "./prepared";
import { games, outbox, seats, starts, turns, type GameRow, type OutboxRow, type Rematch, type SeatRow, type TurnRow } from "./schema";

/** A turn of the current sitting, as the hand-over mail describes it. */
export type SittingTurn = Pick<TurnRow, "seq" | "events" | "service" | "byOrder">;

export type Db = DrizzleD1Database<Record<string, never>> & { $client: D1Database };

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
const decodeTurn = rowDecoder(turns);

const hot = {
  game: (db: Db) => book.get("game", () => db.select().from(games).where(eq(games.id, id))),
  seats: (db: Db) => book.get("seats", () => db.select().from(seats).where(eq(seats.gameId, id)).orderBy(asc(sql`rowid`))),
  sitting: (db: Db) =>
    book.get("sitting", () =>
      db
        .select({ seq: turns.seq, events: turns.events, service: turns.service, byOrder: turns.byOrder })
        .from(turns)
        .where(and(eq(turns.gameId, id), gt(turns.seq, sql`(SELECT ${games.sittingFrom} FROM ${games} WHERE ${games.id} = ${id})`)))
        .orderBy(asc(turns.seq)),
    ),
  earlier: (db: Db) =>
    book.get("earlier", () =>
      db
        .select()
        .from(turns)
        .where(and(eq(turns.gameId, id), eq(turns.seq, sql.placeholder("first")), eq(turns.idempotencyKey, sql.placeholder("key")))),
    ),
};

/** One round trip: the game and its seats, plus what `options` asks for. */
export async function loadGame(db: Db, gameId: string, options: LoadOptions = {}): Promise<LoadedGame | null> {
  const { idempotency, forChange = false } = options;
  const d1 = db.$client;
  const values = { id: gameId, key: idempotency?.key ?? "", first: (idempotency?.seq ?? 0) + 1 };
  const statements = [bind(d1, hot.game(db), values), bind(d1, hot.seats(db), values)];
  if (forChange) statements.push(bind(d1, hot.sitting(db), values));
  if (idempotency) statements.push(bind(d1, hot.earlier(db), values));
  const [gameRows, seatRows, ...extra] = await d1.batch<Record<string, unknown>>(statements);
  const gameRow = gameRows?.results[0];
  if (!gameRow) return null;
  const sitting = forChange ? extra.shift()!.results.map(decodeTurn) : [];
  const earlier = idempotency ? extra.shift()!.results.map(decodeTurn) : [];
  return { game: decodeGame(gameRow), seats: seatRows!.results.map(decodeSeat), earlier: earlier as TurnRow[], sitting: sitting as SittingTurn[] };
}

export type NewTurn = typeof turns.$inferInsert;
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
}

export type CommitResult = { ok: true } | { ok: false; reason: "stale" };

const turnValues = (t: NewTurn) => ({
  gameId: t.gameId,
  seq: t.seq,
  seat: t.seat,
  byBot: t.byBot ?? 0,
  actions: t.actions,
  events: t.events,
  draws: t.draws ?? [],
  service: t.service ?? null,
  byOrder: t.byOrder ?? 0,
  idempotencyKey: t.idempotencyKey ?? null,
  at: t.at,
});

const placeholders = <K extends string>(keys: readonly K[]) => Object.fromEntries(keys.map((k) => [k, sql.placeholder(k)])) as Record<K, never>;
const TURN_KEYS = Object.keys(turnValues({} as NewTurn)) as (keyof NewTurn)[];
const OUTBOX_KEYS = Object.keys(getTableColumns(outbox)) as (keyof OutboxRow)[];

const commitStatements = {
  turn: (db: Db) => book.get("turn", () => db.insert(turns).values(placeholders(TURN_KEYS))),
  /**
   * The first turn of a commit carries the version check: its seat is NULL (refused by the
   * NOT NULL constraint, failing the whole batch) unless the game's version is the one read.
   */
  guardedTurn: (db: Db) =>
    book.get("guardedTurn", () =>
      db.insert(turns).values({
        ...placeholders(TURN_KEYS),
        seat: sql`(SELECT ${sql.placeholder("seat")} WHERE (SELECT ${games.version} FROM ${games} WHERE ${games.id} = ${sql.placeholder("gameId")}) = ${sql.placeholder("expectedVersion")})` as never,
      }),
    ),
  outbox: (db: Db) => book.get("outbox", () => db.insert(outbox).values(placeholders(OUTBOX_KEYS))),
  game: (db: Db, keys: readonly string[]) =>
    book.get(`game:${keys.join(",")}`, () =>
      db
        .update(games)
        .set(placeholders(keys) as never)
        .where(and(eq(games.id, sql.placeholder("whereId")), eq(games.seq, sql.placeholder("whereSeq")))),
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
  commitStatements.turn(db);
  commitStatements.guardedTurn(db);
  commitStatements.outbox(db);
  // the game row of a move that keeps the seat on move
  commitStatements.game(db, ["seq", "state", "toAct", "updatedAt", "version"]);
}

const outboxValues = (row: OutboxRow) =>
  Object.fromEntries(OUTBOX_KEYS.map((k) => [k, row[k] ?? (k === "status" ? "pending" : k === "attempts" || k === "held" ? 0 : null)]));

/**
 * One atomic batch. D1 has no interactive transactions, and an UPDATE that matches nothing
 * does not fail a batch: the turns primary key (game_id, seq) refuses a second writer, and the
 * first turn's version check refuses a writer that read the game before a seat changed.
 */
export async function commit(db: Db, change: Commit): Promise<CommitResult> {
  if (change.turns.length === 0) throw new Error("a commit must write at least one turn");
  const d1 = db.$client;
  const gameFields = { ...change.game, version: change.expectedVersion + 1 };
  const gameKeys = Object.keys(gameFields).sort();
  const statements: D1PreparedStatement[] = [
    ...change.turns.map((t, i) =>
      bind(d1, i === 0 ? commitStatements.guardedTurn(db) : commitStatements.turn(db), { ...turnValues(t), expectedVersion: change.expectedVersion }),
    ),
    bind(d1, commitStatements.game(db, gameKeys), { ...gameFields, whereId: change.gameId, whereSeq: change.expectedSeq }),
    ...(change.seatChanges ?? []).map((s) => {
      const keys = Object.keys(s.change).sort();
      return bind(d1, commitStatements.seat(db, keys), { ...s.change, whereId: change.gameId, whereSeat: s.seat });
    }),
    ...change.outbox.map((row) => bind(d1, commitStatements.outbox(db), outboxValues(row))),
  ];
  try {
    await d1.batch(statements);
    return { ok: true };
  } catch (error) {
    const message = errorText(error);
    if (/UNIQUE constraint failed: turns\.game_id, turns\.seq|PRIMARY KEY|NOT NULL constraint failed: turns\.seat/.test(message)) return { ok: false, reason: "stale" };
    throw error;
  }
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
function insertRow<T extends typeof games | typeof starts | typeof seats | typeof turns | typeof outbox>(db: Db, name: string, table: T, row: T["$inferInsert"]): D1PreparedStatement {
  const values = row as Record<string, unknown>;
  const keys = Object.keys(values).filter((k) => values[k] !== undefined).sort();
  return bind(db.$client, book.get(`insert:${name}:${keys.join(",")}`, () => db.insert(table).values(placeholders(keys) as never)), values);
}

/** A statement built by the query builder for this call alone, as D1 takes it. */
const once = (db: Db, query: { toSQL(): { sql: string; params: unknown[] } }): D1PreparedStatement => bind(db.$client, prepareSql(query), {});

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
  const guarded = rematchOf
    ? once(db, db.insert(games).values({ ...game, ruleset: sql`(SELECT ${game.ruleset} WHERE (SELECT ${games.version} FROM ${games} WHERE ${games.id} = ${rematchOf.id}) = ${rematchOf.version})` as never }))
    : insertRow(db, "game", games, game);
  const statements: D1PreparedStatement[] = [
    guarded,
    insertRow(db, "start", starts, { gameId: game.id, state: start.state, scenario: start.scenario }),
    ...seatRows.map((row) => insertRow(db, "seat", seats, row)),
    ...botTurns.map((row) => insertRow(db, "turn", turns, row)),
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

/** The inline scenario a custom game was made from (null for one of the ruleset's own). */
export async function readStartScenario(db: Db, gameId: string): Promise<Record<string, unknown> | null> {
  const [rows] = await db.batch([db.select({ scenario: starts.scenario }).from(starts).where(eq(starts.gameId, gameId))]);
  return rows[0]?.scenario ?? null;
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
  await db.batch([bumpVersion(db, gameId), db.update(seats).set({ orders }).where(and(eq(seats.gameId, gameId), eq(seats.seat, seat)))]);
}

/** Games whose bots ran out of budget in their last request, oldest first (games_bots_waiting). */
export async function gamesWaitingOnBots(db: Db, limit: number): Promise<string[]> {
  const [waiting] = await db.batch([
    db.select({ id: games.id }).from(games).where(and(eq(games.botsWaiting, 1), eq(games.status, "active"))).orderBy(asc(games.updatedAt)).limit(limit),
  ]);
  return waiting.map((w) => w.id);
}
