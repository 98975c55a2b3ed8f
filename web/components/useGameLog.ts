/**
 * The game's log as this page holds it. Turns never change once stored, so the page keeps what
 * it has (in localStorage, per game: a reopening asks only for what happened since) and adds to
 * it: the entries a move's answer carries, or a page of the log from the last seq it holds.
 */
import { useEffect, useRef, useState } from "preact/hooks";
import { api, type LogEntry, type LogPage } from "../api";
import { endKey } from "../log-end";

interface Held {
  start: unknown;
  entries: LogEntry[];
}

const storageKey = (gameId: string) => `hexpost:log:${gameId}`;

function restore(gameId: string): Held | null {
  try {
    const raw = localStorage.getItem(storageKey(gameId));
    if (!raw) return null;
    const held = JSON.parse(raw) as Held;
    // only a log whole from its first turn is worth keeping
    if (!Array.isArray(held.entries) || (held.entries.length > 0 && held.entries[0]!.seq !== 1)) return null;
    return held;
  } catch {
    return null;
  }
}

function keep(gameId: string, held: Held): void {
  const text = JSON.stringify(held);
  const end = String(held.entries.at(-1)?.seq ?? 0);
  try {
    localStorage.setItem(storageKey(gameId), text);
    localStorage.setItem(endKey(gameId), end);
  } catch {
    // full: the other games' logs go first (they are fetched again when opened)
    try {
      for (const key of Object.keys(localStorage)) if (/^hexpost:log(end)?:/.test(key) && key !== storageKey(gameId) && key !== endKey(gameId)) localStorage.removeItem(key);
      localStorage.setItem(storageKey(gameId), text);
      localStorage.setItem(endKey(gameId), end);
    } catch {
      /* storage blocked: the page keeps it for this visit */
    }
  }
}

/** Joins `more` to `held` by seq; null when there is a gap between them. */
function join(held: readonly LogEntry[], more: readonly LogEntry[]): LogEntry[] | null {
  if (more.length === 0) return [...held];
  const last = held.at(-1)?.seq ?? 0;
  if (more[0]!.seq > last + 1) return null;
  return [...held, ...more.filter((e) => e.seq > last)];
}

export function useGameLog(gameId: string) {
  const [held] = useState(() => restore(gameId));
  const [log, setLog] = useState<LogEntry[] | null>(held?.entries ?? null);
  const [start, setStart] = useState<unknown>(held?.start ?? null);
  const logRef = useRef(log);
  logRef.current = log;
  const startRef = useRef(start);
  startRef.current = start;

  useEffect(() => {
    if (log && log.length) keep(gameId, { start: startRef.current, entries: log });
  }, [log]);

  const lastSeq = () => logRef.current?.at(-1)?.seq ?? 0;

  /** Asks for the log after the last seq held (the server pages it: on until the game's seq); nothing when it holds `upTo`. */
  const fetchNew = async (upTo?: number): Promise<void> => {
    const after = lastSeq();
    if (upTo !== undefined && logRef.current && after === upTo) return;
    try {
      let entries: LogEntry[] = [];
      for (let from = after, pages = 0; pages < 50; pages++) {
        const r = await api.log(gameId, from);
        // what this browser kept is not this game's (a dev database started afresh): start over
        if (r.seq !== undefined && r.seq < after) {
          logRef.current = null;
          setLog(null);
          return fetchNew();
        }
        if (from === 0) setStart(r.start ?? null);
        entries = entries.concat(r.entries);
        const last = r.entries.at(-1)?.seq;
        if (last === undefined || r.seq === undefined || last >= r.seq) break;
        from = last;
      }
      setLog((old) => join(after === 0 || !old ? [] : old, entries) ?? old);
    } catch {
      if (after === 0) setLog((old) => old ?? []);
    }
  };

  /**
   * A game read's log page, asked `after` the seq this page then held: joined when it still holds
   * exactly that, and the rest fetched when the page stops short of the game's seq; anything else
   * (no page, a log held since, a database started afresh) is fetched as before.
   */
  const absorb = (after: number, page: LogPage | undefined, upTo: number) => {
    if (!page || after !== lastSeq() || (page.seq ?? 0) < after) return void fetchNew(upTo);
    if (after === 0) setStart(page.start ?? null);
    const joined = join(after === 0 ? [] : (logRef.current ?? []), page.entries);
    if (!joined) return void fetchNew(upTo);
    logRef.current = joined;
    setLog(joined);
    if ((joined.at(-1)?.seq ?? 0) < upTo) void fetchNew(upTo);
  };

  /** The entries a move's answer carried; a gap (a move this page missed) is fetched instead. */
  const append = (entries: readonly LogEntry[] | undefined) => {
    const old = logRef.current;
    const joined = old && entries ? join(old, entries) : null;
    if (joined) {
      logRef.current = joined;
      setLog(joined);
    } else void fetchNew();
  };

  return { log, start, lastSeq, absorb, append };
}
