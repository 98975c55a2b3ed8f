/**
 * The viewer's play on the musket page: the unit looked at (before activating) or acting, the
 * enemy aimed at, what the engine allows it (its legal answer, read from the rules once they have come),
 * what a tap on the map means, and sending. An action that rolls (fire, a charge, an activation
 * out of command, a move that tests terrain) goes to the server at once with those queued before
 * it; the others wait in the queue, where they can be undone, until then or the end of the turn.
 */
import { useMemo, useState } from "preact/hooks";
import type { RulesetPageProps } from "../types";
import type { BoardChoice, BoardPlay } from "../../components/hexmap-choices";
import { useTurn } from "../../components/useTurn";
import { apply, fromPrintedId, toAct, unitAt, unitAnswer, unitById, type MusketAction, type MusketState, type UnitAnswer } from "./engine";
import { cellOf } from "./board";
import { actionLabel, seatSide } from "./labels";

const RULES = { apply, toAct };

export function useMusketPlay(props: RulesetPageProps<MusketState>) {
  const { seat } = props;
  const me = seatSide(seat);
  const [picked, setPicked] = useState<string | null>(null);
  const [aimed, setAimed] = useState<string | null>(null);
  const turn = useTurn<MusketState, MusketAction>(props, RULES, {
    onAnswer: (_answer, sent) => {
      setAimed(null);
      if (sent.some((a) => a.type === "activate" || a.type === "end_turn")) setPicked(null);
    },
    onNewPosition: () => setAimed(null),
  });
  const { local: state, myTurn } = turn;

  const acting = state.step === "action" && myTurn ? state.activeUnit : null;
  /** The unit whose options are shown: the acting one, else the one tapped (if it is still there). */
  const focus = acting ?? (picked && unitById(state, picked) ? picked : null);
  const focusUnit = focus ? (unitById(state, focus) ?? null) : null;
  const answer: UnitAnswer | null = useMemo(
    () => (myTurn && focusUnit && focusUnit.side === me ? unitAnswer(state, seat!, focusUnit.id) : null),
    [state, myTurn, focus, props.rulesReady],
  );
  const target = aimed && unitById(state, aimed) ? unitById(state, aimed)! : null;

  const send = (action: MusketAction) => turn.enqueue(action, actionLabel(state, action));

  const choices = useMemo<BoardChoice<MusketAction>[] | undefined>(() => {
    if (!acting || !focusUnit || !answer) return undefined;
    const from = cellOf(focusUnit.hex);
    return answer.moveTargets.map((m) => ({ from, to: cellOf(m.hex), action: { type: "move", to: m.hex }, cls: m.usesRoad ? "road" : "move" }));
  }, [answer, acting]);

  const board: BoardPlay<MusketAction> = {
    choices,
    selected: acting && focusUnit ? cellOf(focusUnit.hex) : null,
    // the acting unit stays selected: a tap on it changes nothing
    select: () => {},
    choose: send,
    other: (cell) => {
      const h = fromPrintedId(cell);
      const u = h ? unitAt(state, h) : undefined;
      if (!acting) {
        setPicked(u && u.id !== focus ? u.id : null);
        return null;
      }
      if (u && u.side !== me) {
        setAimed(u.id === target?.id ? null : u.id);
        return null;
      }
      setAimed(null);
      return !u && answer && answer.moveTargets.length ? "That hex is out of reach this activation." : null;
    },
    clear: () => {
      setAimed(null);
      setPicked(null);
    },
  };

  return { turn, me, state, acting, focus, focusUnit, answer, target, setPicked, setAimed, send, board };
}

export type MusketPlay = ReturnType<typeof useMusketPlay>;
