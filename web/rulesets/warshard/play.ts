/**
 * The viewer's play on the WarShard page: the position with their unsent actions applied, the
 * board's choices for the phase (from the bundled engine's legal()), the selection, and
 * sending. Each action is checked with the engine as it is queued; an action that rolls a die
 * (the end of the last allocation, a retreat before replacements) or hands the move to the
 * other side (or starts a new player-turn) sends the queue at once, since the server's dice
 * decide what follows.
 */
import { useMemo, useState } from "preact/hooks";
import { useSend } from "../../components/useSend";
import type { BoardChoice } from "../../components/HexMap";
import { fold, previewRng, useActionQueue, type Queued as QueuedAction } from "../../components/useActionQueue";
import type { GameEventJson } from "../../api";
import type { RulesetPageProps } from "../types";
import { apply, fightsInfo, legal, printedId, toAct, unitById, type Hex, type WarshardAction, type WarshardState } from "./engine";
import { actionLabel } from "./action-labels";

type Queued = QueuedAction<WarshardAction>;

export type ConfirmAsk = { title: string; body: string[]; yes: string; then: () => void };
export interface BatchResult {
  events: GameEventJson[];
  lines: string[];
}

/** The kind of choice a board highlight stands for (its CSS class). */
const CHOICE_CLS: Record<string, string> = {
  move: "dest",
  attack: "attack",
  support: "support",
  retreat: "retreat",
  advance: "advance",
  place_replacement: "place",
};

export const END_ACTION: Record<string, { action: WarshardAction; label: string }> = {
  movement: { action: { type: "end_movement" }, label: "End movement" },
  attack: { action: { type: "end_attacks" }, label: "End attacks" },
  support: { action: { type: "end_support" }, label: "End support" },
  defense: { action: { type: "end_support" }, label: "End defensive support" },
};

const unitOf = (a: WarshardAction): string | null => ("unit" in a ? a.unit : null);

export type WarshardPlay = ReturnType<typeof useWarshardPlay>;

export function useWarshardPlay(props: RulesetPageProps<WarshardState>) {
  const { game, seat, token } = props;
  const base = game.state;
  const me = seat;
  const [sel, setSel] = useState<string | null>(null);
  /** The unit picked in a selected hex that holds several (a stack after a retreat). */
  const [picked, setPicked] = useState<string | null>(null);
  const sender = useSend(props.submit);
  const { busy, error, setError } = sender;
  const [result, setResult] = useState<BatchResult | null>(null);
  const [confirm, setConfirm] = useState<ConfirmAsk | null>(null);

  const { queue, setQueue, forget } = useActionQueue<WarshardAction, WarshardState>(apply as never, game.id, game.seq, base, seat, () => {
    setSel(null);
    setPicked(null);
  });
  const local = useMemo(() => (me ? fold(apply as never, base, me, queue).state : base), [base, queue, me]);
  const active = game.status === "active" && !!token && !!me;
  const myTurn = active && toAct(local).includes(me!);
  const phase = local.phase;
  const pending = myTurn ? local.pending : null;
  const choices = useMemo(() => (myTurn ? legal(local, me!).choices : []), [local, myTurn, me]);
  const fights = useMemo(() => fightsInfo(local), [local]);

  /** Cell -> the units in it that have a choice (several only in a stack). */
  const actors = useMemo(() => {
    const m = new Map<string, string[]>();
    for (const c of choices) {
      const id = unitOf(c.action);
      const u = id ? unitById(local, id) : undefined;
      if (!u?.hex || c.action.type === "retreat" || c.action.type === "place_replacement") continue;
      const cell = printedId(u.hex);
      const list = m.get(cell) ?? [];
      if (!list.includes(u.id)) m.set(cell, [...list, u.id]);
    }
    return m;
  }, [choices]);
  const selUnits = sel ? (actors.get(sel) ?? []) : [];
  const selUnit = sel ? (picked && selUnits.includes(picked) ? picked : (selUnits[0] ?? null)) : null;

  /** The choices as the board takes them: a unit's hex, then where it goes; answers by their hex. */
  const boardChoices = useMemo<BoardChoice<WarshardAction>[]>(() => {
    const out: BoardChoice<WarshardAction>[] = [];
    for (const c of choices) {
      if (!c.to) continue;
      const id = unitOf(c.action);
      const u = id ? unitById(local, id) : undefined;
      // a unit's choices start from its hex (an advance too: the board lights who may go)
      const from = c.action.type === "retreat" || c.action.type === "place_replacement" || !u?.hex ? undefined : printedId(u.hex);
      // in a stack only the picked unit's choices are offered
      if (from && from === sel && id !== selUnit) continue;
      out.push({ from, to: printedId(c.to), action: c.action, cls: CHOICE_CLS[c.action.type] });
    }
    return out;
  }, [choices, sel, selUnit]);

  const clearSel = () => {
    setSel(null);
    setPicked(null);
  };

  const send = async (batch: Queued[]) => {
    const answer = await sender.send(batch.map((q) => q.action));
    if (answer) {
      forget();
      setResult({ events: answer.events, lines: answer.lines ?? [] });
      clearSel();
    } else setQueue(batch);
  };

  /** Queues one action after checking it with the engine; sends when it rolls or the move passes. */
  const enqueue = (action: WarshardAction) => {
    if (!me) return;
    const rng = previewRng();
    const r = apply(local, me, action, rng);
    if (!r.ok) {
      setError(r.message);
      return;
    }
    setError(null);
    setResult(null);
    const next = [...queue, { action, label: actionLabel(local, action) }];
    clearSel();
    // a new player-turn (the enemy's upkeep ran out after your answer) is a sitting of its own too
    const turnPassed = r.events.some((e) => e.kind === "player_turn_started");
    if (rng.draws > 0 || turnPassed || !toAct(r.state).includes(me) || r.state.outcome) void send(next);
    else setQueue(next);
  };

  const undo = () => {
    setQueue(queue.slice(0, -1));
    clearSel();
    setError(null);
  };

  const select = (cell: string | null) => {
    setError(null);
    setSel(cell);
    setPicked(null);
  };

  /** Ends the phase in hand; asks first when attacks are left undeclared. */
  const endPhase = () => {
    const end = END_ACTION[phase];
    if (!end || !me || pending) return;
    const go = () => {
      setConfirm(null);
      enqueue(end.action);
    };
    if (phase === "attack" && local.fights.length === 0 && choices.some((c) => c.action.type === "attack")) {
      setConfirm({ title: "End attacks without attacking?", body: ["None of your units attacks this turn, though some could."], yes: "End attacks", then: go });
      return;
    }
    go();
  };

  return {
    me,
    local,
    myTurn,
    phase,
    pending,
    choices,
    boardChoices,
    fights,
    actors,
    sel,
    selUnit,
    selUnits,
    setPicked,
    select,
    clearSel,
    queue,
    busy,
    error,
    setError,
    result,
    confirm,
    setConfirm,
    enqueue,
    undo,
    send,
    endPhase,
  };
}

/** Where a hex is on the page's map. */
export const cellOfHex = (h: Hex): string => printedId(h);
