/**
 * The page every ruleset's game uses: the status strip, the board (with what goes under it)
 * and the side panel: the end of the game, the replay, what the last sending did, the viewer's
 * move (or whom the game waits for), the turn controls and the unsent actions, then the full
 * log and the game menu. On a phone the panel flows under the board, and the viewer's move is a
 * sheet at the foot of the screen with the map sized to what it leaves (styles.css, usePhoneSheet).
 * The ruleset fills in its words and its phase panels.
 */
import type { ComponentChildren } from "preact";
import { useEffect, useLayoutEffect, useRef, useState } from "preact/hooks";
import type { RulesetPageProps } from "../rulesets/types";
import { Confirm } from "./Confirm";
import { FullLog } from "./FullLog";
import { GameMenu } from "./GameMenu";
import { GameOverSlot } from "./GameOverSlot";
import { Hud, turnHud, type HudItem } from "./Hud";
import { GameBoard, type BoardView } from "./GameBoard";
import type { BoardPlay } from "./hexmap-choices";
import { ReplayCard, type ReplayWords } from "./ReplayCard";
import type { Replay } from "./useReplay";
import type { Turn } from "./useTurn";
import { useNarrow } from "./useNarrow";

export interface EndButton {
  label: string;
  onClick: () => void;
  disabled?: boolean;
  title?: string;
}

export function GameLayout(p: {
  /** The ruleset's class on <main> (its styles hang off it). */
  cls: string;
  /** The ruleset's items of the status strip; who is to move and the deadline follow. */
  hud: HudItem[];
  /** The page's props: the game, the log and the seat's token for the shared cards. */
  page: RulesetPageProps<any>;
  turn: Turn<any, any>;
  view: BoardView;
  play: BoardPlay<any>;
  replay: Replay<any>;
  /** The ruleset's words for the replay card. */
  replayWords: ReplayWords<any>;
  /** The ruleset's lines for the end of the game. */
  over: ComponentChildren;
  result: ComponentChildren;
  /** The viewer's move: its title and the phase's panel. */
  actTitle: string;
  act: ComponentChildren;
  /** Where the game stands, when it is not the viewer's move ("Round 3", "German movement"). */
  waiting: ComponentChildren;
  /** The viewer's seat is out of the game (it can only watch). */
  out?: boolean;
  end: EndButton;
  /** Show Undo, Send and the unsent actions (a ruleset that sends each action at once has none). */
  queued?: boolean;
  /** Drawn last in the panel (the players' table). */
  after?: ComponentChildren;
}) {
  const { game, seat, token, log, seatName, reload } = p.page;
  const { myTurn, busy, error, queue, confirm } = p.turn;
  const waitingFor = game.toAct.map(seatName).join(", ");
  const replaying = p.replay.replaying;
  const acting = myTurn && !replaying;
  // why a tap did nothing, until the next one
  const [note, setNote] = useState<string | null>(null);
  useEffect(() => {
    performance.mark?.("hexpost:board");
  }, []);
  useEffect(() => setNote(null), [game.seq, queue.length]);
  // a game that ends while the page is open (a resignation from the menu below, the last move)
  // brings its result into view
  const overRef = useRef<HTMLDivElement>(null);
  const wasActive = useRef(game.status === "active");
  useEffect(() => {
    if (game.status === "finished" && wasActive.current) overRef.current?.scrollIntoView({ block: "start" });
    wasActive.current = game.status === "active";
  }, [game.status]);
  const mainRef = useRef<HTMLElement>(null);
  const sheetRef = useRef<HTMLDivElement>(null);
  usePhoneSheet(mainRef, sheetRef, acting);
  // what happened comes first: on a phone above the map (within the first screen), beside it otherwise
  const phone = useNarrow();
  const replayCard = <ReplayCard replay={p.replay} seatName={seatName} you={seat} {...p.replayWords} />;
  return (
    <main class={`${p.cls}${acting ? " sheeted" : ""}`} ref={mainRef}>
      {/* during the replay the strip says who made the step on screen, as the step's panels do */}
      <Hud items={[...p.hud, ...turnHud(game, myTurn && !p.replay.frame, p.replay.frame ? `${seatName(p.replay.frame.seat)} (replay)` : waitingFor)]} />
      {phone && <div class="before-map">{replayCard}</div>}
      <div class="play">
        <div class="board-wrap">
          <GameBoard view={p.view} play={p.play} replay={p.replay} acting={acting && !busy} onNote={setNote} frameKey={`${game.seq}:${acting}:${p.actTitle}`} />
        </div>
        <aside class="side">
          <div ref={overRef}>
            {game.status === "finished" && (
              <GameOverSlot game={game} seatName={seatName} token={token} reload={reload}>
                {p.over}
              </GameOverSlot>
            )}
          </div>
          {error && !acting && (
            <p class="error" role="alert">
              {error}
            </p>
          )}
          {/* the decision first; on a phone it is a sheet at the foot of the screen, under the map it concerns */}
          {acting && (
            <div class="sheet" ref={sheetRef}>
              <div class="sheet-body">
                {error && (
                  <p class="error" role="alert">
                    {error}
                  </p>
                )}
                <section class="card act" aria-label="Your move">
                  <h2>{p.actTitle}</h2>
                  {p.act}
                  {note && <p class="muted note">{note}</p>}
                </section>
              </div>
              <div class="actionbar" role="toolbar" aria-label="Turn controls">
                {p.queued && (
                  <>
                    <button type="button" onClick={p.turn.undo} disabled={!queue.length || busy} aria-label="Undo the last unsent action">
                      Undo
                    </button>
                    <button type="button" onClick={() => p.turn.send(queue)} disabled={!queue.length || busy} aria-label={`Send ${queue.length} queued actions`}>
                      {busy ? "Sending…" : `Send (${queue.length})`}
                    </button>
                  </>
                )}
                <button type="button" class="primary" onClick={p.end.onClick} disabled={busy || p.end.disabled} title={p.end.title}>
                  {p.end.label}
                </button>
              </div>
            </div>
          )}
          {/* what your last sending did, until another player moves: then it is old news beside their replay (the computer's answer to it is not) */}
          {!resultOutdated(p.turn.result?.seq, p.replay.frames, seat) && p.result}
          {!phone && replayCard}
          {!replaying && !myTurn && game.status === "active" && (
            <section class="card wait" aria-live="polite">
              <h2>{busy ? "Sending…" : seat ? "Waiting" : "Watching"}</h2>
              <p>
                {p.waiting}. {waitingFor && `${waitingFor} to move.`}
                {seat && (p.out ? " You have been eliminated; you can keep watching." : " You will get an email when it is your move; this page also updates by itself.")}
              </p>
            </section>
          )}
          {p.queued && queue.length > 0 && !replaying && (
            <section class="card queue" aria-label="Not sent yet">
              <h3>Not sent yet</h3>
              <ol>
                {queue.map((q, i) => (
                  <li key={i}>{q.label}</li>
                ))}
              </ol>
            </section>
          )}
          {p.after}
          <FullLog log={log} seatName={seatName} />
          <GameMenu game={game} token={token} reload={reload} />
        </aside>
      </div>
      {confirm && (
        <Confirm title={confirm.title} yes={confirm.yes} onYes={confirm.then} onNo={() => p.turn.setConfirm(null)}>
          {confirm.body.map((l, i) => (
            <p key={i}>{l}</p>
          ))}
        </Confirm>
      )}
    </main>
  );
}

