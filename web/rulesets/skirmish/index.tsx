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
import type { Arrow } from "../../components/HexMap";
import type { RulesetPageProps } from "../types";
import { apply, describe, modelById, printedId, type Hex, type SkirmishState } from "./engine";
import { PIECE, S, cell, modelPieces, staticBoard } from "./board";
import { SIDE_WORD, describeHex, plural } from "./labels";
import { useSkirmishPlay } from "./play";
import { ActivationPanel, PickedPanel } from "./panels";
import { Rolls } from "./dice";
import { RulesSummary } from "./rules-summary";
import { SidesPanel } from "./sides-panel";
import { DeploymentPanel } from "./deployment-panel";
import { narrowScreen, phoneFrame, usePhoneFocus } from "./phone";

const ENGINE = { apply, describe };

export default function SkirmishView(props: RulesetPageProps<SkirmishState>) {
  const { game, seatName } = props;
  const play = useSkirmishPlay(props);
  const { turn, local, myTurn, active, isDeploy } = play;
  const replay = useReplay(ENGINE, props, { stepMs: 1200, fastMs: 400 });
  const { frame, replaying } = replay;
  const side = play.mySide;
  const shown = frame?.after ?? local;
  const BOARD = useMemo(() => staticBoard(local), [game.id]);

  // what the replay step did: moves as arrows, attacks as red arrows, its models lit
  const arrows: Arrow[] = [];
  const lit: Record<string, string> = {};
  if (frame) {
    for (const e of frame.events) {
      if ((e.kind === "moved" || e.kind === "disengaged") && Array.isArray(e.path)) {
        const from = e.kind === "moved" ? (e.from as Hex) : (modelById(frame.before, String(e.model))?.hex ?? null);
        if (from && e.to) arrows.push({ from: printedId(from), to: printedId(e.to as Hex), cls: "moved" });
      }
      if (e.kind === "close_attack" || e.kind === "range_attack") {
        const a = modelById(frame.before, String(e.attacker))?.hex;
        const t = modelById(frame.before, String(e.target))?.hex;
        if (a && t) arrows.push({ from: printedId(a), to: printedId(t), cls: "sk-attack" });
        lit[String(e.target)] = "sk-hit";
      }
      if (e.kind === "activated") lit[String(e.model)] = "sk-active";
    }
  } else if (play.picked && active) {
    const attack = play.pickedChoices.some((c) => c.action.type === "close_attack" || c.action.type === "range_attack");
    arrows.push({ from: cell(active.hex), to: play.picked, cls: attack ? "sk-attack" : "moved" });
  }
  const activeId = frame ? (frame.after.activation?.model ?? null) : (local.activation?.model ?? null);
  if (activeId && !lit[activeId]) lit[activeId] = "sk-active";
  // on a phone: the map at the top of the screen, zoomed in on the acting model
  const focusKey = !myTurn || replaying ? null : isDeploy ? "deployment" : active ? `${active.id}@${local.turn}` : null;
  const focusCell = active ? cell(active.hex) : null;
  usePhoneFocus(focusKey, play.picked ?? (isDeploy ? play.sel : null));
  const outcome = game.outcome;

  return (
    <GameLayout
      cls="skirmish"
      hud={[
        { label: "Turn", value: shown.phase === "deployment" ? "deployment" : String(shown.turn) },
        { label: "Initiative", value: shown.phase === "turn" ? SIDE_WORD[shown.initiativeSide] : "—" },
        { label: "END dice", value: String(shown.endDice), title: `From turn ${shown.endGameFromTurn + 1} END dice are rolled at the end of each turn; any 1–3 ends the game` },
        ...(shown.phase === "turn" && (shown.activationsInARow ?? 1) !== 1
          ? [{ label: "In a row", value: rowWords(shown.activationsThisRow ?? 0, shown.activationsInARow!), title: "Activations in a row (a game option): a side activates up to this many models before the other side's" }]
          : []),
        ...(shown.activation ? [{ label: "Acting", value: `${shown.activation.model}, ${shown.activation.ap} AP` }] : []),
      ]}
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
        legend: (
          <>
            {frame && (
              <p class="sk-caption" aria-hidden="true">
                {frame.lines.find((l) => !/activates|activation ends/.test(l)) ?? frame.lines[0]}
              </p>
            )}
            <details class="legend muted sk-legend" open={!narrowScreen()}>
              <summary>Map key ▾</summary>
              <span class="sk-key side-0" /> {seatName("attacker")} <span class="sk-key side-1" /> {seatName("defender")} · <span class="key sk-k-rough" /> rough{" "}
              <span class="key sk-k-soft" /> hedge (soft cover) <span class="key sk-k-hard" /> wall (hard cover) <span class="key sk-k-blocking" /> building · badges: <b class="sk-b wound">W</b>{" "}
              wounds <b class="sk-b delay">D</b> delay <b class="sk-b fear">F</b> fear · dashed ring: engaged · faded: done · grey and crossed: knocked out
            </details>
          </>
        ),
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
      replayWords={{
        summary: (who, frames) => {
          const acts = frames.filter((f) => f.action.type === "activate").length;
          return `${who}: ${plural(frames.length, "action")}${acts ? `, ${plural(acts, "activation")}` : ""}.`;
        },
        step: (f) => (f.before.phase === "deployment" ? "deployment" : `turn ${f.before.turn}${f.before.activation ? `, ${f.before.activation.model} acting` : ""}`),
        extra: (f) => <Rolls events={f.events} />,
        fastAndProgress: true,
        stepThrough: true,
      }}
      result={
        turn.result &&
        !replaying && (
          // your own part of what the last sending did: the other side's activations are in the replay
          <ResultCard lines={turn.result.own.lines} note={turn.result.othersMoved ? "The other side's activation came back with it: see the replay." : null}>
            <Rolls events={turn.result.own.events} />
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
          {!isDeploy && !active && (
            <>
              <p class="hint">Tap one of your lit models on the map, or pick it here. An activation gets 2 AP.</p>
              <div class="tray" role="group" aria-label="Models ready to activate">
                {play.choices.map((c) =>
                  c.action.type === "activate" ? (
                    <button key={c.action.model} type="button" class={`chip side-${side}`} onClick={() => play.act(c.action, c.label)}>
                      {c.action.model} {modelById(local, c.action.model)?.name.split(" (")[0]}
                    </button>
                  ) : null,
                )}
              </div>
            </>
          )}
          {play.picked ? <PickedPanel play={play} /> : <ActivationPanel play={play} />}
        </>
      }
      waiting={game.summary ?? `Turn ${local.turn}`}
      out={false}
      end={
        isDeploy
          ? {
              label: play.toPlace.some((u) => !play.placed[u]) ? `Place ${plural(play.toPlace.filter((u) => !play.placed[u]).length, "more model")}` : "Confirm deployment",
              onClick: () => play.deploy(play.placed),
              disabled: play.toPlace.some((u) => !play.placed[u]),
              title: "Every model must be placed first",
            }
          : active
            ? {
                label: turn.sending === "end_activation" ? "Ending…" : `End ${active.id}'s activation`,
                onClick: () => play.act({ type: "end_activation" }, `${active.id} ends its activation`),
                disabled: local.activation!.compulsoryApLeft > 0,
                title: local.activation!.compulsoryApLeft > 0 ? "The compulsory AP must be spent first" : "",
              }
            : { label: "Pick a model first", onClick: () => {}, disabled: true }
      }
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

/** The active side's place in its row of activations, e.g. "1 of 2" (worker/engine/skirmish/VARIANTS.md). */
const rowWords = (made: number, limit: number | "all"): string => (limit === "all" ? `${made} of all` : `${made} of ${limit}`);
