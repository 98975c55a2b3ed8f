/**
 * Battle for Moscow: the map, the status strip and the phase panels. Every preview (reachable
 * hexes, odds, choices) comes from the bundled engine; actions are queued locally, can be undone
 * until sent, and go to the server as one batch (a die roll always ends a batch). The page itself
 * is the shared GameLayout; the board's choices are in choices.ts, what else it lights in highlights.ts.
 */
import "./moscow.css";
import { GameLayout } from "../../components/GameLayout";
import { ResultCard } from "../../components/ResultCard";
import { PlacementPanel } from "../../components/Placement";
import { useReplay } from "../../components/useReplay";
import type { EndButton } from "../../components/GameLayout";
import type { HudItem } from "../../components/Hud";
import type { RulesetPageProps } from "../types";
import { apply, describe, isMud, LAST_TURN, MAP, phaseText, sideName, unitDef, zocHexes, type EngineRules, type MoscowState } from "./engine";
import { PIECE, S, cities, staticBoard, unitPieces } from "./board";
import { cell, hexesOf } from "./cells";
import { describeHex, optionLabel, unitLabel } from "./labels";
import { useMoscowPlay, type MoscowPlay } from "./play";
import { boardPlay, DeclarePanel, ReplacementPanel, type ActingRules } from "./acting";
import { rules } from "./rules-slot";
import { boardHighlights } from "./highlights";
import { BattleResults, PendingPanel, ResolvePanel, declareStep } from "./combat-panels";
import { CrtCard } from "./crt-card";
import { MoscowGameOver } from "./game-over";
import { MoscowLegend } from "./legend";
import { MoveHint } from "./move-hint";
import { LaterCard } from "../../components/LaterCard";

const BOARD = staticBoard();

// the one file that imports the rules: the page's wrappers (engine.ts, acting.tsx) are what they import
rules.from((): Promise<EngineRules & ActingRules> => import("./engine-rules"));
export { rules };
const ENGINE = { apply, describe };

/** The status strip: the turn, the phase, the weather and the replacements left. */
function hudItems(local: MoscowState): HudItem[] {
  const phase = local.phase;
  return [
    { label: "Turn", value: phase.endsWith("setup") ? "setup" : `${local.turn} of ${LAST_TURN}` },
    { label: "Phase", value: phaseText(phase) },
    {
      label: "Weather",
      value: isMud(local.turn) ? "Mud" : "Dry",
      cls: isMud(local.turn) ? "mud" : "",
      title: isMud(local.turn) ? "Mud: units move one hex, attackers are halved" : "Mud on turns 3 and 4",
    },
    { label: "Replacements", value: `G ${local.germanReplacementUsed ? 0 : 1} · S ${local.sovietReplacementsRemaining}`, title: "Replacements left this turn: German, Soviet" },
  ];
}

/** The thumb's button: add or declare the drafted battles while declaring, else end the phase (once nothing is owed or left to resolve). */
function endButton(play: MoscowPlay): EndButton {
  const { local, isDeclare, isSetup } = play;
  const pending = local.pending;
  const unresolved = local.battlesDeclared && local.pendingBattles.some((b) => !b.resolved);
  return (
    (isDeclare && declareStep({ state: local, draft: play.draft, cur: play.cur, onAdd: play.addBattle, onDeclare: play.declareBattles })) || {
      label: "End phase",
      onClick: play.endPhase,
      disabled: !!pending || unresolved || isSetup,
      title: pending ? "Make the owed choice first" : unresolved ? "Resolve every declared battle first" : "",
    }
  );
}

