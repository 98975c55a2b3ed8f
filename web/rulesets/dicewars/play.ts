/**
 * The viewer's play on the DiceWars page: which of their cells can move and where (from the
 * bundled engine's legal()), the selected cell, and sending. Expansions wait in the queue (they
 * roll nothing, and can be undone); an attack rolls, so it goes at once with them.
 */
import { useMemo, useState } from "preact/hooks";
import type { RulesetPageProps } from "../types";
import type { BoardChoice, BoardPlay } from "../../components/hexmap-choices";
import { useTurn } from "../../components/useTurn";
import { apply, cellAt, cellIndex, legalFor, printedId, seatOf, type DiceWarsAction, type DiceWarsState, type LegalMove, type MoveAction } from "./engine";
import { cellOfId } from "./board";
import { playerIndex, showCell } from "./labels";

const RULES = { apply, toAct: (s: DiceWarsState) => (s.phase === "play" ? [seatOf(s.current)] : []) };

export const actionOf = (m: LegalMove): MoveAction => ({ type: m.type, from: [m.from[0], m.from[1]], to: [m.to[0], m.to[1]] }) as MoveAction;

export function useDiceWarsPlay(props: RulesetPageProps<DiceWarsState>) {
  const { seat } = props;
  const N = props.game.state.size;
  const [picked, setPicked] = useState<number | null>(null);
  /** After a move, the cell it went to stays selected while it can move on (expansion chains). */
  const followOn = (after: DiceWarsState, action: DiceWarsAction) => {
    if (action.type === "end_turn") return setPicked(null);
    const on = after.phase === "play" && seat === seatOf(after.current) && legalFor(after, seat, { from: `${action.to[0]},${action.to[1]}` }).moves.length > 0;
    setPicked(on ? cellIndex(N, action.to) : null);
  };
  const turn = useTurn<DiceWarsState, DiceWarsAction>(props, RULES, {
    onAnswer: (answer, sent) => {
      const last = sent.at(-1);
      if (last) followOn(answer.state, last);
    },
  });
  const { local: state, myTurn } = turn;
  const me = seat ? playerIndex(seat, state.players.length) : -1;

  const legal = useMemo(() => (myTurn && seat ? legalFor(state, seat) : null), [state, myTurn, seat]);
  /** Source cell -> the moves it has. */
  const targets = useMemo(() => {
    const m = new Map<number, LegalMove[]>();
    for (const mv of legal?.moves ?? []) m.set(cellIndex(N, mv.from), [...(m.get(cellIndex(N, mv.from)) ?? []), mv]);
    return m;
  }, [legal]);
  // a selection lasts while that cell can still move
  const sel = picked !== null && targets.has(picked) ? picked : null;
  /** The moves as the board takes them: it lights sources and targets and hands the chosen move back. */
  const choices = useMemo<BoardChoice<DiceWarsAction>[]>(
    () => (legal?.moves ?? []).map((m) => ({ from: printed(m.from), to: printed(m.to), action: actionOf(m), cls: m.type })),
    [legal],
  );

  /** An expansion waits in the queue (it rolls nothing); an attack or the end of the turn sends the queue with it. */
  const send = (action: DiceWarsAction) => {
    const r = turn.preview(action);
    turn.enqueue(action, action.type === "end_turn" ? "End the turn" : `${action.type === "expand" ? "Expand" : "Attack"} ${showCell(action.from)} → ${showCell(action.to)}`);
    if (r.ok && !r.rolls && turn.myTurn) followOn(r.state, action);
  };

  const board: BoardPlay<DiceWarsAction> = {
    choices,
    selected: sel === null ? null : printedId(cellAt(N, sel)),
    select: (id) => {
      turn.setError(null);
      setPicked(id === null ? null : cellOfId(N, id));
    },
    choose: send,
    // a tap the board did not take as a move: say why one of your cells cannot move
    other: (id) => {
      const i = cellOfId(N, id);
      if (i < 0 || state.owner[i] !== me) return null;
      const name = showCell(cellAt(N, i));
      return state.strength[i]! < 2 ? `${name} has strength 1: a cell needs strength 2 or more to move.` : `${name} has no empty or enemy neighbour.`;
    },
    clear: () => setPicked(null),
  };

  return { turn, me, sel, targets, send, board };
}

const printed = (h: readonly number[]) => printedId([h[0]!, h[1]!]);
