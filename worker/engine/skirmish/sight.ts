/**
 * Line of sight, cover and obscuring models on the hex board (skirmish.md 9).
 */
import { distance, hexKey, type Hex } from "../hex";
import { lineSamples } from "../grid/line";
import { lineOfSight } from "../grid/sight";
import { terrainAt, TERRAIN_RULES } from "./board";
import { inPlay } from "./status";
import type { Board, SkirmishState } from "./state";

/** Off-board candidates never block, give cover or hold models (9.1). */
export function seesOnBoard(board: Board, from: Hex, to: Hex): boolean {
  return lineOfSight(from, to, { blocks: (h) => terrainAt(board, h) === "blocking" });
}

export type CoverKind = "intervening" | "direct" | "hard";

const coverOf = (board: Board, hex: Hex) => {
  const t = terrainAt(board, hex);
  return t === null ? null : TERRAIN_RULES[t].cover;
};

/** The cover kinds a range attack from `from` at `to` meets (9.2); the attacker's hex never counts. */
export function coverBetween(board: Board, from: Hex, to: Hex): CoverKind[] {
  const samples = lineSamples(from, to).map((c) => c.filter((h) => hexKey(h) !== hexKey(from)));
  const direct = [coverOf(board, to), ...(samples[samples.length - 1] ?? []).map((h) => coverOf(board, h))].filter((c) => c !== null);
  const intervening = samples.slice(0, -1).some((c) => c.some((h) => coverOf(board, h) !== null));
  const kinds: CoverKind[] = [];
  if (intervening) kinds.push("intervening");
  if (direct.length > 0) kinds.push("direct");
  if (direct.includes("hard")) kinds.push("hard");
  return kinds;
}

/** Other In-Play models on the line's samples (9.3). */
export function obscuringModels(state: SkirmishState, from: Hex, to: Hex): number {
  if (distance(from, to) < 2) return 0;
  const keys = new Set(lineSamples(from, to).flat().map(hexKey));
  return state.models.filter((m) => inPlay(m) && keys.has(hexKey(m.hex!))).length;
}

/** Obscured: 1 -> -1m, 2-4 -> -2m, 5-9 -> -3m, 10+ -> -4m (9.3); the same steps as Outnumber (10.2). */
export function stepDice(count: number): number {
  if (count <= 0) return 0;
  if (count === 1) return 1;
  if (count <= 4) return 2;
  if (count <= 9) return 3;
  return 4;
}
