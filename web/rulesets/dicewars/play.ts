/**
 * The viewer's play on the DiceWars page: which of their cells can move and where (from the
 * bundled engine's legal()), the selected cell, and sending. Every expand and attack goes to
 * the server as its own request (an attack rolls, so it always ends its batch).
 */
import { useMemo, useState } from "preact/hooks";
import { useSend } from "../../components/useSend";
import type { RulesetPageProps } from "../types";
import type { BoardChoice } from "../../components/HexMap";
import { cellAt, cellIndex, legalFor, type DiceWarsAction, type DiceWarsState, type LegalMove, type MoveAction } from "./engine";
import { cellId, cellOfId } from "./board";
import { playerIndex } from "./replay";
import { showCell } from "./labels";
import type { MoveResult } from "./result-card";

export interface Viewer {
  /** The viewer's player index, or -1 for a spectator. */
  me: number;
  myTurn: boolean;
}

export function viewerOf({ game, seat, token }: RulesetPageProps<DiceWarsState>): Viewer {
  const state = game.state;
  const me = seat ? playerIndex(seat, state.players.length) : -1;
  const active = game.status === "active" && !!token && me >= 0;
  return { me, myTurn: active && state.phase === "play" && state.current === me };
}

export function useDiceWarsPlay(props: RulesetPageProps<DiceWarsState>, { me, myTurn }: Viewer, onOthersMoved: () => void) {
  const { game, seat } = props;
  const state = game.state;
  const N = state.size;

  const [picked, setPicked] = useState<number | null>(null);
  const sender = useSend(props.submit);
  const { error, setError } = sender;
  /** What is being sent (the end of turn says so), or null. */
  const [sending, setSending] = useState<DiceWarsAction["type"] | null>(null);
  const busy = sender.busy ? sending : null;
  const [note, setNote] = useState<string | null>(null);
  const [result, setResult] = useState<MoveResult | null>(null);

  const legal = useMemo(() => (myTurn && seat ? legalFor(state, seat) : null), [state, myTurn, seat]);
  /** Source cell -> the moves it has. */
  const targets = useMemo(() => {
    const m = new Map<number, LegalMove[]>();
    for (const mv of legal?.moves ?? []) {
      const f = cellIndex(N, mv.from);
      m.set(f, [...(m.get(f) ?? []), mv]);
    }
    return m;
  }, [legal]);
  // a selection lasts while that cell can still move
  const sel = picked !== null && targets.has(picked) ? picked : null;
  /** The moves as the board takes them: it lights sources and targets and hands the chosen move back. */
  const choices = useMemo<BoardChoice<DiceWarsAction>[]>(
    () =>
      (legal?.moves ?? []).map((m) => ({
        from: cellId(N, cellIndex(N, m.from)),
        to: cellId(N, cellIndex(N, m.to)),
        action: { type: m.type, from: [m.from[0], m.from[1]], to: [m.to[0], m.to[1]] } as MoveAction,
        cls: m.type,
      })),
    [legal],
  );

  const send = async (action: DiceWarsAction) => {
    if (!seat) return;
    setSending(action.type);
    setNote(null);
    const answer = await sender.send([action]);
    if (!answer) return;
    setResult({ action, events: answer.events, lines: answer.lines ?? [] });
    if (action.type === "end_turn") {
      setPicked(null);
      // the other players' turns came back with the answer: the replay shows them
      if (answer.events.some((e) => e.seat !== seat && (e.kind === "expand" || e.kind === "attack" || e.kind === "supply"))) {
        onOthersMoved();
      }
      return;
    }
    // a cell that can move on stays selected (expansion chains)
    const to = cellIndex(N, action.to);
    const next = answer.state;
    const on = next.phase === "play" && next.current === me && legalFor(next, seat, { from: `${action.to[0]},${action.to[1]}` }).moves.length > 0;
    setPicked(on ? to : null);
  };

  const move = (m: LegalMove) => send({ type: m.type, from: [m.from[0], m.from[1]], to: [m.to[0], m.to[1]] } as MoveAction);

  /** The board selected a source (or cleared it). */
  const select = (id: string | null) => {
    setNote(null);
    setError(null);
    setPicked(id === null || busy ? null : cellOfId(N, id));
  };

  /** A tap the board did not take as a move: say why one of your cells cannot move. */
  const tapOther = (id: string) => {
    const i = cellOfId(N, id);
    setNote(null);
    if (i < 0 || !myTurn || busy) return;
    if (state.owner[i] === me) {
      setNote(
        state.strength[i]! < 2
          ? `${showCell(cellAt(N, i))} has strength 1: a cell needs strength 2 or more to move.`
          : `${showCell(cellAt(N, i))} has no empty or enemy neighbour.`,
      );
    }
  };

  const clearSel = () => setPicked(null);

  return { sel, clearSel, busy, error, note, result, targets, choices, send, move, select, tapOther };
}
