/**
 * The viewer's play, for every ruleset: the position with their unsent actions applied, whether
 * it is their move, and sending. Every action is checked with the bundled engine before it is
 * queued, so a refusal shows at once; the queue can be undone until it is sent, and goes to the
 * server as one batch when the viewer's sitting ends, or with an action that rolls.
 */
import { useMemo, useRef, useState } from "preact/hooks";
import type { GameEventJson, Submitted } from "../api";
import type { RulesetPageProps } from "../rulesets/types";
import { useSend } from "./useSend";
import { fold, previewRng, useActionQueue, type Applier, type Queued } from "./useActionQueue";

/** What the turn needs of the rules: the bundled engine's apply and who is to act. */
export interface TurnRules<S> {
  apply: Applier;
  toAct(state: S): readonly string[];
  /**
   * Besides an action that rolls or ends the seat's part, one that goes to the server at once
   * (WarShard: one that starts a new player-turn; the skirmish: the end of an activation).
   */
  endsBatch?(action: { type: string }, events: readonly { kind: string }[]): boolean;
}

export interface TurnOptions<S, A> {
  /** An action was queued, undone or sent: drop the selection made for it. */
  onReset?: () => void;
  /** The server's position moved on: drop whatever was drafted against the old one. */
  onNewPosition?: () => void;
  onAnswer?: (answer: Submitted<S>, sent: A[]) => void;
}

/**
 * What a sending did. `events` and `lines` are everything the request did; `own` the seat's own part
 * (with any standing order answered inside it), up to where the computer took over, and
 * `othersMoved` says the computer's turns came back with it (the replay shows them): the
 * service marks each entry with who made it. `seq`: the game's position right after the sending.
 */
export type BatchResult<A> = { actions: A[]; events: GameEventJson[]; lines: string[]; own: { events: GameEventJson[]; lines: string[] }; othersMoved: boolean; seq?: number };

/** The seat's own part of an answer and whether the computer's turns came with it, from the entries' `by`. */
export function ownPart(answer: Submitted<unknown>): Pick<BatchResult<unknown>, "own" | "othersMoved"> {
  const entries = answer.entries;
  if (!entries) return { own: { events: answer.events, lines: answer.lines ?? [] }, othersMoved: false };
  const computer = entries.findIndex((e) => e.by === "computer");
  const own = computer < 0 ? entries : entries.slice(0, computer);
  return { own: { events: own.flatMap((e) => e.events), lines: own.flatMap((e) => e.lines ?? []) }, othersMoved: computer >= 0 };
}
export type Preview<S> = { ok: true; state: S; events: { kind: string }[]; rolls: boolean } | { ok: false; message: string };

export type ConfirmAsk = { title: string; body: string[]; yes: string; then: () => void };

export function useTurn<S, A extends { type: string }>(props: RulesetPageProps<S>, rules: TurnRules<S>, opts: TurnOptions<S, A> = {}) {
  const { game, seat, token } = props;
  const sender = useSend<S>(props.submit);
  const [result, setResult] = useState<BatchResult<A> | null>(null);
  const [confirm, setConfirm] = useState<ConfirmAsk | null>(null);
  /** The kind of the last action sent, while it is on its way. */
  const [sending, setSending] = useState<string | null>(null);
  const reset = () => opts.onReset?.();
  const previewed = useRef<{ base: S; action: A; result: Preview<S> } | null>(null);
  const { queue, setQueue, forget } = useActionQueue<A, S>(rules.apply, game.id, game.seq, game.state, seat, () => {
    reset();
    opts.onNewPosition?.();
  });

  // the position after the last action queued is already known: the queue is folded again only
  // when it changed otherwise (undo, a new position, a restored queue)
  const known = useRef<{ base: S; queue: Queued<A>[]; state: S } | null>(null);
  const local = useMemo(() => {
    if (!seat) return game.state;
    const k = known.current;
    return k && k.base === game.state && k.queue === queue ? k.state : fold(rules.apply, game.state, seat, queue).state;
  }, [game.state, queue, seat]);
  const myTurn = game.status === "active" && !!token && !!seat && rules.toAct(local).includes(seat);

  const send = async (batch: Queued<A>[], extra: A[] = []) => {
    const actions = [...batch.map((q) => q.action), ...extra];
    setSending(actions.at(-1)?.type ?? null);
    const answer = await sender.send(actions);
    // refused: the batch goes back to the queue, to be undone or sent again
    if (!answer) return setQueue(batch);
    forget();
    setResult({ actions, events: answer.events, lines: answer.lines ?? [], ...ownPart(answer), seq: answer.seq });
    reset();
    opts.onAnswer?.(answer, actions);
  };

  /**
   * What `action` would do from the position now (the bundled engine, on a preview generator), and
   * whether it draws: a page may ask before queuing it (to confirm, to word a question), and
   * queuing the same action object then applies nothing again.
   */
  const preview = (action: A) => {
    const last = previewed.current;
    if (last && last.base === local && last.action === action) return last.result;
    const rng = previewRng();
    const r = rules.apply(local, seat ?? "", action, rng);
    const result = r.ok ? { ok: true as const, state: r.state as S, events: r.events as { kind: string }[], rolls: rng.draws > 0 } : { ok: false as const, message: r.message };
    previewed.current = { base: local, action, result };
    return result;
  };

  /** Runs `then` once the rules are there: at once, or when they have come (a failed load is said). */
  const withRules = (then: () => void) => {
    if (props.rulesReady) return then();
    void props.loadRules().then(then, () => sender.setError("The rules could not be loaded. Check your connection and try again."));
  };

  /**
   * Queues one action after checking it with the engine (once), and sends the queue with it when
   * it ends the batch: an action that rolls (the server's dice decide what follows, and the service
   * takes no action after one that drew), one after which the seat no longer acts, one the ruleset
   * says goes at once.
   */
  const enqueue = (action: A, label: string) => {
    // before the rules have come the position on screen is the server's (nothing can be queued
    // yet): the action waits for them, then is checked against that position as usual
    if (seat) withRules(() => enqueueChecked(action, label));
  };

  const enqueueChecked = (action: A, label: string) => {
    if (!seat) return;
    const r = preview(action);
    if (!r.ok) return sender.setError(r.message);
    sender.setError(null);
    setResult(null);
    const next = [...queue, { action, label }];
    reset();
    if (r.rolls || !rules.toAct(r.state).includes(seat) || rules.endsBatch?.(action, r.events)) return void send(next);
    known.current = { base: game.state, queue: next, state: r.state };
    setQueue(next);
  };

  const undo = () => {
    setQueue(queue.slice(0, -1));
    reset();
    sender.setError(null);
  };

  const busy = sender.busy;
  return { seat, local, myTurn, queue, busy, sending: busy ? sending : null, error: sender.error, setError: sender.setError, result, confirm, setConfirm, send, preview, enqueue, undo, withRules };
}

export type Turn<S = unknown, A extends { type: string } = { type: string }> = ReturnType<typeof useTurn<S, A>>;
