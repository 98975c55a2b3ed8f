/**
 * Battle for Moscow: the board, the HUD, and play. Every preview (reachable hexes, odds,
 * choices) comes from the bundled engine; actions are queued locally, can be undone until
 * sent, and go to the server as one batch (a die roll always ends a batch).
 *
 * This file lays the page out; the play itself lives in moscow-play.ts (queue, selection,
 * sending), moscow-map-taps.ts (what a tap means) and moscow-highlights.ts (what the map lights).
 */
import "./moscow.css";
import { useEffect, useMemo, useState } from "preact/hooks";
import { HexMap } from "../../components/HexMap";
import { deadlineText } from "../../components/Hud";
import { GameLayout } from "../../components/GameLayout";
import { Confirm } from "../../components/Confirm";
import { GameOver } from "../../components/GameOver";
import type { RulesetPageProps } from "../types";
import { hexLabel, isMud, LAST_TURN, MAP, phaseText, toAct, zocHexes, type MoscowState, type MoveAction } from "./engine";
import { S, cities, staticBoard, unitPieces } from "./board";
import { cell, hexesOf, movementChoices, placementChoices, unitCell, type PlaceAction } from "./cells";
import { describeHex, sideName, unitLabel } from "./labels";
import { useMoscowPlay } from "./play";
import { useReplayPlayback } from "./playback";
import { tapCell } from "./map-taps";
import { boardHighlights, frameFocus } from "./highlights";
import { ResultCard } from "./result-card";
import { SetupPanel } from "./setup-panel";
import { DeclarePanel, PendingPanel, ResolvePanel } from "./combat-panels";
import { ReplacementPanel } from "./replacement-panel";
import { ReplayPanel } from "./replay-panel";

const BOARD = staticBoard();

