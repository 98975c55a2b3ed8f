import { seatForToken } from "../auth";
import type { AnyRuleset } from "../engine/ruleset";
import { loadGame, type LoadedGame, type LoadOptions } from "../store/repository";
import type { CachedGame } from "../store/game-cache";
import type { SeatRow } from "../store/types";
import type { Deps } from "../deps";
import { archivedExport, isArchived } from "./archived";
import { notFound, ServiceError } from "./errors";

export interface Opened extends LoadedGame {
  ruleset: AnyRuleset;
  /** The seat the bearer token acts for; null for a spectator. */
  you: SeatRow | null;
}

/** Loads a game in one round trip and resolves the caller's token, if any, to a seat. */
export async function openGame(deps: Deps, id: string, token: string | null, options: LoadOptions = {}): Promise<Opened> {
  const loaded = await loadGame(deps.db, id, options);
  if (!loaded) throw notFound(id);
  // an archived game's position is in its record (games/archived.ts)
  if (isArchived(loaded.game)) loaded.game.state = (await archivedExport(deps, id)).finalState;
  return openLoaded(deps, id, loaded, token);
}

/**
 * The game this isolate holds, opened without a read. Only for a change that commits: the
 * commit refuses the copy if it was stale (see store/game-cache).
 */
export function openCached(deps: Deps, id: string, cached: CachedGame, token: string | null): Promise<Opened> {
  return openLoaded(deps, id, { ...cached, earlier: [] }, token);
}

async function openLoaded(deps: Deps, id: string, loaded: LoadedGame, token: string | null): Promise<Opened> {
  const ruleset = deps.rulesets.get(loaded.game.ruleset);
  if (!ruleset) throw new ServiceError(500, "internal", `Game ${id} uses a ruleset this server no longer has`);
  let you: SeatRow | null = null;
  if (token !== null) {
    const seat = await seatForToken(deps.env.TOKEN_SECRET, id, loaded.seats, token);
    if (seat === null) throw new ServiceError(401, "unauthorized", "This link is not valid for this game (it may have been replaced by a newer one)");
    you = loaded.seats.find((s) => s.seat === seat) ?? null;
  }
  return { ...loaded, ruleset, you };
}

/** The seats people play (a seat the computer took over is no longer one): whose word an agreement needs. */
export const humanSeats = (seats: readonly SeatRow[]): string[] => seats.filter((s) => s.bot === 0).map((s) => s.seat);

export function requireSeat(opened: Opened): SeatRow {
  if (!opened.you) throw new ServiceError(401, "unauthorized", "This needs your seat's link (Authorization: Bearer <token>)");
  return opened.you;
}

export function requireActive(opened: Opened): void {
  if (opened.game.status === "finished") throw new ServiceError(410, "game_over", "This game has ended");
}
