/** The English the DiceWars page shows for cells, seats, counts and win chances. */
import { COLOURS, EMPTY, cellAt, cellIndex, diceOfStrength, type DiceWarsState, type LegalMove } from "./engine";
import { cellOfId } from "./board";
import type { Board, Step } from "./replay";

export const showCell = (c: readonly number[]) => `[${c[0]},${c[1]}]`;
export const seatLabel = (i: number) => `P${i + 1}`;
export const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** Chance that a roll of 1..attack beats a roll of 1..defence (ties hold). */
export function winChance(attack: number, defence: number): number {
  if (attack <= 0 || defence <= 0) return 0;
  let wins = 0;
  for (let a = 1; a <= attack; a++) wins += Math.min(a - 1, defence);
  return wins / (attack * defence);
}
export const pct = (p: number) => `${Math.round(p * 100)}%`;

/** What the map describes a cell against: the position on screen and the viewer's choices in it. */
export interface CellContext {
  shown: DiceWarsState;
  board: Board;
  /** The viewer's player index, or -1. */
  me: number;
  /** The replay step on screen: a replayed position offers no moves. */
  step: Step | null;
  sel: number | null;
  targets: Map<number, LegalMove[]>;
}

/** A cell read aloud (the map's screen-reader and hover text): owner, strength and dice, and the move it offers. */
export function describeCell(id: string, cx: CellContext): string {
  const { shown, board, me, step, sel, targets } = cx;
  const N = shown.size;
  const i = cellOfId(N, id);
  if (i < 0) return "Not on the board.";
  const name = showCell(cellAt(N, i));
  if (shown.blocked[i]) return `${name}: blocked (never passable).`;
  const o = board.owner[i]!;
  let text: string;
  if (o === EMPTY) text = `${name}: empty`;
  else {
    const s = board.strength[i]!;
    text = `${name}: ${seatLabel(o)} ${COLOURS[o]!.name}${o === me ? " (you)" : ""}, strength ${s} (dice ${diceOfStrength(s).join(" ")})`;
  }
  if (!step && sel !== null) {
    const m = targets.get(sel)?.find((x) => cellIndex(N, x.to) === i);
    if (m) text += m.type === "attack" ? ` · attack: ${m.attack} against ${m.defence}, you win ${pct(winChance(m.attack, m.defence))}` : ` · expand with strength ${m.attack}`;
  } else if (!step && targets.has(i)) text += ` · can move (${plural(targets.get(i)!.length, "target")})`;
  return `${text}.`;
}
