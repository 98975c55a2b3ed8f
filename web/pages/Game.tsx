/**
 * /g/<id>#t=<token>: loads the game as the token's seat (or as a spectator), then the
 * ruleset's own view (one dynamic import), keeps the game fresh while waiting for the
 * opponent, and sends batches against the seq.
 */
import { useEffect, useMemo, useRef, useState } from "preact/hooks";
import { api, ApiError, forgetToken, plainMessage, takeToken, type GameView, type Submitted } from "../api";
import { useGameLog } from "../components/useGameLog";
import { Log } from "../components/Log";
import { GameOverSlot } from "../components/GameOverSlot";
import { GameBanners, GameFatal, GameTopbar, seatNamer } from "../components/GameHeader";
import { useBotsContinue, useGameFeed, useGameTitle } from "../components/useGameFeed";
import { useSubmit } from "../components/useSubmit";
import type { RulesetModule, RulesetPageProps } from "../rulesets/types";
import { queueKept } from "../components/useActionQueue";
import { holdClicks, onFirstTouch } from "../components/rulesSlot";
import { watchingComputerAlone } from "../replay";
import { RULESET_VIEWS } from "../rulesets/registry";
import type { Boot } from "../boot";

export default function Game({ id, boot }: { id: string; boot?: Boot | null }) {
  const [token, setToken] = useState<string | null>(() => (boot ? boot.token : takeToken(id)));
  const [game, setGame] = useState<GameView | null>(null);
  const { log, start, lastSeq, absorb, append } = useGameLog(id);
  const [fatal, setFatal] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [stale, setStale] = useState(false);
  const [view, setView] = useState<RulesetModule | null>(null);
  const [viewMissing, setViewMissing] = useState(false);
  const [rulesReady, setRulesReady] = useState(false);
  const gameRef = useRef<GameView | null>(null);
  gameRef.current = game;

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
      // the server's lit cells were for the position it sent then
      lit: undefined,
      ...(r.turn !== undefined ? { turn: r.turn, phase: r.phase!, summary: r.summary!, owed: r.owed ?? null, deadline: r.deadline ?? null } : {}),
    });
    append(r.entries);
  };

  /** A read's game becomes the page's, its log page joins the log. */
  const took = ({ log: page, ...g }: GameView, after: number) => {
    setGame(g);
    absorb(after, page, g.seq);
  };

  /** A read of the game, which brings the log entries this page lacks (`after` the seq it holds). */
  const load = async (tok: string | null, first?: Boot) => {
    try {
      const after = first ? first.after : lastSeq();
      const g = await (first?.game ?? api.game(id, tok, after));
      took(g, after);
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
    load(token, boot ?? undefined).then((g) => {
      if (!g) return;
      const loader = RULESET_VIEWS[g.ruleset];
      // the rules come at once only when the page cannot be drawn right without them: unsent
      // actions kept in this browser, or a game the computer plays alone, replayed for its watcher
      const rulesNow = queueKept(id) || watchingComputerAlone(g, g.you?.seat ?? null);
      if (loader)
        loader()
          .then(async (m) => {
            if (m.rules && rulesNow) await m.rules.load();
            setRulesReady(!m.rules || m.rules.current !== null);
            setView(() => m);
          })
          .catch(() => setFatal("The board could not be loaded. Check your connection and reload."));
      else setViewMissing(true);
    });
  }, []);

  const loadRules = () => (view?.rules ? view.rules.load().then(() => setRulesReady(true)) : Promise.resolve());
  useEffect(() => {
    if (!view?.rules || rulesReady) return;
    const failed = () => setNotice("The rules could not be loaded. Check your connection and reload.");
    const stopTouch = onFirstTouch(() => void loadRules().catch(failed));
    const stopClicks = holdClicks(view.rules, () => loadRules().catch(failed));
    return () => {
      stopTouch();
      stopClicks();
    };
  }, [view, rulesReady]);

  useBotsContinue(id, token, game, gameRef, moved, setGame, async () => {
    await load(token);
  });

  const { whileSending } = useGameFeed({
    id,
    token,
    game,
    gameRef,
    onStale: () => setStale(true),
    logEnd: lastSeq,
    onNewer: took,
  });

  const seatName = useMemo(() => seatNamer(game?.seats ?? []), [game?.seats]);

  const submit = useSubmit({ id, token, gameRef, whileSending, moved, onStale: () => setStale(true), onEnded: () => void load(token) });

  useGameTitle(game);

  if (fatal) return <GameFatal message={fatal} />;
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
      void load(token);
    },
    seatName,
    rulesReady,
    loadRules,
  };
  return (
    <div class="game-page">
      <GameTopbar game={game} seat={seat} seatName={seatName} />
      <GameBanners game={game} token={token} stale={stale} notice={notice} dismiss={() => setNotice(null)} reload={props.reload} seatName={seatName} />
      {View ? (
        <View {...props} />
      ) : viewMissing ? (
        <main class="page narrow">
          <p>{game.summary}</p>
          <GameOverSlot game={game} seatName={seatName} token={token} reload={props.reload} />
          <h2>Log</h2>
          <Log entries={log} seatName={seatName} />
        </main>
      ) : (
        <p class="boot">Loading the board…</p>
      )}
    </div>
  );
}
