import type { Hex } from "../hex";
import type { Rng } from "../rng";
import { filled, reachable } from "./board";
import { BLOCKED_CHANCE, MAX_MAP_ATTEMPTS, cellIndex } from "./state";

/**
 * The blocked cells of a new map (rules section 4), in cell order (index q * size + r).
 * Draws one float per cell per attempt; a map whose start cells are not all connected is
 * drawn again from the same stream; after MAX_MAP_ATTEMPTS failures no cell is blocked.
 * Open cells that cannot be reached from the first start are blocked as well.
 */
export function generateBlocked(size: number, starts: readonly Hex[], rng: Rng): boolean[] {
  const startIndices = starts.map((s) => cellIndex(size, s));
  for (let attempt = 0; attempt < MAX_MAP_ATTEMPTS; attempt++) {
    const blocked: boolean[] = [];
    for (let i = 0; i < size * size; i++) blocked.push(rng.float() < BLOCKED_CHANCE);
    for (const s of startIndices) blocked[s] = false;
    const seen = reachable(size, startIndices[0]!, (i) => !blocked[i]);
    if (startIndices.every((s) => seen[s])) return blocked.map((b, i) => b || !seen[i]);
  }
  return filled(size * size, false);
}
