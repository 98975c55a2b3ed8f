/**
 * WarShard: the board (terrain, victory-point hexes, counters), the phase in hand (moves;
 * attacks and support with the odds each would give; the defender's support when it is owed;
 * the dice; retreats, advances and replacements), the combat results table with the current
 * Fight's column lit, the rules in brief, and the replay of what the other side did. The page
 * itself is the shared GameLayout; this file gives it WarShard's board and words.
 */
import "./warshard.css";
import { useMemo, useState } from "preact/hooks";
import { GameLayout } from "../../components/GameLayout";
import { LaterCard } from "../../components/LaterCard";
import { ResultCard } from "../../components/ResultCard";
import { useReplay } from "../../components/useReplay";
import type { RulesetPageProps } from "../types";
import type { HudItem } from "../../components/Hud";
import { apply, describe, fightsInfo, summary, otherSide, printedId, victoryPoints, type EngineRules, type WarshardState } from "./engine";
import { rulesPart, unitOdds, type ActingRules } from "./acting";
import { rules } from "./rules-slot";
import { PIECE, S, hexPathOf, staticBoard, unitPieces, vpLayer } from "./board";
import { useWarshardPlay, END_ACTION } from "./play";
import { boardHighlights } from "./highlights";
import { describeHex, PHASE_TITLE, sideName } from "./labels";
import { CrtCard } from "./crt-card";
import { FightsList } from "./fights-list";
import { WarshardLegend } from "./legend";
import { mapAids } from "./map-aids";
import { FightRolls } from "./rolls";
import { REPLAY_WORDS } from "./replay-words";
import { promptText } from "./prompt";
import { rulesTables } from "./rules-data";

// the one file that imports the rules: the page's wrappers (engine.ts, acting.ts) are what they import
rules.from((): Promise<EngineRules & ActingRules> => import("./engine-rules"));
export { rules };
const ENGINE = { apply, describe };

const PHASE_HINT: Record<string, string> = {
  movement: "Tap one of your lit units, then a lit hex to move it there. A unit stops on entering a hex next to an enemy.",
  attack: "Tap one of your lit melee units, then a lit enemy hex to attack it; each target shows the odds column it would give.",
  support: "Tap a lit artillery or air wing, then a lit fight within its range to add its Power to the attack.",
  defense: "The enemy has attacked. Tap a lit artillery or air wing, then a lit fight to add its Power to the defence.",
};

/** The status strip's turn, side, phase and victory points. */
function hudItems(shown: WarshardState, vp: Record<string, number>): HudItem[] {
  return [
    { label: "Turn", value: `${shown.turn} of ${shown.turnLimit}` },
    { label: "Side", value: sideName(shown.activeSide), cls: `s${shown.sides.indexOf(shown.activeSide)}` },
    { label: "Phase", value: PHASE_TITLE[shown.phase] ?? shown.phase },
    { label: "VP", value: shown.sides.map((s) => `${sideName(s).slice(0, 3)} ${vp[s] ?? 0}`).join(" · "), title: "Victory points held now" },
  ];
}

