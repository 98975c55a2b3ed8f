import type { LegalChoice, Seat } from "../ruleset";
import { movePriority } from "./bot";
import { legalChoices } from "./legal";
import { cellIndex, type DiceWarsAction, type DiceWarsState } from "./state";

/** Moves a turn mail offers, best first; "end the turn" comes last, so 8 + 1 fit in 9 digits. */
const MOVES_IN_MENU = 8;

/**
 * A DiceWars turn mail's menu: the moves the seed's bot would rank highest (rules 8.2), then
 * "end the turn". A turn often has dozens of moves, but a reply of two or three good attacks
 * and "end" is most turns on a phone.
 */
export function diceWarsMailMenu(state: DiceWarsState, seat: Seat): { choices: LegalChoice<DiceWarsAction>[]; limit: number } | null {
  const { choices } = legalChoices(state, seat);
  if (choices.length === 0) return null;
  const moves = choices.filter((c) => c.action.type !== "end_turn");
  const end = choices.filter((c) => c.action.type === "end_turn");
  const score = (c: LegalChoice<DiceWarsAction>) => {
    const a = c.action;
    if (a.type === "end_turn") return -Infinity;
    const from = state.strength[cellIndex(state.size, a.from)]! - 1;
    const defence = state.strength[cellIndex(state.size, a.to)]!;
    return movePriority(a.type, from, a.type === "expand" ? 0 : defence);
  };
  // a stable sort keeps legal()'s cell order among equal scores (the bot's own tie-break)
  const ranked = moves
    .map((c, i) => ({ c, i, s: score(c) }))
    .sort((x, y) => y.s - x.s || x.i - y.i)
    .slice(0, MOVES_IN_MENU)
    .map((x) => x.c);
  const listed = [...ranked, ...end];
  return { choices: listed, limit: listed.length };
}
