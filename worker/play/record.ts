/**
 * A game's whole record, as `GET /api/games/:id/export` writes it (worker/games/export.ts) and
 * `npm run verify` checks it (verify.ts): start, log with its draws, final state, the seed once over.
 */
import type { Outcome } from "../engine/ruleset";

export interface GameExport {
  format: string;
  id: string;
  ruleset: string;
  /** A scenario id, or the inline scenario a custom game was made from. */
  scenario: string | Record<string, unknown>;
  options: unknown;
  /** `level` on the computer's seats ("standard" or "strong"); absent in records made before it. */
  seats?: { seat: string; name: string; bot: boolean; level?: string }[];
  seedCommitment: string;
  /** Revealed once the game is over. */
  seed: string | null;
  status?: string;
  outcome?: Outcome | null;
  seq?: number;
  /** The position the game started from (null for a game older than recorded starts). */
  start?: unknown;
  finalState: unknown;
  log: { seq: number; seat: string; bot?: boolean; byOrder?: boolean; service?: string | null; actions: unknown[]; draws?: number[][]; events: unknown[]; at?: number }[];
}