export default function MoscowView(props: RulesetPageProps<MoscowState>) {
  const { game, seat, token } = props;
  const play = useMoscowPlay(props);
  const { me, local, myTurn, phase, pending, occupied, queue, busy, error, result, confirm, setConfirm, sel, setSel, placed, setPlaced, draft, cur, setCur } = play;
  const { isSetup, isMove, isDeclare, isResolve, isRepl, movable, attacks, repl, setup, send, enqueue, undo, chooseOption, clearSel, endPhase } = play;
  const { rebuilt, unseen, playback, replaying, frame } = useReplayPlayback(game, props.log, props.start, seat);
  useEffect(() => {
    performance.mark?.("hexpost:board");
  }, []);

  const shown = frame ? frame.after : local;
  // map aids: printed hex ids, and the enemy's zones of control (yours when watching)
  const [showIds, setShowIds] = useState(false);
  const [showZoc, setShowZoc] = useState(false);
  const enemy = me === "german" ? "soviet" : "german";
  const zoc = useMemo(() => (showZoc ? zocHexes(shown, enemy).map(cell) : []), [showZoc, shown, enemy]);
  const { marks, arrows, unitCls } = boardHighlights(play, frame);
  const pieces = unitPieces(shown, (id) => unitCls[id] ?? "", isSetup ? placed : undefined);
  const describeCell = (c: string) => describeHex(c, shown, frame ? hexesOf(shown) : occupied);
  const onCell = (c: string) => {
    if (!replaying) tapCell(play, c);
  };
  // movement goes through the board: a unit's hex, then one of its destinations
  const acting = myTurn && !replaying && !play.busy;
  const moveChoices = isMove && acting ? movementChoices(local, movable) : undefined;
  // a unit picked in the replacement panel is placed by tapping a lit hex
  const placeChoices = isRepl && acting && sel && (repl.placeableUnits ?? []).includes(sel) ? placementChoices(sel, repl.validPlacementHexes ?? []) : undefined;

  // ---- panels ------------------------------------------------------------------------------
  const waitingFor = toAct(local);
  const hud = [
    { label: "Turn", value: phase.endsWith("setup") ? "setup" : `${local.turn} of ${LAST_TURN}` },
    { label: "Phase", value: phaseText(phase) },
    {
      label: "Weather",
      value: isMud(local.turn) ? "Mud" : "Dry",
      cls: isMud(local.turn) ? "mud" : "",
      title: isMud(local.turn) ? "Mud: units move one hex, attackers are halved" : "Mud on turns 3 and 4",
    },
    {
      label: "Replacements",
      value: `G ${local.germanReplacementUsed ? 0 : 1} · S ${local.sovietReplacementsRemaining}`,
      title: "Replacements left this turn: German, Soviet",
    },
    {
      label: "To move",
      value:
        game.status === "finished"
          ? "game over"
          : myTurn
            ? "You"
            : waitingFor.length
              ? waitingFor.map(props.seatName).join(", ")
              : "—",
      cls: myTurn ? "you" : "",
    },
    { label: "Deadline", value: game.status === "finished" ? "—" : deadlineText(game.deadline) },
  ];

  const moscowOwner = shown.cityControl.Moscow;
  return (
    <GameLayout
      cls="moscow"
      hud={hud}
      page={props}
      board={
        <>
          <HexMap
            cols={MAP.columns}
            rows={MAP.rows}
            size={S}
            label={`Battle for Moscow map${frame ? ", replay" : ""}. Arrow keys move the cursor, Enter selects, Escape cancels.`}
            board={BOARD}
            marks={marks}
            pieces={pieces}
            arrows={arrows}
            describe={describeCell}
            choices={moveChoices ?? placeChoices}
            selected={moveChoices && sel ? unitCell(local, sel) : null}
            onSelect={(c) => {
              if (moveChoices) setSel(c === null ? null : (occupied.get(c) ?? null));
            }}
            onChoose={(c) => {
              const a = c.action as MoveAction | PlaceAction;
              enqueue(a, a.type === "move" ? `${a.unitId} ${unitCell(local, a.unitId)} → ${hexLabel(a.to)}` : `${a.unitId} returns at ${hexLabel(a.hex)}`);
            }}
            onCell={onCell}
            onEscape={() => {
              clearSel();
              if (replaying) playback.setAt(null);
            }}
            focus={frame ? frameFocus(frame) : null}
            showIds={showIds}
            overlays={showZoc ? [{ cells: zoc, cls: "zoc" }] : undefined}
            underlay={cities(shown.cityControl)}
          />
          <p class="legend muted">
            <span class="key forest" /> forest <span class="key fort" /> fortification <span class="key river" /> river <span class="key rail" /> railway ·
            Moscow is <strong class={`owner-${moscowOwner}`}>{sideName(moscowOwner ?? "soviet")}</strong>
          </p>
          <p class="legend map-aids">
            <label>
              <input type="checkbox" checked={showIds} onChange={(e) => setShowIds((e.currentTarget as HTMLInputElement).checked)} /> hex numbers
            </label>{" "}
            <label>
              <input type="checkbox" checked={showZoc} onChange={(e) => setShowZoc((e.currentTarget as HTMLInputElement).checked)} /> {sideName(enemy)} zones of
              control
            </label>
          </p>
        </>
      }
      side={
        <>
          {game.status === "finished" && (
            <GameOver game={game} seatName={props.seatName}>
              <p>
                Moscow (1103) is held by the <strong>{sideName(moscowOwner ?? "soviet")}</strong> side after turn {local.turn}.
              </p>
              <p class="muted">
                Cities:{" "}
                {Object.entries(local.cityControl)
                  .map(([c, o]) => `${c} ${sideName(o)}`)
                  .join(", ")}
              </p>
            </GameOver>
          )}
          {unseen.length > 0 && (
            <ReplayPanel frames={unseen} playback={playback} complete={rebuilt?.complete ?? false} seatName={props.seatName} you={seat} />
          )}
          {result && <ResultCard result={result} />}
          {error && (
            <p class="error" role="alert">
              {error}
            </p>
          )}
          {!replaying && myTurn && (
            <section class="card act" aria-label="Your move">
              <h2>{pending ? "A choice is owed" : `Your move: ${phaseText(phase)}`}</h2>
              {isSetup && (
                <SetupPanel
                  units={setup.units ?? []}
                  hexes={(setup.setupHexes ?? []).map(cell)}
                  placed={placed}
                  setPlaced={setPlaced}
                  sel={sel}
                  setSel={setSel}
                  onConfirm={(placements) =>
                    enqueue({ type: "setup", placements }, `${sideName(me!)} setup (${placements.length} units)`)
                  }
                />
              )}
              {pending && <PendingPanel state={local} choose={chooseOption} />}
              {isMove && (
                <p class="hint">
                  {sel
                    ? `${unitLabel(sel)}: tap a lit hex to move there, or tap the unit again to put it down.`
                    : movable.size
                      ? `Tap one of your highlighted units (${movable.size} can move) to see where it can go.`
                      : "No unit can move any more: end the phase."}
                  {phase === "german_panzer_movement" && " Only panzers move in this phase."}
                  {phase === "soviet_rail_movement" && " Units that start on a railway move along it."}
                  {isMud(local.turn) && phase !== "soviet_rail_movement" && " Mud: one hex per unit."}
                </p>
              )}
              {isDeclare && attacks && (
                <DeclarePanel
                  state={local}
                  attacks={attacks}
                  draft={draft}
                  cur={cur}
                  setCur={setCur}
                  onAdd={play.addBattle}
                  onRemove={play.removeBattle}
                  onDeclare={play.declareBattles}
                />
              )}
              {isResolve && <ResolvePanel state={local} busy={busy} onResolve={(i) => send(queue, [{ type: "resolve_battle", battleIndex: i }])} />}
              {isRepl && (
                <ReplacementPanel
                  repl={repl}
                  sel={sel}
                  setSel={setSel}
                  state={local}
                  onRestore={(id) => enqueue({ type: "replacement", action: "restore", unitId: id }, `${id} restored`)}
                />
              )}
            </section>
          )}
          {!replaying && !myTurn && game.status === "active" && (
            <section class="card wait" aria-live="polite">
              <h2>{busy ? "Sending…" : seat ? "Waiting" : "Watching"}</h2>
              <p>
                {game.summary ?? phaseText(phase)}.{" "}
                {waitingFor.length ? `${waitingFor.map(props.seatName).join(", ")} to move.` : ""}
                {seat ? " You will get an email when it is your move; this page also updates by itself." : ""}
              </p>
            </section>
          )}
          {myTurn && !replaying && (
            <div class="actionbar" role="toolbar" aria-label="Turn controls">
              <button type="button" onClick={undo} disabled={!queue.length || busy} aria-label="Undo the last unsent action">
                Undo
              </button>
              <button type="button" onClick={() => send(queue)} disabled={!queue.length || busy} aria-label={`Send ${queue.length} queued actions`}>
                {busy ? "Sending…" : `Send (${queue.length})`}
              </button>
              <button
                type="button"
                class="primary"
                onClick={endPhase}
                disabled={busy || !!pending || (local.battlesDeclared && local.pendingBattles.some((b) => !b.resolved)) || isSetup}
                title={pending ? "Make the owed choice first" : local.battlesDeclared && local.pendingBattles.some((b) => !b.resolved) ? "Resolve every declared battle first" : ""}
              >
                End phase
              </button>
            </div>
          )}
          {queue.length > 0 && !replaying && (
            <section class="card queue" aria-label="Not sent yet">
              <h3>Not sent yet</h3>
              <ol>
                {queue.map((q, i) => (
                  <li key={i}>{q.label}</li>
                ))}
              </ol>
            </section>
          )}
        </>
      }
      overlay={confirm && (
        <Confirm title={confirm.title} yes={confirm.yes} onYes={confirm.then} onNo={() => setConfirm(null)}>
          {confirm.body.map((l, i) => (
            <p key={i}>{l}</p>
          ))}
        </Confirm>
      )}
    />
  );
}