export default function MoscowView(props: RulesetPageProps<MoscowState>) {
  const { game } = props;
  const play = useMoscowPlay(props);
  const { turn, me, local, myTurn, sel, setSel, placed, isSetup, isMove, isDeclare, isResolve, isRepl, movable } = play;
  const replay = useReplay(ENGINE, props, { stepMs: 1100 });
  const { frame } = replay;
  const phase = local.phase;
  const pending = local.pending;

  const shown = frame ? frame.after : local;
  const enemy = me === "german" ? "soviet" : "german";
  const units = play.setup.units ?? [];
  const hexes = (play.setup.setupHexes ?? []).map(cell);
  const { marks, arrows, unitCls } = boardHighlights(play, frame);
  const moscowOwner = sideName(shown.cityControl.Moscow ?? "soviet");

  return (
    <GameLayout
      cls="moscow"
      hud={hudItems(local)}
      page={props}
      turn={turn}
      view={{
        name: "Battle for Moscow map",
        cols: MAP.columns,
        rows: MAP.rows,
        size: S,
        pieceSize: PIECE,
        board: BOARD,
        underlay: cities(shown.cityControl),
        marks,
        pieces: unitPieces(shown, (id) => unitCls[id] ?? "", isSetup ? placed : undefined),
        arrows,
        describe: (c) => describeHex(c, shown, hexesOf(shown)),
        legend: <MoscowLegend cityControl={shown.cityControl} />,
        // the enemy's zones of control (yours when watching)
        numbered: true,
        aids: [{ label: `${sideName(enemy)} zones of control`, cls: "zoc", cells: () => zocHexes(shown, enemy).map(cell) }],
      }}
      play={boardPlay(play)}
      over={<MoscowGameOver state={local} holder={moscowOwner} />}
      replay={replay}
      replayWords={{
        summary: (who, frames) => `${who} made ${frames.length} move${frames.length === 1 ? "" : "s"}.`,
        step: (f) => `turn ${f.after.turn}, ${phaseText(f.before.phase)}`,
      }}
      result={
        turn.result && (
          <ResultCard lines={turn.result.lines}>
            <BattleResults events={turn.result.events} />
          </ResultCard>
        )
      }
      actTitle={pending ? "A choice is owed" : `Your move: ${phaseText(phase)}`}
      act={
        <>
          {isSetup && (
            <PlacementPanel
              units={units}
              hexes={hexes}
              placed={placed}
              setPlaced={play.setPlaced}
              sel={sel}
              setSel={setSel}
              chip={(u) => ({ label: unitLabel(u), cls: `side-${unitDef(u)?.side}` })}
              hint={`Place ${hexes.length} units, one on each lit setup hex: pick a unit below (or on the map), then tap a hex.${units.length > hexes.length ? ` The ${units.length - hexes.length} left over start in the replacement pool.` : ""}`}
              onConfirm={play.confirmSetup}
            />
          )}
          {pending && <PendingPanel state={local} choose={(o) => turn.enqueue(o, optionLabel(o, local))} />}
          {isMove && <MoveHint state={local} sel={sel} movable={movable} known={props.rulesReady} />}
          {isDeclare && play.attacks && (
            <DeclarePanel
              state={local}
              attacks={play.attacks}
              draft={play.draft}
              cur={play.cur}
              setCur={play.setCur}
              onRemove={(i) => play.setDraft(play.draft.filter((_, k) => k !== i))}
            />
          )}
          {isResolve && (
            <ResolvePanel
              state={local}
              busy={turn.busy}
              onResolve={(i) => turn.enqueue({ type: "resolve_battle", battleIndex: i }, `battle ${i + 1} resolved`)}
              onResolveAll={() => turn.enqueue({ type: "resolve_all_battles" }, "the battles resolved in order")}
            />
          )}
          {isRepl && <ReplacementPanel repl={play.repl} sel={sel} setSel={setSel} state={local} onRestore={(id) => turn.enqueue({ type: "replacement", action: "restore", unitId: id }, `${id} restored`)} />}
        </>
      }
      // where the game stands now (the server's summary tells what was done last)
      after={
        <>
          <CrtCard state={local} cur={play.cur} events={turn.result?.events} open={phase.endsWith("_combat") && !!me && myTurn} />
          <LaterCard cls="card aid rules-card" summary="Rules in brief" load={() => import("./rules")}>
            {({ MoscowRules }) => <MoscowRules />}
          </LaterCard>
        </>
      }
      waiting={phase.endsWith("setup") ? `Before turn 1: ${phaseText(phase)}` : `Turn ${local.turn} of ${LAST_TURN}, ${phaseText(phase)}`}
      end={endButton(play)}
      queued
    />
  );
}
