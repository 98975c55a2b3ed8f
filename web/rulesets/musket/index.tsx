/**
 * Musket (horse and musket, American War of Independence): the battlefield with its terrain,
 * roads and hilltops, the counters (SP, elite, leaders), and play by activations: pick a unit
 * (its reach and targets are previewed), activate it, then move on the lit hexes, aim at an
 * enemy to see the line of sight, the hit chance and the charge odds, and fire or charge; the
 * dice come back in a card. The other side's activations replay step by step.
 * The page itself is the shared GameLayout; this file gives it musket's board and words
 * (play.ts: selection and sending; highlights.ts: what the map lights; activate-panel.tsx and
 * panels.tsx: the decisions; engine-rules.ts: what loads at the viewer's first touch).
 */
import "./musket.css";
import { useMemo } from "preact/hooks";
import { GameLayout } from "../../components/GameLayout";
import { ResultCard } from "../../components/ResultCard";
import { hexPoints } from "../../components/HexMap";
import { apply, describe, fromPrintedId, mpLeft, unitAt, unitById, type EngineRules, type MusketState } from "./engine";
import { rulesPart, type ActingRules } from "./acting";
import { rules } from "./rules-slot";
import { PIECE, S, boardHexes, cellOf, centreOfHex, staticBoard, unitPieces } from "./board";
import type { Piece } from "../../components/HexMap";
import type { SightLine } from "./sight";
import { describeHex, sideName } from "./labels";
import { ActivatePanel } from "./activate-panel";
import { useMusketPlay } from "./play";
import { highlights } from "./highlights";
import { REPLAY_WORDS } from "./results";
import { MusketLegend } from "./legend";
import { RulesCard } from "./rules";
import { GoalsCard } from "./goals";
import { useReplay } from "../../components/useReplay";
import type { RulesetPageProps } from "../types";

// the one file that imports the rules: the page's wrappers (engine.ts, acting.ts) are what they import
rules.from((): Promise<EngineRules & ActingRules> => import("./engine-rules"));
export { rules };
const ENGINE = { apply, describe };
const ROLLS = ["terrain_check", "fired", "charged", "morale", "leader_casualty", "eliminated", "exited", "game_over"];

/** A card for what rolled or ended something; a plain move or an activation in command needs none (the panel stays high on a phone). */
const worthACard = (type: string | undefined, events: readonly { kind: string; inCommand?: unknown }[]) =>
  type === "end_turn" || events.some((e) => ROLLS.includes(e.kind) || (e.kind === "activated" && e.inCommand === false));

/**
 * The line of sight over the marks and under the counters: drawn as the first piece, anchored on
 * a hex no unit stands on (a piece sharing a unit's hex would stack with it).
 */
function sightPiece(state: MusketState, sight: SightLine, taken: ReadonlySet<string>): Piece[] {
  const anchor = boardHexes(state.map).find((h) => !unitAt(state, h) && !taken.has(cellOf(h)));
  if (!anchor) return [];
  const [ax, ay] = centreOfHex(anchor);
  const [x1, y1] = centreOfHex(sight.from);
  const [x2, y2] = centreOfHex(sight.to);
  const piece = {
    cell: cellOf(anchor),
    key: "line-of-sight",
    node: (
      <g class={`mk-los ${sight.clear ? "clear" : "blocked"}`}>
        {["casing", "sight"].map((k) => (
          <line key={k} class={k} x1={x1 - ax} y1={y1 - ay} x2={x2 - ax} y2={y2 - ay} />
        ))}
      </g>
    ),
  };
  return [piece];
}

/** A side's strength points left on the map. */
const strength = (s: MusketState, side: 0 | 1) => s.units.filter((u) => u.side === side).reduce((n, u) => n + u.sp, 0);

