/**
 * The viewer's unsent actions, for any ruleset that lets a seat build a batch before sending
 * it (with undo). They belong to one server position: they are kept in localStorage under that
 * position (so a reload or a closed tab loses nothing), and dropped when the server's position
 * moves on, since they were checked against the old one. Each is checked with the ruleset's
 * bundled `apply` as it is queued.
 */
import { useEffect, useRef, useState } from "preact/hooks";
import type { Rng } from "../../worker/engine/rng";
import type { AnyRuleset } from "../../worker/engine/ruleset";

export type Queued<A = unknown> = { action: A; label: string };

/** What the queue needs of the rules: the bundled engine's apply. */
export type Applier = AnyRuleset["apply"];

// An action that draws a number ends its batch and goes to the server at once: nothing
// queued depends on a draw, so previews can run on any fixed generator (a small congruential
// one: the engine's own generator is not needed on the page until it replays the log).
class PreviewRng implements Rng {
  draws = 0;
  private s = 0x9e3779b9;
  float(): number {
    this.draws++;
    this.s = (Math.imul(this.s, 1664525) + 1013904223) >>> 0;
    return this.s / 4294967296;
  }
  int(n: number): number {
    return Math.floor(this.float() * n);
  }
  d6(): number {
    return this.int(6) + 1;
  }
}
export const previewRng = (): Rng => new PreviewRng();

/** The position after the queue, and how many queued actions the engine accepted. */
export function fold<S>(apply: Applier, base: S, seat: string, queue: readonly Queued[]): { state: S; ok: number } {
  let state = base;
  let ok = 0;
  for (const q of queue) {
    const r = apply(state, seat, q.action, previewRng());
    if (!r.ok) break;
    state = r.state as S;
    ok++;
  }
  return { state, ok };
}

const storageKey = (gameId: string, seq: number) => `hexpost:q:${gameId}:${seq}`;

/** This browser keeps unsent actions of the game: the page needs its rules before it can show them. */
export function queueKept(gameId: string): boolean {
  try {
    for (let i = 0; i < localStorage.length; i++) if (localStorage.key(i)?.startsWith(`hexpost:q:${gameId}:`)) return true;
  } catch {
    /* no storage */
  }
  return false;
}

// a kept queue may no longer apply (a changed engine, a hand-edited store): keep what still does
function restoreQueue<A, S>(apply: Applier, key: string, base: S, seat: string | null): Queued<A>[] {
  if (!seat) return [];
  try {
    const raw = localStorage.getItem(key);
    if (!raw) return [];
    const q = JSON.parse(raw) as Queued<A>[];
    const f = fold(apply, base, seat, q);
    return f.ok === q.length ? q : q.slice(0, f.ok);
  } catch {
    return [];
  }
}

/**
 * The queue for the game's current position. `onNewPosition` runs when the server's position
 * changes, for the caller to drop whatever else it drafted against the old one.
 */
export function useActionQueue<A, S>(apply: Applier, gameId: string, seq: number, base: S, seat: string | null, onNewPosition: () => void) {
  const qKey = storageKey(gameId, seq);
  const [queue, setQueue] = useState<Queued<A>[]>(() => restoreQueue<A, S>(apply, qKey, base, seat));

  const seqSeen = useRef(seq);
  useEffect(() => {
    if (seqSeen.current === seq) return;
    try {
      localStorage.removeItem(storageKey(gameId, seqSeen.current));
    } catch {
      /* nothing kept */
    }
    seqSeen.current = seq;
    setQueue(restoreQueue<A, S>(apply, qKey, base, seat));
    onNewPosition();
  }, [seq]);
  useEffect(() => {
    try {
      if (queue.length) localStorage.setItem(qKey, JSON.stringify(queue));
      else localStorage.removeItem(qKey);
    } catch {
      /* storage full or blocked */
    }
  }, [queue, qKey]);
  useEffect(() => {
    if (!queue.length) return;
    const warn = (e: BeforeUnloadEvent) => {
      e.preventDefault();
    };
    window.addEventListener("beforeunload", warn);
    return () => window.removeEventListener("beforeunload", warn);
  }, [queue.length]);

  /** The server took the queue: nothing is left to keep. */
  const forget = () => {
    setQueue([]);
    try {
      localStorage.removeItem(qKey);
    } catch {
      /* nothing kept */
    }
  };

  return { queue, setQueue, forget };
}
