/**
 * /g/<id>#t=<token>: loads the game as the token's seat (or as a spectator), then the
 * ruleset's own view (one dynamic import), keeps the game fresh while waiting for the
 * opponent, and sends batches against the seq.
 */
import { useEffect, useMemo, useRef, useState } from "preact/hooks";
import { api, ApiError, forgetToken, plainMessage, randomKey, takeToken, type GameView, type Submitted } from "../api";
import { useGameLog } from "../components/useGameLog";
import { Log } from "../components/Log";
import { GameOverSlot } from "../components/GameOverSlot";
import { awayLines } from "../components/away";
import { PauseBannerSlot } from "../components/PauseBannerSlot";
import { SpectatorNote } from "../components/SpectatorNote";
import type { RulesetModule, RulesetPageProps, SubmitResult } from "../rulesets/types";
import { RULESET_VIEWS } from "../rulesets/registry";
import type { Boot } from "../boot";
import { openLive, type LiveTicket } from "../live";

/** Without the live channel: at most 60 requests an hour from a shown page, none from a hidden one. */
const POLL_MS = 60_000;
const LIVE_POLL_MS = 5 * 60_000;
/** One look in this many reads the game itself (the others may be answered by the live object). */
const SURE_EVERY = 6;
const cap = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

export default function Game({ id, boot }: { id: string; boot?: Boot | null }) {
  const [token, setToken] = useState<string | null>(() => (boot ? boot.token : takeToken(id)));
  const [game, setGame] = useState<GameView | null>(null);
  const { log, start, fetchNew, append } = useGameLog(id);
  const [fatal, setFatal] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [stale, setStale] = useState(false);
  const [view, setView] = useState<RulesetModule | null>(null);
  const [viewMissing, setViewMissing] = useState(false);
  const gameRef = useRef<GameView | null>(null);
  gameRef.current = game;
  const keyRef = useRef<{ sig: string; key: string } | null>(null);

  /** A move's answer (this seat's, or the computer's going on) is the game's new position and its new log entries. */
  const moved = (g: GameView, r: Submitted<unknown>) => {
    setGame({
      ...g,
      seq: r.seq,
      state: r.state,
      toAct: r.toAct,
      status: r.status ?? (r.outcome ? "finished" : g.status),
      outcome: r.outcome ?? g.outcome,
      botsWaiting: r.botsWaiting === true,
      ...(r.turn !== undefined ? { turn: r.turn, phase: r.phase!, summary: r.summary!, owed: r.owed ?? null, deadline: r.deadline ?? null } : {}),
    });
    append(r.entries);
  };

  const load = async (tok: string | null, first?: Promise<GameView>) => {
    try {
      const g = await (first ?? api.game(id, tok));
      setGame(g);
      setStale(false);
      return g;
    } catch (e) {
      if (e instanceof ApiError && e.status === 401 && tok) {
        forgetToken(id);
        setToken(null);
        setNotice("This link is no longer valid for playing (a newer link may have been sent). You are watching as a spectator.");
        return load(null);
      }
      if (!gameRef.current) setFatal(plainMessage(e));
      else setNotice(plainMessage(e));
      return null;
    }
  };

  useEffect(() => {
    load(token, boot?.game).then((g) => {
      if (!g) return;
      const loader = RULESET_VIEWS[g.ruleset];
      if (loader)
        loader()
          .then((m) => setView(() => m))
          .catch(() => setFatal("The board could not be loaded. Check your connection and reload."));
      else setViewMissing(true);
      fetchNew(g.seq);
    });
  }, []);

  // The computer plays a few actions per request: while it has more, this page asks it to go
  // on, one request after another, and shows the new position each time.
  useEffect(() => {
    if (!game?.botsWaiting || game.status !== "active") return;
    let stop = false;
    const t = window.setTimeout(async () => {
      const r = await api.continue(id, token).catch(() => null);
      if (stop) return;
      const g = gameRef.current;
      // what the computer played is in the answer; otherwise (nothing waited, or the cron was first) look again
      if (r?.continued && g) moved(g, r);
      else {
        const now = await load(token);
        if (now) fetchNew(now.seq);
      }
    }, 300);
    return () => {
      stop = true;
      clearTimeout(t);
    };
  }, [game?.seq, game?.botsWaiting]);

  // The live channel tells the page when the game moves (worker/live): it then looks again at
  // once. Without it (it failed, or the server has none) the page looks now and then.
  const [liveOpen, setLiveOpen] = useState(false);
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

  // Look again whenever the page is shown (and, without the live channel, now and then): while
  // waiting, to show the new position; on the viewer's own move, to notice one made elsewhere
  // (another device, a standing order) before its unsent moves are refused: the page says so
  // and offers to reload.
  useEffect(() => {
    // `sure`: read the game itself; otherwise the server may answer "nothing moved" from what the
    // live object was last told, without reading the game (a 304)
    const refresh = async (sure = false) => {
      const g0 = gameRef.current;
      if (!g0 || g0.status !== "active" || document.visibilityState !== "visible") return;
      const mine = g0.you && g0.toAct.includes(g0.you.seat);
      try {
        const g = sure ? await api.game(id, token) : await api.gameIfMoved(id, token, g0.seq);
        if (!g || g.seq === gameRef.current?.seq) return;
        if (mine) setStale(true);
        else {
          setGame(g);
          fetchNew(g.seq);
        }
      } catch {
        /* quiet: the next look may work */
      }
    };
    refreshRef.current = () => void refresh();
    // with the live channel, a look every 5 minutes all the same; news lost on its way (an object
    // that could not be reached) left that object behind too, so every 6th look, and a page shown
    // again, reads the game itself: a lost move costs half an hour at most, not the sitting
    let looks = 0;
    const t = window.setInterval(() => void refresh(++looks % SURE_EVERY === 0), liveOpen ? LIVE_POLL_MS : POLL_MS);
    const shown = () => void refresh(true);
    document.addEventListener("visibilitychange", shown);
    return () => {
      window.clearInterval(t);
      document.removeEventListener("visibilitychange", shown);
    };
  }, [token, liveOpen]);

  const seatName = useMemo(
    () => (seat: string) => {
      const s = game?.seats.find((x) => x.seat === seat);
      const side = s?.title ?? cap(seat);
      if (!s) return side;
      if (s.bot) return `${s.name} (the computer, ${side})`;
      return s.name && s.name.toLowerCase() !== seat ? `${s.name} (${side})` : side;
    },
    [game?.seats],
  );

  const submit = async (actions: unknown[]): Promise<SubmitResult<unknown>> => {
    const g = gameRef.current;
    if (!g || !token) return { ok: false, code: "unauthorized", message: "Only a player with the game's link can move." };
    // The same batch against the same seq reuses its key: resending after a lost answer is safe.
    const sig = `${g.seq}:${JSON.stringify(actions)}`;
    if (keyRef.current?.sig !== sig) keyRef.current = { sig, key: randomKey() };
    sending.current++;
    try {
      const r = await api.actions(id, token, g.seq, actions, keyRef.current.key).finally(() => sending.current--);
      keyRef.current = null;
      // the game moved further than this answer while it was on its way (another seat, live)
      if (newsWhileSending.current > r.seq) window.setTimeout(() => refreshRef.current(), 0);
      newsWhileSending.current = -1;
      moved(g, r);
      if (r.status === "finished" || r.outcome) load(token);
      return { ok: true, result: r };
    } catch (e) {
      if (e instanceof ApiError) {
        if (e.code === "stale_seq") setStale(true);
        if (e.status !== 0) keyRef.current = null;
        return { ok: false, code: e.code, message: plainMessage(e), index: e.index };
      }
      return { ok: false, code: "server", message: plainMessage(e) };
    }
  };

  useEffect(() => {
    if (!game) return;
    const mine = game.you && game.toAct.includes(game.you.seat);
    document.title = `${mine ? "(your move) " : ""}${game.rulesetTitle ?? game.ruleset} #${game.id} · hexpost`;
  }, [game?.seq, game?.toAct.join()]);

  if (fatal)
    return (
      <main class="page narrow">
        <h1>
          <a href="/">hexpost</a>
        </h1>
        <p class="error" role="alert">
          {fatal}
        </p>
        <button type="button" onClick={() => location.reload()}>
          Try again
        </button>
      </main>
    );
  if (!game) return <p class="boot">Loading the game…</p>;

  const seat = game.you?.seat ?? null;
  const View = view?.default;
  const props: RulesetPageProps = {
    game,
    seat,
    token,
    log,
    start,
    submit,
    reload: () => {
      load(token).then((g) => g && fetchNew(g.seq));
    },
    seatName,
  };
  return (
    <div class="game-page">
      <header class="topbar">
        <a class="brand" href="/" aria-label="hexpost home">
          hexpost
        </a>
        <h1>
          {game.rulesetTitle ?? game.ruleset} <span class="muted">#{game.id}</span>
          {game.customScenario && <span class="tag">custom scenario</span>}
        </h1>
        <p class="players">
          {game.seats.map((s, i) => (
            <span key={s.seat}>
              {i > 0 && " v "}
              <span class={`seat-name side-${s.seat}`}>{seatName(s.seat)}</span>
            </span>
          ))}
          {" · "}
          {seat ? <span>you play {game.seats.find((s) => s.seat === seat)?.title ?? cap(seat)}</span> : <span class="spectator">spectator (read only)</span>}
        </p>
      </header>
      {stale && (
        <div class="banner warn" role="alert">
          The game has moved on since this page was loaded (another move arrived). Your unsent moves cannot be sent.{" "}
          <button type="button" class="primary" onClick={() => props.reload()}>
            Reload the game
          </button>
        </div>
      )}
      {game.status === "active" &&
        awayLines(game, seatName).map((line) => (
          <div class="banner" role="status" key={line}>
            {line}
          </div>
        ))}
      <PauseBannerSlot game={game} token={token} seatName={seatName} reload={props.reload} />
      {game.botsWaiting && game.status === "active" && (
        <div class="banner" role="status">
          The computer is thinking…
        </div>
      )}
      {!token && !notice && <SpectatorNote game={game} />}
      {notice && (
        <div class="banner" role="status">
          {notice}{" "}
          <button type="button" aria-label="Dismiss" onClick={() => setNotice(null)}>
            ×
          </button>
        </div>
      )}
      {View ? (
        <View {...props} />
      ) : viewMissing ? (
        <main class="page narrow">
          <p>{game.summary}</p>
          {game.status === "finished" && <GameOverSlot game={game} seatName={seatName} token={token} reload={props.reload} />}
          <h2>Log</h2>
          <Log entries={log} seatName={seatName} />
        </main>
      ) : (
        <p class="boot">Loading the board…</p>
      )}
    </div>
  );
}