export default function MusketView(props: RulesetPageProps<MusketState>) {
  const { game } = props;
  const play = useMusketPlay(props);
  const { turn, me, state, acting, focusUnit, answer, target } = play;
  const { myTurn, result, busy } = turn;
  const replay = useReplay(ENGINE, props, { stepMs: 1400, fastMs: 450, leaveAtEnd: true });
  const { frame, replaying } = replay;

  const BOARD = useMemo(() => staticBoard(state.map), [game.id]);
  const shown = frame ? frame.after : state;
  const lit = highlights({ state, frame, myTurn: myTurn && !busy, me, acting, focus: focusUnit, answer, target });
  const sight = lit.sight;
  const centre = (cell: string) => centreOfHex(fromPrintedId(cell)!);
  // a unit with more than one MP shows what each hex of its reach costs (and which need the road)
  const costs: Piece[] =
    acting && answer && !frame && answer.moveTargets.some((m) => m.cost > 1 || m.usesRoad)
      ? answer.moveTargets.map((m) => ({
          cell: cellOf(m.hex),
          key: `cost-${cellOf(m.hex)}`,
          node: (
            <text class="mk-cost" y={S * 0.62}>
              {m.cost} MP{m.usesRoad ? " road" : ""}
            </text>
          ),
        }))
      : [];

  const endTurn = () => {
    const left = state.units.filter((u) => u.side === me && !u.activated).length;
    const go = () => {
      turn.setConfirm(null);
      play.send({ type: "end_turn" });
    };
    if (left === 0) return go();
    turn.setConfirm({
      title: "End your player turn?",
      body: [`${left} of your units ${left === 1 ? "has" : "have"} not acted this turn; ${left === 1 ? "it" : "they"} will do nothing.`],
      yes: "End the player turn",
      then: go,
    });
  };

  const actingUnit = acting ? (unitById(state, acting) ?? null) : null;
  // the acting unit's panel and a roll's dice come with the rules (until then the sheet has its title)
  const withRules = props.rulesReady ? rulesPart() : null;

  return (
    <GameLayout
      cls="musket"
      queued
      hud={[
        { label: "Turn", value: `${shown.turn} of ${shown.turnLimit}` },
        { label: "SP", value: `${sideName(shown, 0)} ${strength(shown, 0)} · ${sideName(shown, 1)} ${strength(shown, 1)}`, title: "Strength points on the map" },
      ]}
      page={props}
      turn={turn}
      view={{
        name: `${state.scenario.name} battlefield`,
        cols: state.map.cols,
        rows: state.map.rows,
        size: S,
        pieceSize: PIECE,
        board: BOARD,
        underlay: (
          <g class="mk-under">
            {lit.reach.map((c) => {
              const [x, y] = centre(c);
              return <polygon key={c} class="mk-reach" points={hexPoints(x, y, S * 0.94)} />;
            })}
          </g>
        ),
        marks: lit.marks,
        pieces: [...(sight ? sightPiece(state, sight, new Set(costs.map((c) => c.cell))) : []), ...costs, ...unitPieces(shown, lit.unitCls)],
        arrows: lit.arrows,
        describe: (c) => describeHex(shown, c),
        markPrefix: "mk-",
        // the log and the mail name hexes by these ids
        numbered: true,
        legend: <MusketLegend replayLines={frame ? frame.lines : null} />,
      }}
      play={play.board}
      over={
        <p>
          Strength left on the map: {sideName(state, 0)} {strength(state, 0)}, {sideName(state, 1)} {strength(state, 1)}; {state.eliminated.length} units eliminated
          {state.exited.length ? `, ${state.exited.length} marched off` : ""}.
        </p>
      }
      replay={replay}
      replayWords={REPLAY_WORDS}
      result={
        result &&
        !replaying &&
        worthACard(result.actions[0]?.type, result.events) && (
          // your own part of an end of turn: the computer's activations are in the replay
          <ResultCard lines={result.own.lines} note={result.othersMoved ? "The other side's activations came back with it: see the replay." : null}>
            {withRules && <withRules.Rolls events={result.own.events} />}
          </ResultCard>
        )
      }
      actTitle={actingUnit ? `${actingUnit.id} acts · ${mpLeft(actingUnit)} MP left${actingUnit.fired ? " · has fired" : ""}` : `Turn ${state.turn} of ${state.turnLimit}: activate a unit`}
      act={
        actingUnit ? (
          withRules && answer && <withRules.ActionPanel state={state} unit={actingUnit} answer={answer} target={target} busy={busy} aim={play.setAimed} send={play.send} />
        ) : (
          <ActivatePanel state={state} me={me!} focus={focusUnit} answer={answer} busy={busy} pick={play.setPicked} send={play.send} />
        )
      }
      waiting={game.summary ?? `Turn ${state.turn}`}
      end={
        acting
          ? { label: turn.busy ? "Sending…" : `End ${acting}'s activation`, onClick: () => play.send({ type: "end_activation" }) }
          : { label: turn.busy ? "Sending…" : "End player turn", onClick: endTurn }
      }
      after={
        <>
          <GoalsCard state={state} />
          <RulesCard />
        </>
      }
    />
  );
}
