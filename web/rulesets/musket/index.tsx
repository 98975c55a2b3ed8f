/**
 * Musket (horse and musket, American War of Independence): the battlefield with its terrain,
 * roads and hilltops, the counters (SP, elite, leaders), and play by activations: pick a unit
 * (its reach and targets are previewed), activate it, then move on the lit hexes, aim at an
 * enemy to see the line of sight, the hit chance and the charge odds, and fire or charge; the
 * dice come back in a card. The other side's activations replay step by step.
 *
 * This file lays the page out; play.ts holds the selection and sending, highlights.ts what the
 * map lights, panels.tsx the decisions, results.tsx the dice and the replay's words.
 */
import "./musket.css";
import { useEffect, useMemo, useState } from "preact/hooks";
import { HexMap } from "../../components/HexMap";
import { deadlineText } from "../../components/Hud";
import { GameLayout } from "../../components/GameLayout";
import { GameOver } from "../../components/GameOver";
import { Confirm } from "../../components/Confirm";
import type { RulesetPageProps } from "../types";
import { chargeChance, commandPercent, fromPrintedId, inCommand, unitAt, unitById, type MusketAction, type MusketState } from "./engine";
import { S, centreOfHex, staticBoard, unitPieces } from "./board";
import { describeHex, pct, sideName } from "./labels";
import { useMusketPlay } from "./play";
import { useMusketPlayback } from "./playback";
import { highlights } from "./highlights";
import { ActionPanel, ActivatePanel, UnitFacts } from "./panels";
import { ReplayPanel, ResultCard } from "./results";
import { RulesCard } from "./rules";
import { GoalsCard } from "./goals";

