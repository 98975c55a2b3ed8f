/**
 * The strong computer's own DiceWars play with 3 or 4 players, its first choice and its part in
 * its futures: the standard's priorities (rules 8.2) less the one attack that cannot change
 * anything, and its risky attacks aimed at the strongest neighbour first. A source of 2 attacks
 * with a one-sided die, so against a defence of 1 it always fails and the defender stays at 1
 * (6.2): the standard spends a die on it. A risky attack that fails still leaves the defender at
 * its roll less the attacker's (6.2), so it takes more from a strong cell than from a weak one.
 * As a policy alone, from p2 with 3 players on 10x10, it wins 126 of 600 games where the standard
 * wins 56 (bench/README.md, "a fourth look").
 */
import { cellsOf, neighbourTable } from "../dicewars/board";
import { movePriority, RISKY_ATTACK_BASE } from "../dicewars/bot";
import { BOT_MAX_MOVES, EMPTY, type DiceWarsAction, type DiceWarsState } from "../dicewars/state";

/** A move's priority from attack value A = S - 1 and defence D (0 for an empty cell); null for the attack that cannot change anything. */
export function ownPriority(attack: number, defence: number): number | null {
  if (defence === 0) return movePriority("expand", attack, 0);
  if (attack > defence) return movePriority("attack", attack, defence);
  if (attack === 1 && defence === 1) return null;
  return RISKY_ATTACK_BASE + 0.5 * defence + 0.01 * attack;
}

/**
 * The policy's action for `player`: the move of highest priority, the earliest source in cell
 * order and then direction (legal.ts's order) on equal ones, or end_turn. It scans the board
 * itself, as it runs on every one of the seat's actions in the search's futures.
 */
export function diceWarsOwnAction(state: DiceWarsState, player: number): DiceWarsAction {
  if (state.phase !== "play" || state.current !== player || state.moves >= BOT_MAX_MOVES) return { type: "end_turn" };
  const { owner, strength, blocked } = state;
  const table = neighbourTable(state.size);
  let from = -1;
  let to = -1;
  let best = -Infinity;
  for (let f = 0; f < owner.length; f++) {
    if (owner[f] !== player || strength[f]! < 2) continue;
    for (let d = 0; d < 6; d++) {
      const t = table[f * 6 + d]!;
      if (t < 0 || blocked[t] || owner[t] === player) continue;
      const p = ownPriority(strength[f]! - 1, strength[t]!);
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
