/**
 * The log's storage. A game's turns are JSON: the newest in the game row's tail, which a commit
 * writes in the same UPDATE as the game, so a request that plays writes one row however many
 * turns the computer added; the older ones in `log_pages`, where the commit that finds the tail
 * over PAGE_CHARS moves it whole (one more row, once a page), and the Worker then compresses the
 * page in place (store/packed.ts: one more row). Reads join pages and tail again, whether a page
 * is compressed or still text.
 */
import { sql, type Placeholder, type SQL } from "drizzle-orm";
import { packText, unpackText } from "./packed";
import { games, type TurnRow } from "./schema";

/** A turn as a commit writes it: what it leaves out takes its default. */
export type NewTurn = Pick<TurnRow, "gameId" | "seq" | "seat" | "actions" | "events" | "at"> &
  Partial<Pick<TurnRow, "byBot" | "draws" | "service" | "byOrder" | "idempotencyKey">>;

/** A turn of the current sitting, as the hand-over mail describes it. */
export type SittingTurn = Pick<TurnRow, "seq" | "events" | "service" | "byOrder">;

/**
 * A tail longer than this (characters of JSON) goes to a page at the next commit: big enough that
 * a page is written every few player-turns and compresses well, small enough that most of a
 * game's log is compressed (the tail is not) and the game row stays cheap to rewrite.
 */
export const PAGE_CHARS = 16_000;

/** The most pages one read returns (about a quarter of a megabyte of JSON); a reader asks again from the last seq. */
const MAX_PAGES = 16;

/** A turn as stored: no game id (the row says it), and no field at its default. */
interface StoredTurn {
  seq: number;
  seat: string;
  actions: unknown[];
  events: unknown[];
  at: number;
  byBot?: number;
  draws?: number[][];
  service?: TurnRow["service"];
  byOrder?: number;
  idempotencyKey?: string;
}

/** The JSON array of `turns` as the tail and the pages hold it. */
export function storedTurns(turns: readonly NewTurn[]): string {
  return JSON.stringify(
    turns.map((t) => {
      const stored: StoredTurn = { seq: t.seq, seat: t.seat, actions: t.actions, events: t.events, at: t.at };
      if (t.byBot) stored.byBot = t.byBot;
      if (t.draws && t.draws.length > 0) stored.draws = t.draws;
      if (t.service) stored.service = t.service;
      if (t.byOrder) stored.byOrder = t.byOrder;
      if (t.idempotencyKey) stored.idempotencyKey = t.idempotencyKey;
      return stored;
    }),
  );
}

export function turnsOf(gameId: string, json: string): TurnRow[] {
  return (JSON.parse(json) as StoredTurn[]).map((s) => ({
    gameId,
    seq: s.seq,
    seat: s.seat,
    byBot: s.byBot ?? 0,
    actions: s.actions,
    events: s.events,
    draws: s.draws ?? [],
    service: s.service ?? null,
    byOrder: s.byOrder ?? 0,
    idempotencyKey: s.idempotencyKey ?? null,
    at: s.at,
  }));
}

/**
 * The game row's new tail after a commit adds `added` (a placeholder bound to storedTurns of the
 * new turns): the old tail with them appended, or them alone when the old tail went to a page
 * (pageOutStatement, earlier in the same batch). Joined as text: the tail is never parsed here.
 */
export const appendedTail = (added: Placeholder): SQL =>
  sql`CASE WHEN length(${games.logTail}) > ${PAGE_CHARS} OR ${games.logTail} = '[]' THEN ${added} ELSE substr(${games.logTail}, 1, length(${games.logTail}) - 1) || ',' || substr(${added}, 2) END`;

const TEXT = {
  tail: "SELECT log_tail AS turns FROM games WHERE id = ?1",
  pagesAfter: `SELECT turns FROM log_pages WHERE game_id = ?1 AND last_seq > ?2 ORDER BY last_seq LIMIT ${MAX_PAGES}`,
  pageHolding: "SELECT turns FROM log_pages WHERE game_id = ?1 AND last_seq >= ?2 ORDER BY last_seq LIMIT 1",
  sittingPages: "SELECT turns FROM log_pages WHERE game_id = ?1 AND last_seq > (SELECT sitting_from FROM games WHERE id = ?1) ORDER BY last_seq",
  /** Runs before the commit's UPDATE, which then starts the tail afresh (appendedTail's first case). */
  pageOut: `INSERT INTO log_pages (game_id, last_seq, turns) SELECT id, seq, log_tail FROM games WHERE id = ?1 AND seq = ?2 AND length(log_tail) > ${PAGE_CHARS} RETURNING last_seq, turns`,
  /**
   * The same with the page compressed already, from the tail the Worker holds (?3) and its bytes
   * (?4): the bytes only while the stored tail is exactly that text, else the text itself, as
   * pageOut writes it (then compressed by packPage); `turns` comes back only in that case.
   */
  pageOutPacked: `INSERT INTO log_pages (game_id, last_seq, turns) SELECT id, seq, CASE WHEN log_tail = ?3 THEN ?4 ELSE log_tail END FROM games WHERE id = ?1 AND seq = ?2 AND length(log_tail) > ${PAGE_CHARS} RETURNING last_seq, CASE WHEN typeof(turns) = 'text' THEN turns END AS turns`,
  /** Only over the page's text: a page is written once, so two isolates packing it write the same bytes, and the second changes nothing. */
  pack: "UPDATE log_pages SET turns = ?3 WHERE game_id = ?1 AND last_seq = ?2 AND typeof(turns) = 'text'",
};

