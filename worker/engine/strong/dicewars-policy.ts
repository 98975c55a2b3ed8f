/**
 * The strong computer's own DiceWars play with 3 or 4 players, its first choice and its part in
 * its futures: the standard's priorities (rules 8.2) with three changes.
 * - Its expansions (6.1) take the empty land nearest a rival's first. Land no rival is near can be
 *   taken later; contested land goes to whoever expands into it first. The standard expands from
 *   its strongest source in direction order, +q first (2.1), which sends p2 and p4, whose starts
 *   lie near the +q edge, along that edge while p1 and p3 run for the middle.
 * - It never makes the one attack that cannot change anything. A source of 2 attacks with a
 *   one-sided die, so against a defence of 1 it always fails and the defender stays at 1 (6.2).
 * - Its risky attacks go to the strongest neighbour first. A failed attack still leaves the
 *   defender at its roll less the attacker's (6.2), so it takes more from a strong cell than from
 *   a weak one.
 * As a policy alone, from p2 with 3 players on 10x10, it wins about half its games where the
 * standard wins 11% (bench/README.md, "a fifth look").
 */
import { cellsOf, neighbourTable } from "../dicewars/board";
import { movePriority, RISKY_ATTACK_BASE } from "../dicewars/bot";
import { BOT_MAX_MOVES, EMPTY, type DiceWarsAction, type DiceWarsState } from "../dicewars/state";
import { expansionDistances } from "./dicewars-features";

/** Steps at which land counts as far from every rival: expansions farther away rank by their source alone. */
export const FAR_FROM_RIVALS = 48;
/** An expansion's priority when its target touches a rival's land, less one for each step farther: between 8.2's favourable attacks (above 100) and its risky ones (below 0). */
const NEAREST_EXPANSION = 99;

/**
 * A move's priority from attack value A = S - 1, defence D (0 for an empty cell) and, for an
 * expansion, how many steps through empty land its target is from a rival's cell (1: next to
 * one); null for the attack that cannot change anything.
 */
export function ownPriority(attack: number, defence: number, stepsFromRival: number = FAR_FROM_RIVALS): number | null {
  if (defence === 0) return NEAREST_EXPANSION - Math.min(stepsFromRival, FAR_FROM_RIVALS) + 0.01 * attack;
  if (attack > defence) return movePriority("attack", attack, defence);
  if (attack === 1 && defence === 1) return null;
  return RISKY_ATTACK_BASE + 0.5 * defence + 0.01 * attack;
}

// scratch for `rivalSteps`, grown to the largest board seen
let steps = new Int16Array(0);

/**
 * For every empty cell, the steps through empty land from the nearest cell of a player other
 * than `player` (FAR_FROM_RIVALS where none reaches it, or farther). The array is scratch, valid
 * until the next call.
 */
export function rivalSteps(state: DiceWarsState, player: number): Int16Array {
  const cells = state.owner.length;
  if (steps.length < cells) steps = new Int16Array(cells);
  expansionDistances(state, player, true, steps);
  for (let i = 0; i < cells; i++) if (steps[i]! < 0 || steps[i]! > FAR_FROM_RIVALS) steps[i] = FAR_FROM_RIVALS;
  return steps;
}

/**
 * The policy's action for `player`: the move of highest priority, the earliest source in cell
 * order and then direction (legal.ts's order) on equal ones, or end_turn. It scans the board
 * itself, as it runs on every one of the seat's actions in the search's futures; the distances
 * to rivals are found once a scan meets an expansion.
 */
export function diceWarsOwnAction(state: DiceWarsState, player: number): DiceWarsAction {
  if (state.phase !== "play" || state.current !== player || state.moves >= BOT_MAX_MOVES) return { type: "end_turn" };
  const { owner, strength, blocked } = state;
  const table = neighbourTable(state.size);
  let distances: Int16Array | null = null;
  let from = -1;
  let to = -1;
  let best = -Infinity;
  for (let f = 0; f < owner.length; f++) {
    if (owner[f] !== player || strength[f]! < 2) continue;
    for (let d = 0; d < 6; d++) {
      const t = table[f * 6 + d]!;
      if (t < 0 || blocked[t] || owner[t] === player) continue;
      const empty = owner[t] === EMPTY;
      if (empty && distances === null) distances = rivalSteps(state, player);
      const p = ownPriority(strength[f]! - 1, strength[t]!, empty ? distances![t] : undefined);
      if (p !== null && p > best) {
        best = p;
        from = f;
        to = t;
      }
    }
  }
  if (from < 0) return { type: "end_turn" };
  const cells = cellsOf(state.size);
  return { type: owner[to] === EMPTY ? "expand" : "attack", from: cells[from]!, to: cells[to]! };
}
