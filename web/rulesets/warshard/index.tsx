/**
 * WarShard: the board (terrain, victory-point hexes, counters), the phase in hand (moves;
 * attacks and support with the odds each would give; the defender's support when it is owed;
 * the dice; retreats, advances and replacements), the combat results table with the current
 * Fight's column lit, the rules in brief, and the replay of what the other side did.
 *
 * This file lays the page out; the play lives in play.ts (queue, choices, sending), the map's
 * extras in highlights.ts and the panels in panels.tsx.
 */
import "./warshard.css";
import { useEffect, useMemo, useState } from "preact/hooks";
import { HexMap } from "../../components/HexMap";
import { deadlineText } from "../../components/Hud";
import { GameLayout } from "../../components/GameLayout";
import { Confirm } from "../../components/Confirm";
import { GameOver } from "../../components/GameOver";
import type { RulesetPageProps } from "../types";
import { fightsInfo, hexKey, otherSide, printedId, suppliedHexes, victoryPoints, zocOf, allHexes, type Column, type WarshardAction, type WarshardState } from "./engine";
import { S, centreOfHex, staticBoard, unitPieces, vpLayer } from "./board";
import { useWarshardPlay, END_ACTION } from "./play";
import { useWarshardPlayback } from "./playback";
import { boardHighlights } from "./highlights";
import { columnText, describeHex, PHASE_TITLE, sideName } from "./labels";
import { FightCard, PendingPanel, UnitChoices } from "./panels";
import { CrtTable } from "./crt";
import { ResultCard } from "./result-card";
import { ReplayPanel } from "./replay-panel";
import { RulesSummary } from "./rules";
import { oddsWith } from "./odds-preview";

const PHASE_HINT: Record<string, string> = {
  movement: "Tap one of your lit units, then a lit hex to move it there. A unit stops on entering a hex next to an enemy.",
  attack: "Tap one of your lit melee units, then a lit enemy hex to attack it; each target shows the odds column it would give.",
  support: "Tap a lit artillery or air wing, then a lit fight within its range to add its Power to the attack.",
  defense: "The enemy has attacked. Tap a lit artillery or air wing, then a lit fight to add its Power to the defence.",
};