export default function MusketView(props: RulesetPageProps<MusketState>) {
  const { game, seat } = props;
  const state = game.state;
  const myTurnNow = game.status === "active" && !!props.token && !!seat && game.toAct.includes(seat);
  const pb = useMusketPlayback(props, myTurnNow);
  const play = useMusketPlay(props, pb.playWhenLoaded);
  const { me, myTurn, busy, acting, focusUnit, answer, target } = play;
  const { frame, replaying, playback } = pb;
  const [confirm, setConfirm] = useState<{ title: string; body: string; yes: string; then: () => void } | null>(null);
  useEffect(() => {
    performance.mark?.("hexpost:board");
  }, []);

  const BOARD = useMemo(() => staticBoard(state.map), [game.id]);
  const shown = frame ? frame.after : state;
  const lit = highlights({ state, frame, myTurn: myTurn && !busy, me, acting, focus: focusUnit, answer, target });
  const pieces = unitPieces(shown, lit.unitCls);
  const sight = lit.sight;

  const onCell = (c: string) => {
    if (replaying || !myTurn || busy) return;
    play.setNote(null);
    play.setError(null);
    const h = fromPrintedId(c);
    const u = h ? unitAt(state, h) : undefined;
    if (!acting) return play.setPicked(u && u.id !== play.focus ? u.id : null);
    if (u && u.side !== me) return play.setAimed(u.id === target?.id ? null : u.id);
    play.setAimed(null);
    if (!u && answer && answer.moveTargets.length) play.setNote("That hex is out of reach this activation.");
  };

  const endTurn = () => {
    const left = state.units.filter((u) => u.side === me && !u.activated).length;
    const go = () => {
      setConfirm(null);
      play.send({ type: "end_turn" });
    };
    if (left === 0) return go();
    setConfirm({ title: "End your player turn?", body: `${left} of your units ${left === 1 ? "has" : "have"} not acted this turn; ${left === 1 ? "it" : "they"} will do nothing.`, yes: "End the player turn", then: go });
  };

  const strength = (side: 0 | 1) => shown.units.filter((u) => u.side === side).reduce((n, u) => n + u.sp, 0);
  const toMoveSide = state.activePlayer;
  const hud = [
    { label: "Turn", value: `${shown.turn} of ${shown.turnLimit}` },
    {
      label: "To move",
      value: game.status === "finished" ? "game over" : myTurn ? "You" : props.seatName(toMoveSide === 0 ? "blue" : "red"),
      cls: myTurn ? "you" : "",
    },
    { label: "SP", value: `${sideName(shown, 0)} ${strength(0)} · ${sideName(shown, 1)} ${strength(1)}`, title: "Strength points on the map" },
    { label: "Deadline", value: game.status === "finished" ? "—" : deadlineText(game.deadline) },
  ];

  const actingUnit = acting ? (unitById(state, acting) ?? null) : null;
  const fireAim = acting && target && answer ? answer.fireTargets.find((t) => t.unit === target.id) : undefined;
  const chargeAim = acting && target && answer ? answer.chargeTargets.find((t) => t.unit === target.id) : undefined;
  const canActivate = !acting && !!focusUnit && focusUnit.side === me && !focusUnit.activated;
  return (
    <GameLayout
      cls="musket"
      hud={hud}
      page={props}
      board={
        <>
          <HexMap
            cols={state.map.cols}
            rows={state.map.rows}
            size={S}
            label={`${state.scenario.name} battlefield${frame ? ", replay" : ""}. Arrow keys move the cursor, Enter selects, Escape cancels.`}
            board={BOARD}
            underlay={
              sight ? (
                <g class={`mk-los ${sight.clear ? "clear" : "blocked"}`}>
                  <line x1={centreOfHex(sight.from)[0]} y1={centreOfHex(sight.from)[1]} x2={centreOfHex(sight.to)[0]} y2={centreOfHex(sight.to)[1]} />
                </g>
              ) : undefined
            }
            marks={lit.marks}
            overlays={lit.overlays}
            pieces={pieces}
            arrows={lit.arrows}
            describe={(c) => describeHex(shown, c)}
            choices={!replaying && myTurn && !busy ? lit.choices : undefined}
            markPrefix="mk-"
            selected={lit.selected}
            onSelect={() => {}}
            onChoose={(c) => play.send(c.action as MusketAction)}
            onCell={onCell}
            onEscape={() => {
              play.setAimed(null);
              if (!acting) play.setPicked(null);
              if (replaying) playback.setAt(null);
            }}
            focus={lit.focusCell}
          />
          {frame && (
            <p class="mk-caption" aria-hidden="true">
              {frame.lines.find((l) => !/ends its activation$/.test(l)) ?? frame.lines[0]}
            </p>
          )}
          <p class="legend muted">
            <span class="mk-keys">
            <span class="key mk-k-woods" /> woods <span class="key mk-k-town" /> town <span class="key mk-k-hill" /> hilltop <span class="key mk-k-water" /> water{" "}
            <span class="key mk-k-road" /> road ·{" "}
            </span>
            <a href="#mk-rules" onClick={() => document.getElementById("mk-rules")?.setAttribute("open", "")}>
              rules in brief
            </a>
          </p>
        </>
      }
      side={
        <>
          {game.status === "finished" && (
            <GameOver game={game} seatName={props.seatName}>
              <p>
                Strength left on the map: {sideName(state, 0)} {strength(0)}, {sideName(state, 1)} {strength(1)}; {state.eliminated.length} units eliminated
                {state.exited.length ? `, ${state.exited.length} marched off` : ""}.
              </p>
            </GameOver>
          )}
          {replaying && pb.frames.length > 0 && <ReplayPanel frames={pb.frames} playback={playback} complete={pb.rebuilt?.complete ?? false} seatName={props.seatName} you={seat} />}
          {play.error && (
            <p class="error" role="alert">
              {play.error}
            </p>
          )}
          {!replaying && myTurn && (
            <section class="card act" aria-label="Your move">
              {actingUnit && answer ? (
                <ActionPanel state={state} unit={actingUnit} answer={answer} target={target} busy={busy} aim={play.setAimed} send={play.send} />
              ) : (
                <ActivatePanel state={state} me={me!} focus={focusUnit} answer={answer} busy={busy} pick={play.setPicked} send={play.send} />
              )}
              {play.note && <p class="muted">{play.note}</p>}
            </section>
          )}
          {myTurn && !replaying && (
            <div class="actionbar mk-bar" role="toolbar" aria-label="Turn controls">
              {acting ? (
                <>
                  <button type="button" disabled={busy} onClick={() => play.send({ type: "end_activation" })} aria-label={`End ${acting}'s activation`}>
                    {busy ? "Sending…" : "End activation"}
                  </button>
                  {fireAim && (
                    <button type="button" class="primary" disabled={busy} onClick={() => play.send({ type: "fire", target: fireAim.unit })} aria-label={`Fire at ${fireAim.unit} (${pct(fireAim.chance)})`}>
                      Fire {pct(fireAim.chance)}
                    </button>
                  )}
                  {chargeAim && (
                    <button type="button" class="primary charge" disabled={busy} onClick={() => play.send({ type: "charge", target: chargeAim.unit })} aria-label={`Charge ${chargeAim.unit} (${pct(chargeChance(chargeAim.attackerBase, chargeAim.defenderBase))} to win)`}>
                      Charge {pct(chargeChance(chargeAim.attackerBase, chargeAim.defenderBase))}
                    </button>
                  )}
                </>
              ) : (
                <>
                  <button type="button" class={canActivate ? "" : "primary"} disabled={busy} onClick={endTurn}>
                    {busy ? "Sending…" : "End player turn"}
                  </button>
                  {canActivate && focusUnit && (
                    <button type="button" class="primary" disabled={busy} onClick={() => play.send({ type: "activate", unit: focusUnit.id })} aria-label={`Activate ${focusUnit.id}`}>
                      Activate {focusUnit.id}
                      {inCommand(state, focusUnit) ? "" : ` (${commandPercent(state, focusUnit)}%)`}
                    </button>
                  )}
                </>
              )}
            </div>
          )}
          {!replaying && play.result && <ResultCard result={play.result} />}
          {!replaying && !myTurn && game.status === "active" && (
            <section class="card wait" aria-live="polite">
              <h2>{busy ? "Sending…" : seat ? "Waiting" : "Watching"}</h2>
              <p>
                {game.summary ?? ""} {seat ? "You will get an email when it is your move; this page also updates by itself." : ""}
              </p>
              {focusUnit && <UnitFacts state={state} unit={focusUnit} />}
            </section>
          )}
          {!replaying && pb.frames.length > 0 && <ReplayPanel frames={pb.frames} playback={playback} complete={pb.rebuilt?.complete ?? false} seatName={props.seatName} you={seat} />}
          <GoalsCard state={state} />
          <RulesCard />
        </>
      }
      overlay={
        confirm && (
          <Confirm title={confirm.title} yes={confirm.yes} onYes={confirm.then} onNo={() => setConfirm(null)}>
            <p>{confirm.body}</p>
          </Confirm>
        )
      }
    />
  );
}
