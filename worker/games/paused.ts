/** Where a game's pause stands, read from its row (pause.ts proposes, answers and applies pauses). */
import type { GameRow, Proposal } from "../store/types";

export const isPaused = (game: Pick<GameRow, "pausedUntil">, now: number) => game.pausedUntil !== null && game.pausedUntil > now;

/** The proposal still open: a pause proposed for a date that has passed, or a resume once the pause is over, is void. */
export function openProposal(game: Pick<GameRow, "proposal" | "pausedUntil">, now: number): Proposal | null {
  const p = game.proposal;
  if (!p) return null;
  if (p.kind === "pause" && p.until <= now) return null;
  if (p.kind === "resume" && !isPaused(game, now)) return null;
  return p;
}
