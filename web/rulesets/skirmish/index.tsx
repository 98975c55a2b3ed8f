/**
 * Skirmish (MEST Tactics Quick Start on hexes): the board with its terrain and the models with
 * their tokens, deployment drafted with the shared Placement helpers, an activation as taps on the map (a
 * model, then where it moves or whom it attacks) with each rolling action previewed with its
 * dice pools and exact chance before it is sent, the dice rolled afterwards, the other side's
 * activations in the shared replay, and the rules in brief. The page is the shared GameLayout.
 */
import "./skirmish.css";
import { useMemo } from "preact/hooks";
import { GameLayout } from "../../components/GameLayout";
import { ResultCard } from "../../components/ResultCard";
import { useReplay } from "../../components/useReplay";
import type { EndButton } from "../../components/GameLayout";
import type { HudItem } from "../../components/Hud";
import type { RulesetPageProps } from "../types";
import { apply, describe, type EngineRules, type SkirmishState } from "./engine";
import { rulesPart, type ActingRules } from "./acting";
import { rules } from "./rules-slot";
import { PIECE, S, cell, modelPieces, staticBoard } from "./board";
import { SIDE_WORD, describeHex, plural } from "./labels";
import { useSkirmishPlay, type SkirmishPlay } from "./play";
import { RulesSummary } from "./rules-summary";
import { SidesPanel } from "./sides-panel";
import { DeploymentPanel } from "./deployment-panel";
import { ActivateTray } from "./activate-tray";
import { ModelCard } from "./model-card";
import { boardHighlights } from "./highlights";
import { SkirmishLegend } from "./legend";
import { REPLAY_WORDS } from "./replay-words";
import { phoneFrame, usePhoneFocus } from "./phone";

// the one file that imports the rules: the page's wrappers (engine.ts, acting.ts) are what they import
rules.from((): Promise<EngineRules & ActingRules> => import("./engine-rules"));
export { rules };
const ENGINE = { apply, describe };

export default function SkirmishView(props: RulesetPageProps<SkirmishState>) {
  const { game, seatName } = props;
  const play = useSkirmishPlay(props);
  const { turn, local, myTurn, active, isDeploy } = play;
  const replay = useReplay(ENGINE, props, { stepMs: 1200, fastMs: 400 });
  const { frame, replaying } = replay;
  const shown = frame?.after ?? local;
  const BOARD = useMemo(() => staticBoard(local), [game.id]);

  // what the replay step did (moves, attacks, its models lit), or the hex picked
  const { arrows, lit } = boardHighlights(frame, play);
  // on a phone: the map at the top of the screen, zoomed in on the acting model
  const focusKey = !myTurn || replaying ? null : isDeploy ? "deployment" : active ? `${active.id}@${local.turn}` : null;
  const focusCell = active ? cell(active.hex) : null;
  usePhoneFocus(focusKey, play.picked ?? (isDeploy ? play.sel : null));
  const outcome = game.outcome;
  // the panels built on the legal choices and the dice come with the rules (engine-rules.ts)
  const R = props.rulesReady ? rulesPart() : null;

  return (
    <GameLayout
      cls="skirmish"
      hud={hudItems(shown)}
      page={props}
      turn={turn}
      view={{
        name: `${local.scenario.title}, ${local.board.cols} by ${local.board.rows} hexes`,
        cols: local.board.cols,
        rows: local.board.rows,
        size: S,
        pieceSize: PIECE,
        board: BOARD,
        marks: isDeploy && !play.sel ? Object.fromEntries(play.zone.filter((c) => !Object.values(play.placed).includes(c)).map((c) => [c, "setup"])) : {},
        pieces: modelPieces(shown, (id) => lit[id] ?? "", isDeploy ? play.placed : undefined),
        arrows,
        // the deployment is framed by its lit zone (the board's own frame); an activation by its model
        frame: isDeploy ? null : phoneFrame(focusKey, focusCell),
        describe: (c) => describeHex(c, shown, seatName),
        legend: <SkirmishLegend replayLines={frame ? frame.lines : null} seatName={seatName} />,
        numbered: true,
      }}
      play={play.board}
      over={
        outcome && (
          <p>
            The game ended in turn {local.turn}.{" "}
            {local.sides
              .map((s, i) => `${s.name} (${SIDE_WORD[i]}): ${local.models.filter((m) => m.side === i && m.status === "in_play").length} of ${s.startCount} standing${s.bottled ? ", bottled out" : ""}`)
              .join("; ")}
            .
          </p>
        )
      }
      replay={replay}
      replayWords={REPLAY_WORDS}
      result={
        turn.result &&
        !replaying && (
          // your own part of what the last sending did: the other side's activations are in the replay
          <ResultCard lines={turn.result.own.lines} note={turn.result.othersMoved ? "The other side's activation came back with it: see the replay." : null}>
            {R && <R.Rolls events={turn.result.own.events} />}
          </ResultCard>
        )
      }
      actTitle={isDeploy ? "Deploy your models" : active ? `${active.id} acts: ${plural(local.activation!.ap, "AP", "AP")} left` : `Turn ${local.turn}: pick a model to activate`}
      act={
        <>
          {isDeploy && (
            <DeploymentPanel
              state={local}
              models={play.toPlace}
              zone={play.zone}
              placed={play.placed}
              setPlaced={play.setPlaced}
              sel={play.sel}
              setSel={play.setSel}
            />
          )}
          {!isDeploy && !active && <ActivateTray play={play} />}
          {R ? (
            play.picked ? <R.PickedPanel play={play} /> : <R.ActivationPanel play={play} />
          ) : (
            // until the rules come: who acts and what it carries (its actions need them)
            active && (
              <div class="sk-activation">
                <ModelCard state={local} m={active} ap={local.activation!.ap} />
              </div>
            )
          )}
        </>
      }
      waiting={game.summary ?? `Turn ${local.turn}`}
      out={false}
      end={endButton(play)}
      queued
      after={
        <>
          <SidesPanel state={shown} seatName={seatName} />
          <RulesSummary activationsInARow={local.activationsInARow ?? 1} />
        </>
      }
    />
  );
}

