/** The English the DiceWars page shows for cells, seats, counts and win chances. */
import { COLOURS, EMPTY, cellAt, cellIndex, diceOfStrength, printedId, type DiceWarsState, type LegalMove } from "./engine";
import { cellOfId } from "./board";

/** A cell by the printed id the hex numbers show, as the log and the mail name it. */
export const showCell = (c: readonly number[]) => printedId([c[0]!, c[1]!]);
export const seatLabel = (i: number) => `P${i + 1}`;
/** Player index of "p1".."p4", or -1. */
export function playerIndex(seat: unknown, players: number): number {
  const m = typeof seat === "string" ? /^p([1-4])$/.exec(seat) : null;
  const i = m ? Number(m[1]) - 1 : -1;
  return i < players ? i : -1;
}
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
  /** The viewer's player index, or -1. */
  me: number;
  /** A replayed position offers no moves. */
  replaying: boolean;
  sel: number | null;
  targets: Map<number, LegalMove[]>;
}

/** A cell read aloud (the map's screen-reader and hover text): owner, strength and dice, and the move it offers. */
export function describeCell(id: string, cx: CellContext): string {
  const { shown, me, replaying, sel, targets } = cx;
  const N = shown.size;
  const i = cellOfId(N, id);
  if (i < 0) return "Not on the board.";
  const name = showCell(cellAt(N, i));
  if (shown.blocked[i]) return `${name}: blocked (never passable).`;
  const o = shown.owner[i]!;
  let text: string;
  if (o === EMPTY) text = `${name}: empty`;
  else {
    const s = shown.strength[i]!;
    text = `${name}: ${seatLabel(o)} ${COLOURS[o]!.name}${o === me ? " (you)" : ""}, strength ${s} (dice ${diceOfStrength(s).join(" ")})`;
  }
  if (!replaying && sel !== null) {
    const m = targets.get(sel)?.find((x) => cellIndex(N, x.to) === i);
    if (m) text += m.type === "attack" ? ` · attack: ${m.attack} against ${m.defence}, you win ${pct(winChance(m.attack, m.defence))}` : ` · expand with strength ${m.attack}`;
  } else if (!replaying && targets.has(i)) text += ` · can move (${plural(targets.get(i)!.length, "target")})`;
  return `${text}.`;
}