/** A page's turns as D1 answers them: JSON text, or its compressed bytes (store/packed.ts). */
type TurnsRow = { turns: unknown };

/**
 * Moves a full tail to its page, if it is full and the game is still at `expectedSeq` (a second
 * writer's page collides on the primary key); the page's text comes back, for packPage. With
 * `packed`, the tail the Worker holds for that seq and its compressed bytes, the page is written
 * compressed at once (no packPage: one row and one round trip fewer) if the stored tail is that.
 */
export const pageOutStatement = (d1: D1Database, gameId: string, expectedSeq: number, packed?: { tail: string; bytes: Uint8Array }) =>
  packed ? d1.prepare(TEXT.pageOutPacked).bind(gameId, expectedSeq, packed.tail, packed.bytes) : d1.prepare(TEXT.pageOut).bind(gameId, expectedSeq);

/** The page a committed batch's pageOutStatement wrote, if the tail was full; `turns` is its text when it is still to be compressed. */
export function pageWritten(result: D1Result<Record<string, unknown>> | undefined): { lastSeq: number; turns: string | null } | null {
  const row = result?.results[0] as { last_seq: number; turns: string | null } | undefined;
  return row ? { lastSeq: row.last_seq, turns: row.turns ?? null } : null;
}

/** SQLite's length() of a text: characters, where JavaScript counts a character beyond the BMP twice. */
const sqlLength = (text: string) => text.length - (text.match(/[\uD800-\uDBFF]/g)?.length ?? 0);

/** Whether a commit from this tail moves it to a page (pageOut's own test); the count of characters only when the length says it may be. */
export const tailIsFull = (tail: string) => tail.length > PAGE_CHARS && sqlLength(tail) > PAGE_CHARS;

/**
 * The tail a commit leaves, from the tail it was made from and `added` (storedTurns of its turns),
 * as appendedTail computes it in SQL; undefined when the tail before is not known. A wrong guess
 * costs nothing but a page compressed afterwards: pageOutPacked compares it with the stored tail.
 */
export function tailAfter(tail: string | undefined, added: string, full = tail !== undefined && tailIsFull(tail)): string | undefined {
  if (tail === undefined) return undefined;
  return full || tail === "[]" ? added : `${tail.slice(0, -1)},${added.slice(1)}`;
}

/** The tail's text as logReads' first answer holds it (undefined when it was not read). */
export const tailRead = (results: readonly D1Result<Record<string, unknown>>[]): string | undefined => {
  const turns = results[0]?.results[0]?.turns;
  return typeof turns === "string" ? turns : undefined;
};

/**
 * Compresses a page written as text, in place: its own statement after the commit (the commit
 * cannot compress what SQL moved). A page left as text (a request that died between the two)
 * reads the same, only bigger.
 */
export async function packPage(d1: D1Database, gameId: string, page: { lastSeq: number; turns: string }): Promise<void> {
  await d1.batch([d1.prepare(TEXT.pack).bind(gameId, page.lastSeq, await packText(page.turns))]);
}

const pageTurns = async (gameId: string, rows: readonly TurnsRow[]): Promise<TurnRow[]> =>
  (await Promise.all(rows.map(async (row) => turnsOf(gameId, await unpackText(row.turns))))).flat();

/** What loadGame asks of the log, in its own round trip: the tail, and the pages it may need. */
export function logReads(d1: D1Database, gameId: string, needs: { sitting: boolean; turnAt?: number }): D1PreparedStatement[] {
  const reads = [d1.prepare(TEXT.tail).bind(gameId)];
  if (needs.sitting) reads.push(d1.prepare(TEXT.sittingPages).bind(gameId));
  if (needs.turnAt !== undefined) reads.push(d1.prepare(TEXT.pageHolding).bind(gameId, needs.turnAt));
  return reads;
}

/** The turns logReads' answers hold, tail last (a turn may come twice when a page and the sitting's pages overlap). */
export async function turnsFromReads(gameId: string, results: readonly D1Result<Record<string, unknown>>[]): Promise<{ tail: TurnRow[]; pages: TurnRow[] }> {
  const [tail, ...pages] = await Promise.all(results.map((r) => pageTurns(gameId, r.results as TurnsRow[])));
  return { tail: tail ?? [], pages: pages.flat() };
}

/** The reads of the turns after `after`: the pages after it (at most MAX_PAGES), and the tail. */
export const logAfterReads = (d1: D1Database, gameId: string, after: number): D1PreparedStatement[] => [
  d1.prepare(TEXT.pagesAfter).bind(gameId, after),
  d1.prepare(TEXT.tail).bind(gameId),
];

/**
 * Turns after `after`, in order, at most `limit`, from logAfterReads' answers. When the pages
 * alone fill a read, the tail waits for the next (the reader asks again from the last seq).
 */
export async function logAfter(gameId: string, [pages, tail]: readonly D1Result<Record<string, unknown>>[], after: number, limit: number): Promise<TurnRow[]> {
  const pageRows = pages!.results as TurnsRow[];
  const rows = pageRows.length === MAX_PAGES ? pageRows : [...pageRows, ...(tail!.results as TurnsRow[])];
  return (await pageTurns(gameId, rows)).filter((t) => t.seq > after).slice(0, limit);
}