/** The status strip: the turn, the initiative, the END dice, the row of activations (when the game has one) and the acting model. */
function hudItems(shown: SkirmishState): HudItem[] {
  return [
    { label: "Turn", value: shown.phase === "deployment" ? "deployment" : String(shown.turn) },
    { label: "Initiative", value: shown.phase === "turn" ? SIDE_WORD[shown.initiativeSide] : "—" },
    { label: "END dice", value: String(shown.endDice), title: `From turn ${shown.endGameFromTurn + 1} END dice are rolled at the end of each turn; any 1–3 ends the game` },
    ...(shown.phase === "turn" && (shown.activationsInARow ?? 1) !== 1
      ? [{ label: "In a row", value: rowWords(shown.activationsThisRow ?? 0, shown.activationsInARow!), title: "Activations in a row (a game option): a side activates up to this many models before the other side's" }]
      : []),
    ...(shown.activation ? [{ label: "Acting", value: `${shown.activation.model}, ${shown.activation.ap} AP` }] : []),
  ];
}

/** The thumb's button: confirm the deployment, end the acting model's activation, or (between activations) nothing to end. */
function endButton(play: SkirmishPlay): EndButton {
  const { local, active, turn } = play;
  if (play.isDeploy)
    return {
      label: play.toPlace.some((u) => !play.placed[u]) ? `Place ${plural(play.toPlace.filter((u) => !play.placed[u]).length, "more model")}` : "Confirm deployment",
      onClick: () => play.deploy(play.placed),
      disabled: play.toPlace.some((u) => !play.placed[u]),
      title: "Every model must be placed first",
    };
  if (active)
    return {
      label: turn.sending === "end_activation" ? "Ending…" : `End ${active.id}'s activation`,
      onClick: () => play.act({ type: "end_activation" }, `${active.id} ends its activation`),
      disabled: local.activation!.compulsoryApLeft > 0,
      title: local.activation!.compulsoryApLeft > 0 ? "The compulsory AP must be spent first" : "",
    };
  return { label: "Pick a model first", onClick: () => {}, disabled: true };
}

/** The active side's place in its row of activations, e.g. "1 of 2" (worker/engine/skirmish/VARIANTS.md). */
const rowWords = (made: number, limit: number | "all"): string => (limit === "all" ? `${made} of all` : `${made} of ${limit}`);
