/**
 * DiceWars (hexo): the board coloured by owner with each cell's strength and dice, select a
 * source then a target (the bundled engine's legal() lights the targets), every expand and
 * attack sent as its own request (an attack rolls, so it always ends its batch), "End turn";
 * the replay of everyone's turns since your last move, one step a second as the seed's bots
 * "think"; the players' panel; the end of the game.
 *
 * This file lays the page out; the play itself lives in dicewars-play.ts (selection, sending,
 * what a tap means), dicewars-playback.ts (the replay on screen) and dicewars-highlights.ts
 * (what the map lights).
 */
import "./dicewars.css";
import { useEffect, useMemo } from "preact/hooks";
import { HexMap } from "../../components/HexMap";
import { deadlineText } from "../../components/Hud";
import { GameLayout } from "../../components/GameLayout";
import { GameOver } from "../../components/GameOver";
import type { RulesetPageProps } from "../types";
import { cellAt, largestGroup, type DiceWarsAction, type DiceWarsState } from "./engine";
import { S, cellId, cellPieces, gridOf, ownerLayer, staticBoard } from "./board";
import { boardOf, stateWith, type Board } from "./replay";
import { describeCell, plural, seatLabel } from "./labels";
import { useDiceWarsPlay, viewerOf } from "./play";
import { useDiceWarsPlayback } from "./playback";
import { boardHighlights } from "./highlights";
import { ResultCard } from "./result-card";
import { SourcePanel } from "./source-panel";
import { PlayersPanel } from "./players-panel";
import { ReplayPanel } from "./replay-panel";

export default function DiceWarsView(props: RulesetPageProps<DiceWarsState>) {
  const { game, seat, token } = props;
  const state = game.state;
  const N = state.size;
  const nPlayers = state.players.length;
  const { me, myTurn } = viewerOf(props);
  const playback = useDiceWarsPlayback(props, myTurn);
  const { replay, steps, replaying, step } = playback;
  const { sel, clearSel, busy, error, note, result, targets, choices, send, move, select, tapOther } = useDiceWarsPlay(props, { me, myTurn }, playback.playWhenLoaded);
  useEffect(() => {
    performance.mark?.("hexpost:board");
  }, []);

  const grid = useMemo(() => gridOf(N), [N]);
  const BOARD = useMemo(() => staticBoard(state), [game.id, N]);

  const shownBoard: Board = step?.after ?? boardOf(state);
  const shown = step?.after ? stateWith(state, step.after) : state;
  const { marks, arrows, labels, focus } = boardHighlights({ size: N, step, myTurn, sel, targets });
  const pieces = cellPieces(N, shownBoard, () => "", (i) => labels.get(i) ?? null);
  const choosing = myTurn && !replaying && !busy;

  // ---- panels --------------------------------------------------------------------------------
  const toMove = state.phase === "play" ? state.current : -1;
  const hud = [
    { label: "Round", value: String(shown.round) },
    {
      label: "To move",
      value: game.status === "finished" ? "game over" : myTurn ? "You" : toMove >= 0 ? props.seatName(state.players[toMove]!.seat) : "—",
      cls: myTurn ? "you" : "",
    },
    { label: "Map", value: `${N}×${N}` },
    { label: "Deadline", value: game.status === "finished" ? "—" : deadlineText(game.deadline) },
  ];
  const selMoves = sel !== null ? (targets.get(sel) ?? []) : [];

  return (
    <GameLayout
      cls="dicewars"
      hud={hud}
      page={props}
      board={
        <>
          <HexMap
            cols={grid.cols}
            rows={grid.rows}
            size={S}
            label={`DiceWars board, ${N} by ${N}${step ? ", replay" : ""}. Arrow keys move the cursor, Enter selects, Escape cancels.`}
            board={BOARD}
            underlay={ownerLayer(N, shownBoard, nPlayers)}
            marks={marks}
            pieces={pieces}
            arrows={arrows}
            describe={(id) => describeCell(id, { shown, board: shownBoard, me, step, sel, targets })}
            choices={choosing ? choices : undefined}
            markPrefix="dw-"
            selected={sel === null ? null : cellId(N, sel)}
            onSelect={select}
            onChoose={(c) => send(c.action as DiceWarsAction)}
            onCell={(id) => {
              if (!replaying) tapOther(id);
            }}
            onEscape={() => {
              clearSel();
              if (replaying) playback.leave();
            }}
            focus={focus}
          />
          {step && (
            <p class="dw-caption" aria-hidden="true">
              {step.lines[0]}
            </p>
          )}
          <p class="legend muted">
            {state.players.map((p, i) => (
              <span key={p.seat} class="dw-key">
                <span class={`swatch p${i}`} /> {seatLabel(i)}
              </span>
            ))}
            <span class="dw-key">
              <span class="swatch empty" /> empty
            </span>
            <span class="dw-key">
              <span class="swatch blocked" /> blocked
            </span>
            · number = strength, squares = dice
          </p>
        </>
      }
      side={
        <>
          {game.status === "finished" && (
            <GameOver game={game} seatName={props.seatName}>
              <p>The game ended in round {state.outcome?.reason === "round_limit" ? state.round - 1 : state.round}; the players' panel shows the final position.</p>
            </GameOver>
          )}
          {steps.length > 0 && (
            <ReplayPanel steps={steps} playback={playback.playback} complete={replay?.complete ?? false} seatName={props.seatName} you={seat} />
          )}
          {result && !replaying && <ResultCard result={result} me={me} />}
          {error && (
            <p class="error" role="alert">
              {error}
            </p>
          )}
          {!replaying && myTurn && (
            <section class="card act" aria-label="Your move">
              <h2>Your move, round {state.round}</h2>
              {sel === null ? (
                <p class="hint">
                  {targets.size
                    ? `Tap one of your lit cells (${targets.size} can move), then a lit target: an empty cell to expand into, an enemy cell to attack. Each move is sent at once.`
                    : "None of your cells can move (each needs strength 2 and an empty or enemy neighbour): end your turn."}
                </p>
              ) : (
                <SourcePanel cell={cellAt(N, sel)} strength={state.strength[sel]!} moves={selMoves} busy={!!busy} onMove={move} onCancel={clearSel} />
              )}
              {note && <p class="muted">{note}</p>}
              <p class="muted small">
                Ending your turn gives you {plural(largestGroup(N, state.owner, me), "die", "dice")} of supply (your largest connected territory), spread at random over your cells.
              </p>
            </section>
          )}
          {!replaying && !myTurn && game.status === "active" && (
            <section class="card wait" aria-live="polite">
              <h2>{busy ? "Sending…" : seat ? "Waiting" : "Watching"}</h2>
              <p>
                Round {state.round}: {toMove >= 0 ? props.seatName(state.players[toMove]!.seat) : "nobody"} to move.
                {seat && me >= 0 && state.players[me]?.eliminated ? " You have been eliminated; you can keep watching." : ""}
                {seat && me >= 0 && !state.players[me]?.eliminated ? " You will get an email when it is your move; this page also updates by itself." : ""}
              </p>
            </section>
          )}
          {myTurn && !replaying && (
            <div class="actionbar" role="toolbar" aria-label="Turn controls">
              <button type="button" class="primary" onClick={() => send({ type: "end_turn" })} disabled={!!busy}>
                {busy === "end_turn" ? "Ending the turn…" : busy ? "Sending…" : "End turn"}
              </button>
            </div>
          )}
          <PlayersPanel state={shown} board={shownBoard} me={me} seatName={props.seatName} over={game.status === "finished"} />
        </>
      }
    />
  );
}
