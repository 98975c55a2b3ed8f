/**
 * The page every ruleset's game uses: the status strip, the board (with what goes under it)
 * and the side panel: the end of the game, the replay, what the last sending did, the viewer's
 * move (or whom the game waits for), the turn controls and the unsent actions, then the full
 * log and the game menu. On a phone the panel flows under the board, and the viewer's move is a
 * sheet at the foot of the screen with the map sized to what it leaves (styles.css, usePhoneSheet).
 * The ruleset fills in its words and its phase panels.
 */
import type { ComponentChildren } from "preact";
import { useEffect, useRef, useState } from "preact/hooks";
import type { RulesetPageProps } from "../rulesets/types";
import { ActSheet, type EndButton } from "./ActSheet";
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
import { usePhoneSheet } from "./usePhoneSheet";
import { QueueCard } from "./QueueCard";
import { WaitCard } from "./WaitCard";

export type { EndButton };

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
          <GameBoard view={p.view} play={p.play} replay={p.replay} acting={acting && !busy} onNote={setNote} frameKey={`${game.seq}:${acting}:${p.actTitle}`} rules={{ ready: p.page.rulesReady, load: p.page.loadRules, lit: game.lit }} />
        </div>
        <aside class="side">
          <div ref={overRef}>
            <GameOverSlot game={game} seatName={seatName} token={token} reload={reload}>
              {p.over}
            </GameOverSlot>
          </div>
          {error && !acting && (
            <p class="error" role="alert">
              {error}
            </p>
          )}
          {/* the decision first; on a phone it is a sheet at the foot of the screen, under the map it concerns */}
          {acting && <ActSheet sheetRef={sheetRef} turn={p.turn} title={p.actTitle} act={p.act} note={note} queued={p.queued} end={p.end} />}
          {/* what your last sending did, until another player moves: then it is old news beside their replay (the computer's answer to it is not) */}
          {!resultOutdated(p.turn.result?.seq, p.replay.frames, seat) && p.result}
          {!phone && replayCard}
          {!replaying && !myTurn && game.status === "active" && <WaitCard busy={busy} seat={seat} waiting={p.waiting} waitingFor={waitingFor} out={p.out} />}
          {p.queued && queue.length > 0 && !replaying && <QueueCard queue={queue} />}
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

/** The last sending's card is outdated once another person has moved after it. */
function resultOutdated(seq: number | undefined, frames: readonly { seq: number; seat: string; bot: boolean }[], you: string | null): boolean {
  if (seq === undefined) return false;
  return frames.some((f) => f.seq > seq && !f.bot && f.seat !== you);
}