export default function WarshardView(props: RulesetPageProps<WarshardState>) {
  const { game } = props;
  const play = useWarshardPlay(props);
  const { turn, me, local, myTurn, phase, pending, choices, fights, selUnit, selUnits } = play;
  const { result, busy } = turn;
  const replay = useReplay(ENGINE, props, { stepMs: 1100 });
  // what of the page only works with the rules (the choices' panels, the odds tags) comes with them
  const lazy = props.rulesReady ? rulesPart() : null;
  const { frame, replaying } = replay;
  const BOARD = useMemo(() => staticBoard(game.state), [game.id]);
  const [crtFight, setCrtFight] = useState<number | null>(null);

  const shown = frame ? frame.after : local;
  const viewer = me && shown.sides.includes(me) ? me : shown.activeSide;
  const enemy = otherSide(shown, viewer);
  const { marks, arrows, fightCells } = boardHighlights(shown, frame);
  const acting = myTurn && !replaying && !busy;
  const allocating = phase === "attack" || phase === "support" || phase === "defense";

  // the odds each of the selected unit's allocations would give: once a render, for the map, the prompt and the panel
  const odds = useMemo(() => unitOdds(local, selUnit, choices), [local, selUnit, choices, props.rulesReady]);
  // the odds each lit target would give, printed under it while a unit is selected
  const tags = acting && selUnit && allocating ? lazy?.oddsTags(odds) : null;

  // the CRT lights the Fight that matters now: the replayed roll, the last roll, or the Fight in hand
  const rolled = (frame?.events ?? (replaying ? [] : result?.own.events) ?? []).filter((e) => e.kind === "fight_resolved");
  const liveFights = frame ? fightsInfo(shown) : fights;
  const inHand = liveFights[crtFight ?? liveFights.length - 1];

  const vp = victoryPoints(shown);
  const end = END_ACTION[phase];
  const waitingFor = game.toAct.map(props.seatName).join(", ");
  const prompt = frame
    ? (frame.lines.at(-1) ?? "")
    : promptText({ state: local, myTurn: myTurn && !replaying, busy, selUnit, fights, odds, waitingFor: waitingFor || "the other side" });

  return (
    <GameLayout
      cls="warshard"
      hud={hudItems(shown, vp)}
      page={props}
      turn={turn}
      view={{
        name: "WarShard map",
        cols: shown.map.cols,
        rows: shown.map.rows,
        size: S,
        pieceSize: PIECE,
        board: BOARD,
        underlay: (
          <g>
            {vpLayer(shown)}
            <path class="ws-fight-hexes" d={fightCells.map((c) => hexPathOf(c)).join("")} />
            {tags}
          </g>
        ),
        marks,
        pieces: unitPieces(shown, (u) => (u.allocated ? "allocated" : "")),
        arrows,
        describe: (c) => describeHex(shown, c),
        markPrefix: "ws-",
        legend: <WarshardLegend prompt={prompt} replaying={!!frame} acting={acting} sides={shown.sides} />,
        numbered: true,
        aids: mapAids(shown, viewer, enemy),
      }}
      play={play.board}
      over={<p>Victory points: {shown.sides.map((s) => `${sideName(s)} ${vp[s] ?? 0}`).join(", ")}.</p>}
      replay={replay}
      replayWords={REPLAY_WORDS}
      result={
        result &&
        !replaying && (
          // your own part of what the last sending did: the other side's player-turn (the computer's) is in the replay
          <ResultCard lines={result.own.lines} note={result.othersMoved ? "The other side's player-turn came back with it: see the replay." : null}>
            <FightRolls events={result.own.events} />
          </ResultCard>
        )
      }
      actTitle={pending ? (pending.kind === "retreat" ? "Choose a retreat" : pending.kind === "advance" ? "Advance?" : "Place a replacement") : `Your move: ${(PHASE_TITLE[phase] ?? phase).toLowerCase()}`}
      act={
        <>
          {pending && lazy && <lazy.PendingPanel state={local} choices={choices} onChoose={play.act} />}
          {!pending && selUnit && lazy && (
            <lazy.UnitChoices state={local} unit={selUnit} stack={selUnits} choices={choices} odds={odds} onPick={play.setPicked} onChoose={play.act} onCancel={play.clearSel} />
          )}
          {!pending && !selUnit && (
            <p class="hint">
              {PHASE_HINT[phase]} {props.rulesReady && choices.length <= 1 ? "Nothing is left to do in this phase: end it." : ""}
            </p>
          )}
          {!pending && allocating && fights.length > 0 && <FightsList state={local} fights={fights} inHand={inHand} onShow={setCrtFight} />}
        </>
      }
      waiting={
        <>
          {summary(local).line}
          {allocating && fights.length > 0 && <FightsList state={local} fights={fights} inHand={inHand} />}
        </>
      }
      end={
        end && !pending
          ? { label: turn.busy ? "Sending…" : end.label, onClick: play.endPhase }
          : pending?.kind === "advance"
            ? // the thumb's button declines the advance; advancing is a tap on the map
              { label: "Stay put", onClick: () => play.act({ type: "no_advance", fight: [pending.fight[0], pending.fight[1]] }), title: `No advance into ${printedId(pending.fight)}` }
            : { label: "Tap a lit hex", onClick: () => {}, disabled: true, title: "Make the owed choice first" }
      }
      queued
      after={
        <>
          <CrtCard rolled={rolled} inHand={inHand} />
          <LaterCard cls="card ws-rules" summary="Rules in brief" load={() => import("./rules")}>
            {({ WarshardRules }) => <WarshardRules tables={rulesTables()} />}
          </LaterCard>
        </>
      }
    />
  );
}