/**
 * On a phone (the sheet is fixed at the foot of the screen by styles.css), the map takes the
 * height the sheet leaves, so the decision and the map it concerns are on screen together,
 * and the page ends with room for the sheet so it covers nothing at the bottom.
 */
function usePhoneSheet(main: { current: HTMLElement | null }, sheet: { current: HTMLDivElement | null }, on: boolean) {
  useLayoutEffect(() => {
    const el = main.current;
    if (!el) return;
    const clear = () => {
      el.style.removeProperty("--sheet-h");
      el.style.removeProperty("--map-h");
    };
    if (!on || !sheet.current) return clear();
    const phone = window.matchMedia("(max-width: 600px)");
    const size = () => {
      const sh = sheet.current;
      const map = el.querySelector<HTMLElement>(".hexmap");
      if (!phone.matches || !sh || !map) return clear();
      const sheetH = sh.getBoundingClientRect().height;
      const bar = el.querySelector<HTMLElement>(".hexmap-bar")?.getBoundingClientRect().height ?? 0;
      // what happened, above the map, is read first and scrolled past: the map and the sheet then fill the screen together
      const before = el.querySelector<HTMLElement>(".before-map")?.getBoundingClientRect().height ?? 0;
      const top = map.getBoundingClientRect().top + window.scrollY - before;
      el.style.setProperty("--sheet-h", `${Math.ceil(sheetH)}px`);
      el.style.setProperty("--map-h", `${Math.max(200, Math.floor(window.innerHeight - top - bar - sheetH))}px`);
    };
    size();
    const ro = new ResizeObserver(size);
    ro.observe(sheet.current);
    window.addEventListener("resize", size);
    phone.addEventListener?.("change", size);
    return () => {
      ro.disconnect();
      window.removeEventListener("resize", size);
      phone.removeEventListener?.("change", size);
      clear();
    };
  }, [on]);
}

/** The last sending's card is outdated once another person has moved after it. */
function resultOutdated(seq: number | undefined, frames: readonly { seq: number; seat: string; bot: boolean }[], you: string | null): boolean {
  if (seq === undefined) return false;
  return frames.some((f) => f.seq > seq && !f.bot && f.seat !== you);
}