export default function WarshardView(props: RulesetPageProps<WarshardState>) {
  const { game, seat } = props;
  const play = useWarshardPlay(props);
  const { me, local, myTurn, phase, pending, choices, boardChoices, fights, sel, selUnit, selUnits, queue, busy, error, result, confirm } = play;
  const { rebuilt, frames, playback, replaying, frame } = useWarshardPlayback(game, props.log, props.start, seat);
  useEffect(() => {
    performance.mark?.("hexpost:board");
  }, []);
  const BOARD = useMemo(() => staticBoard(game.state), [game.id]);

  const shown = frame ? frame.after : local;
  const [showIds, setShowIds] = useState(false);
  const [showZoc, setShowZoc] = useState(false);
  const [showSupply, setShowSupply] = useState(false);
  const [crtFight, setCrtFight] = useState<number | null>(null);
  const viewer = me && shown.sides.includes(me) ? me : shown.activeSide;
  const enemy = otherSide(shown, viewer);
  const overlays = useMemo(() => {
    const out = [];
    if (showSupply) {
      const sup = suppliedHexes(shown, viewer);
      out.push({ cls: "ws-supply", cells: allHexes(shown.map).filter((h) => sup.has(hexKey(h))).map(printedId) });
    }
    if (showZoc) out.push({ cls: "ws-zoc", cells: allHexes(shown.map).filter((h) => zocOf(shown, enemy).has(hexKey(h))).map(printedId) });
    return out;
  }, [shown, showZoc, showSupply, viewer, enemy]);
  const { marks, arrows, fightCells, focus } = boardHighlights(shown, frame);
  const acting = myTurn && !replaying && !busy;
  const pieces = unitPieces(shown, (u) => {
    const c: string[] = [];
    if (u.allocated) c.push("allocated");
    if (!frame && myTurn && phase === "movement" && u.side === me && u.hex && printedId(u.hex) === sel) c.push("selected");
    return c.join(" ");
  });

  // the odds each lit target would give, printed on it while a unit is selected
  const oddsTags =
    acting && selUnit && (phase === "attack" || phase === "support" || phase === "defense")
      ? choices
          .filter((c) => "unit" in c.action && c.action.unit === selUnit && c.to)
          .map((c) => {
            const o = oddsWith(local, c.action);
            const [x, y] = centreOfHex(c.to!);
            return o ? (
              <g key={printedId(c.to!)} class={`ws-tag c-${o.column}`} transform={`translate(${x.toFixed(1)} ${(y + S * 0.66).toFixed(1)})`}>
                <rect x={-15} y={-7} width={30} height={13} rx={3} />
                <text y={3.2}>{columnText(o.column)}</text>
              </g>
            ) : null;
          })
      : null;

  // the CRT lights the Fight that matters now: the replayed roll, the last roll, or the Fight in hand
  const rolled = (frame?.events ?? result?.events ?? []).filter((e) => e.kind === "fight_resolved");
  const lastRoll = rolled[rolled.length - 1];
  const liveFights = frame ? fightsInfo(shown) : fights;
  const inHand = liveFights[crtFight ?? liveFights.length - 1];
  const crt: { column: Column | null; die: number | null; caption: string } = lastRoll
    ? { column: lastRoll.column as Column, die: (lastRoll.die as number | null) ?? null, caption: `Last roll: ${columnText(String(lastRoll.column))}, die ${lastRoll.die ?? "–"}` }
    : inHand
      ? { column: inHand.column, die: null, caption: `Fight at ${printedId(inHand.hex)}: column ${columnText(inHand.column)}` }
      : { column: null, die: null, caption: "Combat results table" };

  const vp = victoryPoints(shown);
  const waitingFor = game.toAct ?? [];
  const end = END_ACTION[phase];
  const hud = [
    { label: "Turn", value: `${shown.turn} of ${shown.turnLimit}` },
    { label: "Side", value: sideName(shown.activeSide), cls: `s${shown.sides.indexOf(shown.activeSide)}` },
    { label: "Phase", value: PHASE_TITLE[shown.phase] ?? shown.phase },
    { label: "VP", value: shown.sides.map((s) => `${sideName(s).slice(0, 3)} ${vp[s] ?? 0}`).join(" · "), title: "Victory points held now" },
    {
      label: "To move",
      value: game.status === "finished" ? "game over" : myTurn ? "You" : waitingFor.length ? waitingFor.map(props.seatName).join(", ") : "—",
      cls: myTurn ? "you" : "",
    },
    { label: "Deadline", value: game.status === "finished" ? "—" : deadlineText(game.deadline) },
  ];

  const choose = (a: WarshardAction) => play.enqueue(a);
  const allocating = phase === "attack" || phase === "support" || phase === "defense";

  return (
    <GameLayout
      cls="warshard"
      hud={hud}
      page={props}
      board={
        <>
          <HexMap
            cols={shown.map.cols}
            rows={shown.map.rows}
            size={S}
            label={`WarShard map${frame ? ", replay" : ""}. Arrow keys move the cursor, Enter selects, Escape cancels.`}
            board={BOARD}
            underlay={vpLayer(shown)}
            marks={marks}
            overlays={[...overlays, { cls: "ws-fights", cells: fightCells }]}
            pieces={pieces}
            arrows={arrows}
            describe={(c) => describeHex(shown, c)}
            choices={acting ? boardChoices : undefined}
            markPrefix="ws-"
            selected={acting ? sel : null}
            onSelect={play.select}
            onChoose={(c) => choose(c.action as WarshardAction)}
            onEscape={() => {
              play.clearSel();
              if (replaying) playback.setAt(null);
            }}
            focus={focus}
            showIds={showIds}
          >
            {oddsTags}
          </HexMap>
          {frame && (
            <p class="ws-caption" aria-hidden="true">
              {frame.lines[frame.lines.length - 1] ?? ""}
            </p>
          )}
          <p class="legend muted">
            <span class="key ws-k-s0" /> {sideName(shown.sides[0])} <span class="key ws-k-s1" /> {sideName(shown.sides[1])} · counters: Power-Defence-Mobility ·{" "}
            <span class="key ws-k-fight" /> fight
          </p>
          <p class="legend map-aids">
            <label>
              <input type="checkbox" checked={showIds} onChange={(e) => setShowIds((e.currentTarget as HTMLInputElement).checked)} /> hex numbers
            </label>{" "}
            <label>
              <input type="checkbox" checked={showZoc} onChange={(e) => setShowZoc((e.currentTarget as HTMLInputElement).checked)} /> {sideName(enemy)} zones
            </label>{" "}
            <label>
              <input type="checkbox" checked={showSupply} onChange={(e) => setShowSupply((e.currentTarget as HTMLInputElement).checked)} /> {sideName(viewer)} supply
            </label>
          </p>
        </>
      }
      side={
        <>
          {game.status === "finished" && (
            <GameOver game={game} seatName={props.seatName}>
              <p>Victory points: {shown.sides.map((s) => `${sideName(s)} ${vp[s] ?? 0}`).join(", ")}.</p>
            </GameOver>
          )}
          {replaying && <ReplayPanel frames={frames} playback={playback} complete={rebuilt?.complete ?? false} seatName={props.seatName} you={seat} />}
          {error && (
            <p class="error" role="alert">
              {error}
            </p>
          )}
          {!replaying && myTurn && (
            <section class="card act" aria-label="Your move">
              <h2>{pending ? (pending.kind === "retreat" ? "Choose a retreat" : pending.kind === "advance" ? "Advance?" : "Place a replacement") : `Your move: ${PHASE_TITLE[phase]?.toLowerCase()}`}</h2>
              {pending && <PendingPanel state={local} choices={choices} onChoose={choose} />}
              {!pending && selUnit && (
                <UnitChoices state={local} unit={selUnit} stack={selUnits} choices={choices} onPick={play.setPicked} onChoose={choose} onCancel={play.clearSel} />
              )}
              {!pending && !selUnit && (
                <p class="hint">
                  {PHASE_HINT[phase]} {choices.length <= 1 ? "Nothing is left to do in this phase: end it." : ""}
                </p>
              )}
              {!pending && allocating && fights.length > 0 && (
                <ol class="ws-fights-list">
                  {fights.map((f, i) => (
                    <FightCard key={i} state={local} fight={f} index={i} current={inHand === f} onShow={() => setCrtFight(i)} />
                  ))}
                </ol>
              )}
            </section>
          )}
          {!replaying && myTurn && (
            <div class="actionbar" role="toolbar" aria-label="Turn controls">
              <button type="button" onClick={play.undo} disabled={!queue.length || busy} aria-label="Undo the last unsent action">
                Undo
              </button>
              {end && !pending && (
                <button type="button" class="primary" onClick={play.endPhase} disabled={busy}>
                  {busy ? "Sending…" : end.label}
                </button>
              )}
            </div>
          )}
          {!replaying && !myTurn && game.status === "active" && (
            <section class="card wait" aria-live="polite">
              <h2>{busy ? "Sending…" : seat ? "Waiting" : "Watching"}</h2>
              <p>
                {game.summary ?? ""}. {waitingFor.length ? `${waitingFor.map(props.seatName).join(", ")} to move.` : ""}
                {seat ? " You will get an email when it is your move; this page also updates by itself." : ""}
              </p>
              {!allocating || fights.length === 0 ? null : (
                <ol class="ws-fights-list">
                  {fights.map((f, i) => (
                    <FightCard key={i} state={local} fight={f} index={i} current={inHand === f} />
                  ))}
                </ol>
              )}
            </section>
          )}
          {!replaying && frames.length > 0 && (
            <ReplayPanel frames={frames} playback={playback} complete={rebuilt?.complete ?? false} seatName={props.seatName} you={seat} />
          )}
          {result && !replaying && <ResultCard result={result} />}
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
          <section class="card ws-crt-card" aria-label="Combat results table">
            <h3>Combat results</h3>
            <CrtTable column={crt.column} die={crt.die} caption={crt.caption} />
          </section>
          <RulesSummary />
        </>
      }
      overlay={
        confirm && (
          <Confirm title={confirm.title} yes={confirm.yes} onYes={confirm.then} onNo={() => play.setConfirm(null)}>
            {confirm.body.map((l, i) => (
              <p key={i}>{l}</p>
            ))}
          </Confirm>
        )
      }
    />
  );
}
