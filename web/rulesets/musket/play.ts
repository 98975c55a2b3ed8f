/**
 * The viewer's play on the musket page: the unit looked at (before activating) or acting, the
 * enemy aimed at, what the engine allows it (its legal answer, read from the bundled rules),
 * and sending. Every action goes to the server at once, as its own batch: activations, fire
 * and charges roll, and a move off a hilltop may too, so nothing is worth queueing.
 */
import { useMemo, useState } from "preact/hooks";
import { useSend } from "../../components/useSend";
import type { GameEventJson } from "../../api";
import type { RulesetPageProps } from "../types";
import { toAct, unitAnswer, unitById, type MusketAction, type MusketState, type UnitAnswer } from "./engine";
import { seatSide } from "./labels";

export type BatchResult = { action: MusketAction; events: GameEventJson[]; lines: string[] };

export function useMusketPlay(props: RulesetPageProps<MusketState>, onOthersMoved: () => void) {
  const { game, seat, token } = props;
  const state = game.state;
  const me = seatSide(seat);
  const myTurn = game.status === "active" && !!token && me !== null && toAct(state).includes(seat!);
  const sender = useSend<MusketState>(props.submit);
  const [picked, setPicked] = useState<string | null>(null);
  const [aimed, setAimed] = useState<string | null>(null);
  const [note, setNote] = useState<string | null>(null);
  const [result, setResult] = useState<BatchResult | null>(null);

  const acting = state.step === "action" && myTurn ? state.activeUnit : null;
  /** The unit whose options are shown: the acting one, else the one tapped (if it is still there). */
  const focus = acting ?? (picked && unitById(state, picked) ? picked : null);
  const focusUnit = focus ? (unitById(state, focus) ?? null) : null;
  const answer: UnitAnswer | null = useMemo(
    () => (myTurn && focusUnit && focusUnit.side === me ? unitAnswer(state, seat!, focusUnit.id) : null),
    [state, myTurn, focus],
  );
  const target = aimed && unitById(state, aimed) ? unitById(state, aimed)! : null;

  const send = async (action: MusketAction) => {
    if (!seat) return;
    setNote(null);
    const answer = await sender.send([action]);
    if (!answer) return;
    setResult({ action, events: answer.events, lines: answer.lines ?? [] });
    setAimed(null);
    if (action.type === "activate" || action.type === "end_turn") setPicked(null);
    if (action.type === "end_turn" && answer.events.some((e) => e.kind === "activated")) onOthersMoved();
  };

  return {
    me,
    myTurn,
    state,
    busy: sender.busy,
    error: sender.error,
    setError: sender.setError,
    note,
    setNote,
    result,
    acting,
    focus,
    focusUnit,
    answer,
    target,
    setPicked,
    setAimed,
    send,
  };
}

export type MusketPlay = ReturnType<typeof useMusketPlay>;
