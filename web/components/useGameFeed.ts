/**
 * Keeps an open game page fresh. The live channel (worker/live) tells the page when the game
 * moves: it then looks again at once. Without it (it failed, or the server has none) the page
 * looks now and then; with it, every 5 minutes all the same. A look while waiting shows the new
 * position; a look on the viewer's own move notices one made elsewhere (another device, a
 * standing order) before its unsent moves are refused: the page says so (`onStale`).
 */
import { useEffect, useRef, useState, type MutableRef } from "preact/hooks";
import { api, type GameView, type Submitted } from "../api";
import { openLive, type LiveTicket } from "../live";

/** Without the live channel: at most 60 requests an hour from a shown page, none from a hidden one. */
const POLL_MS = 60_000;
const LIVE_POLL_MS = 5 * 60_000;
/** One look in this many reads the game itself (the others may be answered by the live object). */
const SURE_EVERY = 6;

export interface FeedTarget {
  id: string;
  token: string | null;
  game: GameView | null;
  gameRef: MutableRef<GameView | null>;
  /** Where the page's log ends: a look asks for the entries after it. */
  logEnd(): number;
  /** A newer position arrived while the viewer waits, with the log's entries after `after`. */
  onNewer(g: GameView, after: number): void;
  /** A newer position arrived while the viewer was moving. */
  onStale(): void;
}

export function useGameFeed(t: FeedTarget) {
  const { id, token, game, gameRef } = t;
  const target = useRef(t);
  target.current = t;
  const [liveOpen, setLiveOpen] = useState(false);
  /** Sendings on their way, and the newest news that came meanwhile (it waits for their answer). */
  const sending = useRef(0);
  const newsWhileSending = useRef(-1);
  const refreshRef = useRef<() => void>(() => undefined);
  const ticketRef = useRef<LiveTicket | null>(null);
  ticketRef.current = game?.live ?? null;
  // the socket stays while the viewer's seat does (a fresh ticket comes with every read)
  const liveKey = game?.live ? `${game.live.seat}:${game.live.epoch}` : null;
  useEffect(() => {
    if (liveKey === null || gameRef.current?.status !== "active") return;
    return openLive(
      id,
      () => ticketRef.current!,
      (seq) => {
        // news of this page's own sending may come before its answer: wait for the answer
        if (sending.current > 0) newsWhileSending.current = Math.max(newsWhileSending.current, seq < 0 ? Infinity : seq);
        else if (seq < 0 || seq > (gameRef.current?.seq ?? 0)) refreshRef.current();
      },
      setLiveOpen,
    );
  }, [liveKey, game?.status]);

  // what a test (or a curious reader of the DOM) can see of the page's connection
  useEffect(() => {
    document.documentElement.dataset.live = liveOpen ? "open" : "closed";
    if (game) document.documentElement.dataset.seq = String(game.seq);
  }, [liveOpen, game?.seq]);

  useEffect(() => {
    // `sure`: read the game itself; otherwise the server may answer "nothing moved" from what the
    // live object was last told, without reading the game (a 304)
    const refresh = async (sure = false) => {
      const g0 = gameRef.current;
      if (!g0 || g0.status !== "active" || document.visibilityState !== "visible") return;
      const mine = g0.you && g0.toAct.includes(g0.you.seat);
      try {
        const after = target.current.logEnd();
        const g = sure ? await api.game(id, token, after) : await api.gameIfMoved(id, token, g0.seq, after);
        if (!g || g.seq === gameRef.current?.seq) return;
        if (mine) target.current.onStale();
        else target.current.onNewer(g, after);
      } catch {
        /* quiet: the next look may work */
      }
    };
    refreshRef.current = () => void refresh();
    // news lost on its way (an object that could not be reached) left that object behind too, so
    // every 6th look, and a page shown again, reads the game itself: a lost move costs half an
    // hour at most, not the sitting
    let looks = 0;
    const timer = window.setInterval(() => void refresh(++looks % SURE_EVERY === 0), liveOpen ? LIVE_POLL_MS : POLL_MS);
    const shown = () => void refresh(true);
    document.addEventListener("visibilitychange", shown);
    return () => {
      window.clearInterval(timer);
      document.removeEventListener("visibilitychange", shown);
    };
  }, [token, liveOpen]);

  /** Wraps one sending: news of the game that comes meanwhile waits for its answer (`seq`), and is looked at after it if newer. */
  const whileSending = async <R extends { seq: number }>(send: () => Promise<R>): Promise<R> => {
    sending.current++;
    const r = await send().finally(() => sending.current--);
    // the game moved further than this answer while it was on its way (another seat, live)
    if (newsWhileSending.current > r.seq) window.setTimeout(() => refreshRef.current(), 0);
    newsWhileSending.current = -1;
    return r;
  };

  return { whileSending };
}

/**
 * The computer plays a few actions per request: while it has more, the page asks it to go on,
 * one request after another, and shows what each answer says it played (`moved`); when nothing
 * waited after all, it takes the answer's word if the game has not moved (`settle`), else (the
 * cron played meanwhile) it looks again (`reload`).
 */
export function useBotsContinue(
  id: string,
  token: string | null,
  game: GameView | null,
  gameRef: MutableRef<GameView | null>,
  moved: (g: GameView, r: Submitted<unknown>) => void,
  settle: (g: GameView) => void,
  reload: () => Promise<void>,
) {
  useEffect(() => {
    if (!game?.botsWaiting || game.status !== "active") return;
    let stop = false;
    const t = window.setTimeout(async () => {
      const r = await api.continue(id, token).catch(() => null);
      if (stop) return;
      const g = gameRef.current;
      if (r && g && r.continued) return moved(g, r);
      // nothing waited and nothing moved since this page's position: the answer says all there is
      if (r && g && !r.continued && r.seq === g.seq) return settle({ ...g, botsWaiting: r.botsWaiting, toAct: r.toAct, status: r.status });
      await reload();
    }, 300);
    return () => {
      stop = true;
      clearTimeout(t);
    };
  }, [game?.seq, game?.botsWaiting]);
}

/** The tab's title says when it is the viewer's move. */
export function useGameTitle(game: GameView | null) {
  useEffect(() => {
    if (!game) return;
    const mine = game.you && game.toAct.includes(game.you.seat);
    document.title = `${mine ? "(your move) " : ""}${game.rulesetTitle ?? game.ruleset} #${game.id} · hexpost`;
  }, [game?.seq, game?.toAct.join()]);
}
