/**
 * DiceWars (hexo): the board coloured by owner with each cell's strength and dice, select a
 * source then a target (the bundled engine's legal() lights the targets), every expand and
 * attack sent as its own request, "End turn"; the replay of everyone's turns since your last
 * move, one step a second as the seed's bots "think"; the players' panel; the end of the game.
 * The page itself is the shared GameLayout; this file gives it DiceWars' board and words.
 */
import { RulesCard } from "./rules";
import "./dicewars.css";
import { useMemo } from "preact/hooks";
import { GameLayout } from "../../components/GameLayout";
import { ResultCard } from "../../components/ResultCard";
import { useReplay } from "../../components/useReplay";
import type { RulesetPageProps } from "../types";
import { apply, cellAt, describe, largestGroup, type DiceWarsState } from "./engine";
import { S, cellId, cellPieces, gridOf, ownerLayer, staticBoard } from "./board";
import { describeCell, plural } from "./labels";
import { actionOf, useDiceWarsPlay } from "./play";
import { boardHighlights } from "./highlights";
import { SourcePanel } from "./source-panel";
import { PlayersPanel } from "./players-panel";
import { Rolls } from "./rolls";
import { DiceWarsLegend } from "./legend";

const ENGINE = { apply, describe };
const isMove = (type: unknown) => type === "expand" || type === "attack";

export default function DiceWarsView(props: RulesetPageProps<DiceWarsState>) {
  const { game } = props;
  const N = game.state.size;
  // the other players' turns that come back with an end of turn play once the log brings them
  const play = useDiceWarsPlay(props);
  const { turn, me, sel, targets } = play;
  const { myTurn, result } = turn;
  // the position with the expansions queued on this page and not sent yet
  const state = turn.local;
  const replay = useReplay(ENGINE, props, { stepMs: 1000, fastMs: 250, leaveAtEnd: true });
  const { frame, replaying } = replay;

  const grid = useMemo(() => gridOf(N), [N]);
  const BOARD = useMemo(() => staticBoard(state), [game.id, N]);
  const shown = frame?.after ?? state;
  const selMoves = sel !== null ? (targets.get(sel) ?? []) : [];
  const { marks, arrows, labels } = boardHighlights(N, frame?.events ?? null, myTurn && !frame ? selMoves : []);
  // your own part of an end of turn: the other players' turns are in the replay
  const attack = result?.own.events.find((e) => e.kind === "attack");

  return (
    <GameLayout
      cls="dicewars"
      queued
      hud={[{ label: "Round", value: String(shown.round) }, { label: "Map", value: `${N}×${N}` }]}
      page={props}
      turn={turn}
      view={{
        name: `DiceWars board, ${N} by ${N}`,
        cols: grid.cols,
        rows: grid.rows,
        size: S,
        board: BOARD,
        underlay: ownerLayer(N, shown, state.players.length),
        marks,
        pieces: cellPieces(N, shown, () => "", (i) => labels.get(i) ?? null),
        arrows,
        describe: (id) => describeCell(id, { shown, me, replaying, sel, targets }),
        markPrefix: "dw-",
        // the log and the mail name cells by these ids
        numbered: true,
        // the board is a rhombus in its grid: the view fits the rhombus
        bounds: [0, N - 1, N * (N - 1), N * N - 1].map((i) => cellId(N, i)),
        legend: <DiceWarsLegend state={state} replayLine={frame ? (frame.lines[0] ?? "") : null} />,
      }}
      play={play.board}
      over={<p>The game ended in round {state.outcome?.reason === "round_limit" ? state.round - 1 : state.round}; the players' panel shows the final position.</p>}
      replay={replay}
      replayWords={{
        summary: (who, frames) => {
          const ends = frames.filter((f) => f.action.type === "end_turn").length;
          const turns = ends + (frames.at(-1)?.action.type === "end_turn" ? 0 : 1);
          // counted as the replay counts its steps: every move and every end of turn is one
          return `${who}: ${plural(frames.length, "step")}, ${plural(frames.filter((f) => isMove(f.action.type)).length, "move")} and ${plural(ends, "end")} of turn in ${plural(turns, "turn")}.`;
        },
        step: (f, i, frames) => {
          // the step's place in its seat's turn
          let first = i;
          while (first > 0 && frames[first - 1]!.seat === f.seat && frames[first - 1]!.action.type !== "end_turn") first--;
          return `round ${f.before.round}${f.action.type === "end_turn" ? ", end of turn" : `, move ${i - first + 1}`}`;
        },
        extra: (f) => {
          const e = f.events.find((x) => x.kind === "attack");
          return e && <Rolls e={e} />;
        },
        fastAndProgress: true,
        stepThrough: true,
      }}
      result={
        result &&
        !replaying && (
          <ResultCard lines={result.own.lines} note={result.othersMoved && me >= 0 ? "The other players' turns came back with it: see the replay." : null}>
            {attack && <Rolls e={attack} />}
          </ResultCard>
        )
      }
      actTitle={`Your move, round ${state.round}`}
      act={
        <>
          {sel === null ? (
            <p class="hint">
              {targets.size
                ? `Tap one of your lit cells (${targets.size} can move), then a lit target: an empty cell to expand into, an enemy cell to attack. An expansion waits in the queue (undo it there); an attack sends it with the queue.`
                : "None of your cells can move (each needs strength 2 and an empty or enemy neighbour): end your turn."}
            </p>
          ) : (
            <SourcePanel cell={cellAt(N, sel)} strength={state.strength[sel]!} moves={selMoves} busy={turn.busy} onMove={(m) => play.send(actionOf(m))} onCancel={play.board.clear} />
          )}
          <p class="muted small">
            Ending your turn gives you {plural(largestGroup(N, state.owner, me), "die", "dice")} of supply (your largest connected territory), spread at random over your cells.
          </p>
        </>
      }
      waiting={`Round ${state.round}`}
      out={me >= 0 && state.players[me]?.eliminated}
      end={{ label: turn.sending === "end_turn" ? "Ending the turn…" : turn.busy ? "Sending…" : "End turn", onClick: () => play.send({ type: "end_turn" }) }}
      after={
        <>
          <PlayersPanel state={shown} me={me} seatName={props.seatName} over={game.status === "finished"} />
          <RulesCard />
        </>
      }
    />
  );
}
