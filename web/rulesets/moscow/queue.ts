/**
 * The viewer's unsent actions. They belong to one server position: they are kept in
 * localStorage under that position (so a reload or a closed tab loses nothing), and dropped
 * when the server's position moves on, since they were checked against the old one.
 */
import { useEffect, useRef, useState } from "preact/hooks";
import { apply, rngFromSeed, type MoscowAction, type MoscowState } from "./engine";

export type Queued = { action: MoscowAction; label: string };

// Only resolving a battle rolls a die, and a roll ends its batch and goes to the server at
// once: nothing queued depends on a roll, so previews can run on any fixed generator.
export const previewRng = () => rngFromSeed("preview");

/** The position after the queue, and how many queued actions the engine accepted. */
export function fold(base: MoscowState, seat: string, queue: Queued[]): { state: MoscowState; ok: number } {
  let state = base;
  let ok = 0;
  for (const q of queue) {
    const r = apply(state, seat, q.action, previewRng());
    if (!r.ok) break;
    state = r.state;
    ok++;
  }
  return { state, ok };
}

const storageKey = (gameId: string, seq: number) => `hexpost:q:${gameId}:${seq}`;

// a kept queue may no longer apply (a changed engine, a hand-edited store): keep what still does
function restoreQueue(key: string, base: MoscowState, seat: string | null): Queued[] {
  if (!seat) return [];
  try {
    const raw = localStorage.getItem(key);
    if (!raw) return [];
    const q = JSON.parse(raw) as Queued[];
    const f = fold(base, seat, q);
    return f.ok === q.length ? q : q.slice(0, f.ok);
  } catch {
    return [];
  }
}

/**
 * The queue for the game's current position. `onNewPosition` runs when the server's position
 * changes, for the caller to drop whatever else it drafted against the old one.
 */
export function useActionQueue(gameId: string, seq: number, base: MoscowState, seat: string | null, onNewPosition: () => void) {
  const qKey = storageKey(gameId, seq);
  const [queue, setQueue] = useState<Queued[]>(() => restoreQueue(qKey, base, seat));

  const seqSeen = useRef(seq);
  useEffect(() => {
    if (seqSeen.current === seq) return;
    try {
      localStorage.removeItem(storageKey(gameId, seqSeen.current));
    } catch {
      /* nothing kept */
    }
    seqSeen.current = seq;
    setQueue(restoreQueue(qKey, base, seat));
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
