import { neighbourTable } from "./board";
import { BOT_MAX_MOVES, type DiceWarsAction, type DiceWarsState, EMPTY, cellAt } from "./state";

/** Rules 8.2, the seed's move priority, from attack value A = S - 1 and defence D (0 if empty). */
export function movePriority(type: "expand" | "attack", attack: number, defence: number): number {
  const base = type === "attack" ? (attack > defence ? 100 + (attack - defence) : -50) : 50 + attack;
  return base + 0.5 * attack;
}

/**
 * The seed's bot, one action at a time: the best-scoring legal move (earliest in cell and
 * direction order on ties, risky attacks included when nothing else exists), or end_turn
 * when there is none or it has made BOT_MAX_MOVES moves this turn. Uses no randomness.
 * The loop is `forEachMove` written out: it runs for every bot action of every game.
 */
export function botAction(state: DiceWarsState, player: number): DiceWarsAction {
  if (state.phase !== "play" || player !== state.current || state.moves >= BOT_MAX_MOVES) return { type: "end_turn" };
  const { owner, strength, blocked } = state;
  const table = neighbourTable(state.size);
  let bestScore = -Infinity;
  let bestFrom = -1;
  let bestTo = -1;
  for (let f = 0; f < owner.length; f++) {
    const s = strength[f]!;
    if (owner[f] !== player || s < 2) continue;
    for (let d = 0; d < 6; d++) {
      const t = table[f * 6 + d]!;
      if (t < 0 || blocked[t] || owner[t] === player) continue;
      const score = movePriority(owner[t] === EMPTY ? "expand" : "attack", s - 1, strength[t]!);
      if (score > bestScore) {
        bestScore = score;
        bestFrom = f;
        bestTo = t;
      }
    }
  }
  if (bestFrom < 0) return { type: "end_turn" };
  return {
    type: owner[bestTo] === EMPTY ? "expand" : "attack",
    from: cellAt(state.size, bestFrom),
    to: cellAt(state.size, bestTo),
  };
}
