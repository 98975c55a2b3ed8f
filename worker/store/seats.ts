/** A seat's mail settings and the address block list: the queries the mail links and settings need. */
import { and, desc, eq, sql } from "drizzle-orm";
import { bumpDigestVersions, bumpVersion, guardedMails, refusedByGuard, type Db } from "./repository";
import { blockedAddresses, games, seats, type OutboxRow } from "./schema";

export async function seatEmail(db: Db, gameId: string, seat: string): Promise<string | null> {
  const [found] = await db.batch([db.select({ email: seats.email }).from(seats).where(and(eq(seats.gameId, gameId), eq(seats.seat, seat)))]);
  return found[0]?.email ?? null;
}

/** The address that follows a game the computer plays alone, if one was given. */
export async function watcherEmail(db: Db, gameId: string): Promise<string | null> {
  const [found] = await db.batch([db.select({ watcher: games.watcher }).from(games).where(eq(games.id, gameId))]);
  return found[0]?.watcher ?? null;
}

export async function savePrefs(db: Db, gameId: string, seat: string, set: { prefs: "every_turn" | "digest" | "none"; holdMinutes: number }): Promise<void> {
  await db.batch([bumpVersion(db, gameId), db.update(seats).set(set).where(and(eq(seats.gameId, gameId), eq(seats.seat, seat)))]);
}

/** One-click unsubscribe: one seat's turn mails, or every digest seat of an address. Answers the seats changed. */
export async function unsubscribe(db: Db, target: { kind: "seat"; gameId: string; seat: string } | { kind: "digest"; email: string }): Promise<number> {
  const [, changed] = await db.batch([
    target.kind === "seat" ? bumpVersion(db, target.gameId) : bumpDigestVersions(db, target.email),
    target.kind === "seat"
      ? db
          .update(seats)
          .set({ prefs: "none" })
          .where(and(eq(seats.gameId, target.gameId), eq(seats.seat, target.seat)))
          .returning({ seat: seats.seat })
      : db
          .update(seats)
          .set({ prefs: "none" })
          .where(and(eq(seats.email, target.email), eq(seats.prefs, "digest")))
          .returning({ seat: seats.seat }),
  ]);
  return changed.length;
}

/**
 * A seat's vacation starts or ends, and the game's deadline moves with it: both, and the game's
 * version, in one batch, written only while the game is still at the version it was read at (a
 * move, another vacation, a timer in between refuse it). A deadline that moves re-arms its
 * reminder and its notice.
 */
export async function saveVacation(
  db: Db,
  change: { gameId: string; version: number; seat: string; vacationUntil: number | null; vacationLeft: number; deadline: number | null; deadlineMoved: boolean; timerAt?: number | null },
  notices: readonly OutboxRow[] = [],
): Promise<boolean> {
  const unchanged = and(eq(games.id, change.gameId), eq(games.version, change.version));
  // the notices and the seat first: their checks read the version the game's UPDATE then moves
  let results: readonly unknown[];
  try {
    results = await db.batch([
    ...guardedMails(db, notices, unchanged),
    db
      .update(seats)
      .set({ vacationUntil: change.vacationUntil, vacationLeft: change.vacationLeft })
      .where(and(eq(seats.gameId, change.gameId), eq(seats.seat, change.seat), sql`EXISTS (SELECT 1 FROM ${games} WHERE ${unchanged})`)),
    db
      .update(games)
      .set({ version: sql`${games.version} + 1`, ...(change.deadlineMoved ? { deadline: change.deadline, reminded: 0, deadlineNoticed: 0 } : {}), ...(change.timerAt !== undefined ? { timerAt: change.timerAt } : {}) })
      .where(unchanged)
      .returning({ id: games.id }),
    ] as unknown as Parameters<typeof db.batch>[0]);
  } catch (error) {
    if (refusedByGuard(error)) return false;
    throw error;
  }
  return (results.at(-1) as unknown[]).length === 1;
}

/** A watcher who asked for no more mail: the game forgets the address (and its version moves, so no cached copy mails it). */
export async function forgetWatcher(db: Db, gameId: string): Promise<void> {
  await db.batch([db.update(games).set({ watcher: null, version: sql`${games.version} + 1` }).where(eq(games.id, gameId))]);
}

export async function blockAddress(db: Db, email: string, at: number): Promise<void> {
  await db.batch([db.insert(blockedAddresses).values({ email, at }).onConflictDoNothing()]);
}

/** Every game `email` holds a human seat in (seats_email), active ones first, then the most recently moved: a query to ride in a batch (the "my games" admission's). */
export function gamesOfAddressQuery(db: Db, email: string, limit: number) {
  return db
    .select({ gameId: seats.gameId, seat: seats.seat, epoch: seats.epoch, ruleset: games.ruleset, status: games.status, toAct: games.toAct, deadline: games.deadline, updatedAt: games.updatedAt })
    .from(seats)
    .innerJoin(games, eq(games.id, seats.gameId))
    .where(and(eq(seats.email, email), eq(seats.bot, 0)))
    .orderBy(sql`${games.status} = 'active' DESC`, desc(games.updatedAt))
    .limit(limit);
}

export type AddressGame = Awaited<ReturnType<typeof gamesOfAddressQuery>>[number];

/** gamesOfAddressQuery in a round trip of its own (the shards other than home: store/shards.ts). */
export async function gamesOfAddress(db: Db, email: string, limit: number): Promise<AddressGame[]> {
  const [rows] = await db.batch([gamesOfAddressQuery(db, email, limit)]);
  return rows;
}
