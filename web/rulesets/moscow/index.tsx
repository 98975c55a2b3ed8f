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
import type { RulesetPageProps } from "../types";
import { apply, describe, isMud, LAST_TURN, MAP, phaseText, sideName, unitDef, zocHexes, type MoscowState } from "./engine";
import { PIECE, S, cities, staticBoard, unitPieces } from "./board";
import { cell, hexesOf } from "./cells";
import { describeHex, optionLabel, unitLabel } from "./labels";
import { useMoscowPlay } from "./play";
import { boardPlay } from "./choices";
import { boardHighlights } from "./highlights";
import { BattleResults, DeclarePanel, PendingPanel, ResolvePanel, declareStep } from "./combat-panels";
import { ReplacementPanel } from "./replacement-panel";
import { MoscowCrt, ResultKey } from "./crt";
import { MoscowRules } from "./rules";
import { computeOdds } from "./engine";

const BOARD = staticBoard();
const ENGINE = { apply, describe };

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
  const unresolved = local.battlesDeclared && local.pendingBattles.some((b) => !b.resolved);
  const moscowOwner = sideName(shown.cityControl.Moscow ?? "soviet");
  // the table lights the battle in hand: the one being drafted, else the next to resolve, else the last rolled
  const crt = ((): { column: number | null; die: number | null; caption: string } => {
    const { cur } = play;
    if (cur.defender && cur.attackers.length) {
      const o = computeOdds(local, cur.attackers, cur.defender);
      return { column: o.column, die: null, caption: `${cur.attackers.join(" + ")} against ${cur.defender}: ${o.modifiedOdds}` };
    }
    const open = local.battlesDeclared ? local.pendingBattles.findIndex((b) => !b.resolved) : -1;
    const b = local.pendingBattles[open];
    if (b) {
      const o = computeOdds(local, b.attackers, b.defender);
      return { column: o.column, die: null, caption: `Battle ${open + 1}, ${b.attackers.join(" + ")} against ${b.defender}: ${o.modifiedOdds}` };
    }
    const last = turn.result?.events.filter((e) => e.kind === "battle_resolved").at(-1);
    if (last) {
      const column = Number(String(last.modifiedOdds).split(":")[0]) || 0;
      return { column, die: typeof last.dieRoll === "number" ? last.dieRoll : null, caption: `Last battle: ${String(last.modifiedOdds)}, die ${last.dieRoll ?? "none"}, ${String(last.result)}` };
    }
    return { column: null, die: null, caption: "Combat results" };
  })();

  return (
    <GameLayout
      cls="moscow"
      hud={[
        { label: "Turn", value: phase.endsWith("setup") ? "setup" : `${local.turn} of ${LAST_TURN}` },
        { label: "Phase", value: phaseText(phase) },
        {
          label: "Weather",
          value: isMud(local.turn) ? "Mud" : "Dry",
          cls: isMud(local.turn) ? "mud" : "",
          title: isMud(local.turn) ? "Mud: units move one hex, attackers are halved" : "Mud on turns 3 and 4",
        },
        { label: "Replacements", value: `G ${local.germanReplacementUsed ? 0 : 1} · S ${local.sovietReplacementsRemaining}`, title: "Replacements left this turn: German, Soviet" },
      ]}
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
        legend: (
          <p class="legend muted">
            <span class="key forest" /> forest <span class="key fort" /> fortification <span class="key river" /> river <span class="key rail" /> railway{" "}
            <span class="key dot owner-german" /> <span class="key dot owner-soviet" /> city held by the German, the Soviet{" "}
            <span class="key edge-key edge-german" /> <span class="key edge-key edge-soviet" /> German, Soviet map edge (replacements enter there){" "}
            <span class="key half-key" /> band on a counter: half strength · Moscow is <strong class={`owner-${shown.cityControl.Moscow}`}>{moscowOwner}</strong>
          </p>
        ),
        // the enemy's zones of control (yours when watching)
        numbered: true,
        aids: [{ label: `${sideName(enemy)} zones of control`, cls: "zoc", cells: () => zocHexes(shown, enemy).map(cell) }],
      }}
      play={boardPlay(play)}
      over={
        <>
          <p>
            Moscow (1103) is held by the <strong>{moscowOwner}</strong> side after turn {local.turn}.
          </p>
          <p class="muted">
            Cities:{" "}
            {Object.entries(local.cityControl)
              .map(([c, o]) => `${c} ${sideName(o)}`)
              .join(", ")}
          </p>
        </>
      }
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
          {isResolve && <ResolvePanel state={local} busy={turn.busy} onResolve={(i) => turn.enqueue({ type: "resolve_battle", battleIndex: i }, `battle ${i + 1} resolved`)} />}
          {isRepl && <ReplacementPanel repl={play.repl} sel={sel} setSel={setSel} state={local} onRestore={(id) => turn.enqueue({ type: "replacement", action: "restore", unitId: id }, `${id} restored`)} />}
        </>
      }
      // where the game stands now (the server's summary tells what was done last)
      after={
        <>
          <details class="card aid crt-card" open={phase.endsWith("_combat") && !!me && myTurn ? true : undefined}>
            <summary>Combat results table{crt.column ? ` (${crt.column}:1 lit)` : ""}</summary>
            <MoscowCrt rules={local.options.rules} column={crt.column} die={crt.die} caption={crt.caption} />
            <ResultKey />
          </details>
          <details class="card aid rules-card">
            <summary>Rules in brief</summary>
            <MoscowRules />
          </details>
        </>
      }
      waiting={phase.endsWith("setup") ? `Before turn 1: ${phaseText(phase)}` : `Turn ${local.turn} of ${LAST_TURN}, ${phaseText(phase)}`}
      end={
        (isDeclare && declareStep({ state: local, draft: play.draft, cur: play.cur, onAdd: play.addBattle, onDeclare: play.declareBattles })) || {
          label: "End phase",
          onClick: play.endPhase,
          disabled: !!pending || unresolved || isSetup,
          title: pending ? "Make the owed choice first" : unresolved ? "Resolve every declared battle first" : "",
        }
      }
      queued
    />
  );
}
