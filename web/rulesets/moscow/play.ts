/**
 * The viewer's play on the Moscow page: the position with their unsent actions applied, the
 * selection and drafts of the phase in hand, and sending. Every action is checked with the
 * bundled engine before it is queued, so a refusal shows at once; the queue can be undone
 * until it is sent, and goes to the server as one batch when the viewer's sitting ends.
 */
import { useMemo, useState } from "preact/hooks";
import { useSend } from "../../components/useSend";
import type { RulesetPageProps } from "../types";
import { apply, phaseText, toAct, type MoscowAction, type MoscowState, type Side } from "./engine";
import { hexesOf } from "./cells";
import { optionLabel } from "./labels";
import { fold, previewRng, useActionQueue, type Queued as QueuedAction } from "../../components/useActionQueue";
import { useLegalNow } from "./legal";
import type { BatchResult } from "./result-card";

type Queued = QueuedAction<MoscowAction>;

export type DraftBattle = { attackers: string[]; defender: string };
/** The battle being drafted: its defender may not be chosen yet. */
export type CurrentBattle = { attackers: string[]; defender: string | null };
export type ConfirmAsk = { title: string; body: string[]; yes: string; then: () => void };

export type MoscowPlay = ReturnType<typeof useMoscowPlay>;

export function useMoscowPlay(props: RulesetPageProps<MoscowState>) {
  const { game, seat, token } = props;
  const base = game.state;
  const me = seat as Side | null;

  const [sel, setSel] = useState<string | null>(null);
  const sender = useSend(props.submit);
  const { busy, error, setError } = sender;
  const [confirm, setConfirm] = useState<ConfirmAsk | null>(null);
  const [result, setResult] = useState<BatchResult | null>(null);
  const [draft, setDraft] = useState<DraftBattle[]>([]);
  const [cur, setCur] = useState<CurrentBattle>({ attackers: [], defender: null });
  // setup drafting: unit id -> cell
  const [placed, setPlaced] = useState<Record<string, string>>({});

  const { queue, setQueue, forget } = useActionQueue<MoscowAction, MoscowState>(apply, game.id, game.seq, base, seat, () => {
    setSel(null);
    setDraft([]);
    setCur({ attackers: [], defender: null });
    setPlaced({});
  });

  const local = useMemo(() => (me ? fold(apply, base, me, queue).state : base), [base, queue, me]);
  const active = game.status === "active" && !!token && !!me;
  const myTurn = active && toAct(local).includes(me!);
  const phase = local.phase;
  const pending = local.pending;
  const occupied = useMemo(() => hexesOf(local), [local]);
  const allowed = useLegalNow(local, me, myTurn);
  const { isMove, isDeclare, isRepl, movable, attacks, repl } = allowed;

  const clearSel = () => {
    setSel(null);
    setCur({ attackers: [], defender: null });
  };

  const send = async (batch: Queued[], extra: MoscowAction[] = []) => {
    const answer = await sender.send([...batch.map((q) => q.action), ...extra]);
    if (answer) {
      forget();
      setResult({ events: answer.events, lines: answer.lines ?? [] });
      clearSel();
    } else setQueue(batch);
  };

  /** Queues one action after checking it with the engine; sends at once when the sitting ends. */
  const enqueue = (action: MoscowAction, label: string) => {
    if (!me) return;
    const r = apply(local, me, action, previewRng());
    if (!r.ok) {
      setError(r.message);
      return;
    }
    setError(null);
    setResult(null);
    const next = [...queue, { action, label }];
    clearSel();
    if (!toAct(r.state).includes(me) || r.state.outcome) send(next);
    else setQueue(next);
  };

  const undo = () => {
    setQueue(queue.slice(0, -1));
    clearSel();
    setError(null);
  };

  const chooseOption = (o: MoscowAction) => enqueue(o, optionLabel(o, local));

  const addBattle = () => {
    if (!cur.defender || !cur.attackers.length) return;
    setDraft([...draft, { attackers: cur.attackers, defender: cur.defender }]);
    setCur({ attackers: [], defender: null });
  };
  const removeBattle = (i: number) => setDraft(draft.filter((_, k) => k !== i));
  const declareBattles = () => {
    const battles = draft;
    setDraft([]);
    enqueue({ type: "declare_battles", battles }, `declare ${battles.length} battle${battles.length === 1 ? "" : "s"}`);
  };

  /** Ends the phase, first asking when that forfeits something or sends the turn. */
  const endPhase = () => {
    if (!me) return;
    const after = apply(local, me, { type: "end_phase" }, previewRng());
    if (!after.ok) {
      setError(after.message);
      return;
    }
    const endsSitting = !toAct(after.state).includes(me) || !!after.state.outcome;
    const left: string[] = [];
    if (isMove) {
      const n = [...movable.keys()].length;
      if (n > 0) left.push(`${n} of your units could still move (${[...movable.keys()].slice(0, 6).join(", ")}${n > 6 ? "…" : ""}).`);
    }
    if (isDeclare && attacks && attacks.length > 0) {
      left.push(
        draft.length
          ? `You drafted ${draft.length} battle${draft.length > 1 ? "s" : ""} but did not declare ${draft.length > 1 ? "them" : "it"}: ending the phase attacks no one.`
          : `You have declared no attacks; ${attacks.length} enemy unit${attacks.length > 1 ? "s are" : " is"} within reach.`,
      );
    }
    if (isRepl && (repl.remaining ?? 0) > 0 && ((repl.restorableUnits ?? []).length || (repl.placeableUnits ?? []).length)) {
      left.push(`You still have ${repl.remaining} replacement${repl.remaining! > 1 ? "s" : ""}; unused ones are lost.`);
    }
    const go = () => {
      setConfirm(null);
      enqueue({ type: "end_phase" }, `end of ${phaseText(phase)}`);
    };
    if (left.length === 0 && !endsSitting) return go();
    setConfirm({
      title: `End the ${phaseText(phase)} phase?`,
      body: [...left, ...(endsSitting ? [`This finishes your turn and sends it (${queue.length + 1} action${queue.length ? "s" : ""}) to the other player.`] : [])],
      yes: endsSitting ? "End phase and send" : "End phase",
      then: go,
    });
  };

  return {
    me,
    local,
    myTurn,
    phase,
    pending,
    occupied,
    ...allowed,
    queue,
    busy,
    error,
    setError,
    result,
    confirm,
    setConfirm,
    sel,
    setSel,
    draft,
    setDraft,
    cur,
    setCur,
    placed,
    setPlaced,
    clearSel,
    send,
    enqueue,
    undo,
    chooseOption,
    addBattle,
    removeBattle,
    declareBattles,
    endPhase,
  };
}
