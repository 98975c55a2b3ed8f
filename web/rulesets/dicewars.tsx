/**
 * DiceWars (hexo): the board coloured by owner with each cell's strength and dice, select a
 * source then a target (the bundled engine's legal() lights the targets), every expand and
 * attack sent as its own request (an attack rolls, so it always ends its batch), "End turn";
 * the replay of everyone's turns since your last move, one step a second as the seed's bots
 * "think"; the players' panel; the end of the game.
 */
import "./dicewars.css";
import { useEffect, useMemo, useRef, useState } from "preact/hooks";
import type { GameEventJson } from "../api";
import { HexMap, type Arrow } from "../components/HexMap";
import { Hud, deadlineText } from "../components/Hud";
import { Log } from "../components/Log";
import { GameOver } from "../components/GameOver";
import { Die } from "../components/Die";
import { ReplayControls } from "../components/ReplayControls";
import { GameMenu } from "../components/GameMenu";
import type { RulesetPageProps } from "./types";
import {
  COLOURS,
  EMPTY,
  cellAt,
  cellCounts,
  cellIndex,
  diceOfStrength,
  largestGroup,
  legalFor,
  strengthTotals,
  type DiceWarsAction,
  type DiceWarsState,
  type LegalMove,
  type MoveAction,
} from "./dicewars-engine";
import { S, cellId, cellOfId, cellPieces, gridOf, ownerLayer, staticBoard } from "./dicewars-board";
import { boardOf, buildReplay, firstUnseen, playerIndex, stateWith, type Board, type Replay, type Step } from "./dicewars-replay";

const STEP_MS = 1000;
const FAST_MS = 250;

const showCell = (c: readonly number[]) => `[${c[0]},${c[1]}]`;
const seatLabel = (i: number) => `P${i + 1}`;
const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** Chance that a roll of 1..attack beats a roll of 1..defence (ties hold). */
export function winChance(attack: number, defence: number): number {
  if (attack <= 0 || defence <= 0) return 0;
  let wins = 0;
  for (let a = 1; a <= attack; a++) wins += Math.min(a - 1, defence);
  return wins / (attack * defence);
}
const pct = (p: number) => `${Math.round(p * 100)}%`;

interface Result {
  action: DiceWarsAction;
  events: GameEventJson[];
  lines: string[];
}

export default function DiceWarsView(props: RulesetPageProps<DiceWarsState>) {
  const { game, seat, token } = props;
  const state = game.state;
  const N = state.size;
  const nPlayers = state.players.length;
  const me = seat ? playerIndex(seat, nPlayers) : -1;
  const active = game.status === "active" && !!token && me >= 0;
  const myTurn = active && state.phase === "play" && state.current === me;

  const [picked, setSel] = useState<number | null>(null);
  const [busy, setBusy] = useState<DiceWarsAction["type"] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [note, setNote] = useState<string | null>(null);
  const [result, setResult] = useState<Result | null>(null);
  const [at, setAt] = useState<number | null>(null);
  const [playing, setPlaying] = useState(false);
  const [fast, setFast] = useState(false);
  const [logOpen, setLogOpen] = useState(false);
  const autoplay = useRef(myTurn);
  // the move comes back to you while you watch: what the others did plays as the log arrives
  const wasMyTurn = useRef(myTurn);
  useEffect(() => {
    if (myTurn && !wasMyTurn.current) autoplay.current = true;
    wasMyTurn.current = myTurn;
  }, [myTurn]);

  const grid = useMemo(() => gridOf(N), [N]);
  const BOARD = useMemo(() => staticBoard(state), [game.id, N]);

  // ---- what the engine allows now ----------------------------------------------------------
  const legal = useMemo(() => (myTurn && seat ? legalFor(state, seat) : null), [state, myTurn, seat]);
  const targets = useMemo(() => {
    const m = new Map<number, LegalMove[]>();
    for (const mv of legal?.moves ?? []) {
      const f = cellIndex(N, mv.from);
      m.set(f, [...(m.get(f) ?? []), mv]);
    }
    return m;
  }, [legal]);
  // a selection lasts while that cell can still move
  const sel = picked !== null && targets.has(picked) ? picked : null;

  // ---- the replay of what happened since your last move ------------------------------------------
  const lastReplay = useRef<Replay | null>(null);
  const replay = useMemo(() => {
    const log = props.log;
    if (!log) return lastReplay.current;
    const caughtUp = (log[log.length - 1]?.seq ?? 0) === game.seq;
    if (!caughtUp) return lastReplay.current;
    const r = buildReplay(state, log.slice(firstUnseen(log, seat, game.toAct)));
    lastReplay.current = r;
    return r;
  }, [props.log, game.seq, state]);
  const steps = replay?.steps ?? [];
  const replaying = at !== null && steps.length > 0;
  const step: Step | null = replaying ? (steps[Math.min(at!, steps.length - 1)] ?? null) : null;

  // after your end of turn (and on opening the page when it is your move): play it at once
  useEffect(() => {
    if (!autoplay.current || !replay || props.log === null) return;
    autoplay.current = false;
    if (replay.steps.length > 0) {
      setAt(0);
      setPlaying(true);
    }
  }, [replay]);
  useEffect(() => {
    if (!playing || at === null) return;
    const t = window.setTimeout(
      () => {
        if (at >= steps.length - 1) {
          setPlaying(false);
          setAt(null);
        } else setAt(at + 1);
      },
      fast ? FAST_MS : STEP_MS,
    );
    return () => clearTimeout(t);
  }, [playing, at, steps.length, fast]);
  useEffect(() => {
    performance.mark?.("hexpost:board");
  }, []);

  const shownBoard: Board = step?.after ?? boardOf(state);
  const shown = step?.after ? stateWith(state, step.after) : state;

  // ---- sending -------------------------------------------------------------------------------
  const send = async (action: DiceWarsAction) => {
    if (busy || !seat) return;
    setBusy(action.type);
    setError(null);
    setNote(null);
    const r = await props.submit([action]);
    setBusy(null);
    if (!r.ok) {
      setError(
        r.code === "stale_seq" ? "The game has moved on since this page was loaded: reload it to see the new position." : r.message,
      );
      return;
    }
    setResult({ action, events: r.result.events, lines: r.result.lines ?? [] });
    if (action.type === "end_turn") {
      setSel(null);
      // the other players' turns came back with the answer: the replay shows them
      if (r.result.events.some((e) => e.seat !== seat && (e.kind === "expand" || e.kind === "attack" || e.kind === "supply"))) {
        autoplay.current = true;
      }
      return;
    }
    // a cell that can move on stays selected (expansion chains)
    const to = cellIndex(N, action.to);
    const next = r.result.state as DiceWarsState;
    const on = next.phase === "play" && next.current === me && legalFor(next, seat, { from: `${action.to[0]},${action.to[1]}` }).moves.length > 0;
    setSel(on ? to : null);
  };

  const move = (m: LegalMove) => send({ type: m.type, from: [m.from[0], m.from[1]], to: [m.to[0], m.to[1]] } as MoveAction);

  // ---- map clicks ----------------------------------------------------------------------------
  const onCell = (id: string) => {
    if (replaying) return;
    const i = cellOfId(N, id);
    setNote(null);
    if (i < 0) {
      setSel(null);
      return;
    }
    if (!myTurn || busy) return;
    if (sel !== null) {
      const m = targets.get(sel)?.find((x) => cellIndex(N, x.to) === i);
      if (m) {
        move(m);
        return;
      }
    }
    if (targets.has(i)) {
      setSel(sel === i ? null : i);
      setError(null);
      return;
    }
    setSel(null);
    if (state.owner[i] === me) {
      setNote(
        state.strength[i]! < 2
          ? `${showCell(cellAt(N, i))} has strength 1: a cell needs strength 2 or more to move.`
          : `${showCell(cellAt(N, i))} has no empty or enemy neighbour.`,
      );
    }
  };

  // ---- what to draw --------------------------------------------------------------------------
  const marks: Record<string, string> = {};
  const arrows: Arrow[] = [];
  const labels = new Map<number, string>();
  let focus: string | null = null;
  if (step && step.after) {
    for (const e of step.events) {
      if ((e.kind === "expand" || e.kind === "attack") && Array.isArray(e.from) && Array.isArray(e.to)) {
        const from = cellId(N, cellIndex(N, e.from as [number, number]));
        const to = cellId(N, cellIndex(N, e.to as [number, number]));
        marks[from] = "dw-from";
        marks[to] = e.kind === "attack" ? (e.captured ? "dw-won" : "dw-held") : "dw-to";
        arrows.push({ from, to, cls: `dw-arrow ${e.kind}` });
        focus = to;
      }
      if (e.kind === "supply") {
        for (const g of (e.gains as { cell: [number, number]; added: number }[]) ?? []) {
          const i = cellIndex(N, g.cell);
          marks[cellId(N, i)] = "dw-gain";
          labels.set(i, `+${g.added}`);
        }
      }
    }
  } else if (myTurn) {
    if (sel === null) for (const f of targets.keys()) marks[cellId(N, f)] = "dw-can";
    else {
      marks[cellId(N, sel)] = "dw-sel";
      for (const m of targets.get(sel) ?? []) {
        const t = cellIndex(N, m.to);
        marks[cellId(N, t)] = m.type === "attack" ? "dw-attack" : "dw-expand";
        labels.set(t, m.type === "attack" ? pct(winChance(m.attack, m.defence)) : "+");
      }
    }
  }
  const pieces = cellPieces(N, shownBoard, () => "", (i) => labels.get(i) ?? null);

  const describeCell = (id: string): string => {
    const i = cellOfId(N, id);
    if (i < 0) return "Not on the board.";
    const name = showCell(cellAt(N, i));
    if (shown.blocked[i]) return `${name}: blocked (never passable).`;
    const o = shownBoard.owner[i]!;
    let text: string;
    if (o === EMPTY) text = `${name}: empty`;
    else {
      const s = shownBoard.strength[i]!;
      text = `${name}: ${seatLabel(o)} ${COLOURS[o]!.name}${o === me ? " (you)" : ""}, strength ${s} (dice ${diceOfStrength(s).join(" ")})`;
    }
    if (!step && sel !== null) {
      const m = targets.get(sel)?.find((x) => cellIndex(N, x.to) === i);
      if (m) text += m.type === "attack" ? ` · attack: ${m.attack} against ${m.defence}, you win ${pct(winChance(m.attack, m.defence))}` : ` · expand with strength ${m.attack}`;
    } else if (!step && targets.has(i)) text += ` · can move (${plural(targets.get(i)!.length, "target")})`;
    return `${text}.`;
  };

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
    <main class="dicewars">
      <Hud items={hud} />
      <div class="play">
        <div class="board-wrap">
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
            describe={describeCell}
            onCell={onCell}
            onEscape={() => {
              setSel(null);
              if (replaying) {
                setPlaying(false);
                setAt(null);
              }
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
        </div>
        <aside class="side">
          {game.status === "finished" && (
            <GameOver game={game} seatName={props.seatName}>
              <p>The game ended in round {state.outcome?.reason === "round_limit" ? state.round - 1 : state.round}; the players' panel shows the final position.</p>
            </GameOver>
          )}
          {steps.length > 0 && (
            <ReplayPanel
              steps={steps}
              at={at}
              setAt={(i) => {
                setAt(i);
                if (i === null) setPlaying(false);
              }}
              playing={playing}
              setPlaying={setPlaying}
              fast={fast}
              setFast={setFast}
              complete={replay?.complete ?? false}
              seatName={props.seatName}
              you={seat}
            />
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
                <SourcePanel cell={cellAt(N, sel)} strength={state.strength[sel]!} moves={selMoves} busy={!!busy} onMove={move} onCancel={() => setSel(null)} />
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
          <details class="card fulllog" onToggle={(e) => setLogOpen((e.currentTarget as HTMLDetailsElement).open)}>
            <summary>Full log{props.log ? ` (${props.log.length})` : ""}</summary>
            {logOpen && <Log entries={props.log} seatName={props.seatName} />}
          </details>
          <GameMenu game={game} token={token} reload={props.reload} />
        </aside>
      </div>
    </main>
  );
}

// ---- panels ------------------------------------------------------------------------------------

function Dice({ strength }: { strength: number }) {
  return (
    <span class="dw-dicefaces" aria-label={`strength ${strength}`}>
      {diceOfStrength(strength).map((d, i) => (
        <Die key={i} value={d} size={20} />
      ))}
    </span>
  );
}

function SourcePanel(p: { cell: readonly number[]; strength: number; moves: LegalMove[]; busy: boolean; onMove: (m: LegalMove) => void; onCancel: () => void }) {
  return (
    <div class="dw-source">
      <p class="hint">
        From <strong>{showCell(p.cell)}</strong>, strength {p.strength} <Dice strength={p.strength} />: attacks roll 1–{p.strength - 1} and
        the cell keeps 1. Tap a lit target, or choose:
      </p>
      <div class="options" role="group" aria-label={`Moves from ${showCell(p.cell)}`}>
        {p.moves.map((m) => (
          <button key={showCell(m.to)} type="button" class={`option dw-${m.type}`} disabled={p.busy} onClick={() => p.onMove(m)}>
            {m.type === "expand"
              ? `Expand into ${showCell(m.to)} (empty) with strength ${m.attack}`
              : `Attack ${showCell(m.to)} (strength ${m.defence}): roll 1–${m.attack} against 1–${m.defence}, ${pct(winChance(m.attack, m.defence))} to win`}
          </button>
        ))}
      </div>
      <button type="button" class="small" onClick={p.onCancel}>
        Choose another cell
      </button>
    </div>
  );
}

/** The rolls of an attack: each side's number out of its range, in its colour. */
function Rolls({ e }: { e: GameEventJson }) {
  const a = playerIndex(e.seat, 4);
  const d = playerIndex(e.defender, 4);
  return (
    <div class="dw-rolls">
      <span class={`dw-roll p${a}`} title={`${seatLabel(a)} rolled ${e.attackRoll} of 1–${e.attack}`}>
        {String(e.attackRoll)}
      </span>
      <span class="muted small">1–{String(e.attack)}</span>
      <span class="vs">against</span>
      <span class={`dw-roll p${d}`} title={`${seatLabel(d)} rolled ${e.defenceRoll} of 1–${e.defence}`}>
        {String(e.defenceRoll)}
      </span>
      <span class="muted small">1–{String(e.defence)}</span>
      <strong class={e.captured ? "won" : "held"}>{e.captured ? "captured" : "held"}</strong>
    </div>
  );
}

function ResultCard({ result, me }: { result: Result; me: number }) {
  // your own part of the answer: the other players' turns are in the replay
  let end = result.events.length;
  if (result.action.type === "end_turn") {
    const k = result.events.findIndex((e) => e.kind === "turn" || e.kind === "game_over");
    end = k >= 0 ? k + 1 : end;
  }
  const events = result.events.slice(0, end);
  const lines = result.lines.slice(0, end);
  const others = result.events.length - end;
  const attack = events.find((e) => e.kind === "attack");
  return (
    <section class="card result" aria-live="polite" aria-label="What just happened">
      {attack && <Rolls e={attack} />}
      <ul class="lines">
        {lines.map((l, i) => (
          <li key={i}>{l}</li>
        ))}
      </ul>
      {others > 0 && me >= 0 && <p class="muted small">The other players' turns came back with it: see the replay.</p>}
    </section>
  );
}

function PlayersPanel(p: { state: DiceWarsState; board: Board; me: number; seatName: (s: string) => string; over: boolean }) {
  const { state, board } = p;
  const cells = cellCounts({ owner: board.owner, players: state.players });
  const totals = strengthTotals({ owner: board.owner, strength: board.strength, players: state.players });
  const winners = state.outcome?.winners ?? [];
  return (
    <section class="card dw-players" aria-labelledby="dw-players-title">
      <h2 id="dw-players-title">Players</h2>
      <table>
        <thead>
          <tr>
            <th scope="col">Player</th>
            <th scope="col" title="Cells owned">
              Cells
            </th>
            <th scope="col" title="Total strength of all cells">
              Strength
            </th>
            <th scope="col" title="Dice received at the end of the turn: the largest connected territory">
              Supply
            </th>
          </tr>
        </thead>
        <tbody>
          {state.players.map((pl, i) => {
            const out = board.eliminated[i];
            const turn = !board.over && !out && board.current === i;
            const status = out ? "eliminated" : p.over && winners.includes(pl.seat) ? "winner" : turn ? "to move" : "";
            return (
              <tr key={pl.seat} class={`${out ? "out" : ""}${turn ? " turn" : ""}`} data-seat={pl.seat}>
                <th scope="row">
                  <span class={`swatch p${i}`} aria-hidden="true" /> {p.seatName(pl.seat)}
                  {i === p.me ? <span class="you"> you</span> : null}
                  <span class="dw-colour"> {COLOURS[i]!.name}</span>
                  {status && <span class={`dw-status ${status.replace(" ", "-")}`}>{status}</span>}
                </th>
                <td>{cells[i]}</td>
                <td>{totals[i]}</td>
                <td>{out ? "—" : largestGroup(state.size, board.owner, i)}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </section>
  );
}

function ReplayPanel(p: {
  steps: Step[];
  at: number | null;
  setAt: (i: number | null) => void;
  playing: boolean;
  setPlaying: (x: boolean) => void;
  fast: boolean;
  setFast: (x: boolean) => void;
  complete: boolean;
  seatName: (s: string) => string;
  you: string | null;
}) {
  const n = p.steps.length;
  const ends = p.steps.filter((s) => s.kind === "end_turn").length;
  const moves = p.steps.filter((s) => s.kind === "expand" || s.kind === "attack").length;
  const turns = ends + (p.steps[n - 1]?.kind === "end_turn" ? 0 : 1);
  const who = [...new Set(p.steps.map((s) => p.seatName(s.seat)))].join(", ");
  if (p.at === null)
    return (
      <section class="card replay" aria-label={p.you ? "Since your last move" : "Latest moves"}>
        <h2>{p.you ? "Since your last move" : "Latest moves"}</h2>
        <p>
          {who}: {plural(moves, "move")} in {plural(turns, "turn")}.
        </p>
        <div class="buttons">
          <button
            type="button"
            class="primary"
            onClick={() => {
              p.setAt(0);
              p.setPlaying(true);
            }}
          >
            Watch the replay
          </button>
          <button type="button" onClick={() => p.setAt(0)}>
            Step through it
          </button>
        </div>
      </section>
    );
  const i = Math.min(p.at, n - 1);
  const s = p.steps[i]!;
  // the step's place in its seat's turn
  let first = i;
  while (first > 0 && p.steps[first - 1]!.seat === s.seat && p.steps[first - 1]!.kind !== "end_turn") first--;
  const attack = s.events.find((e) => e.kind === "attack");
  return (
    <section class="card replay on" aria-label="Replay">
      <h2>
        Replay: step {i + 1} of {n}
      </h2>
      <p class="muted">
        {p.seatName(s.seat)}
        {s.bot && !/computer/.test(p.seatName(s.seat)) ? " (computer)" : ""}, round {s.before?.round ?? "?"}
        {s.kind === "end_turn" ? ", end of turn" : `, move ${i - first + 1}`}
      </p>
      {attack && <Rolls e={attack} />}
      <ul class="lines" aria-live="polite">
        {s.lines.map((l, k) => (
          <li key={k}>{l}</li>
        ))}
      </ul>
      <ReplayControls
        at={i}
        count={n}
        setAt={p.setAt}
        playing={p.playing}
        setPlaying={p.setPlaying}
        fast={{ on: p.fast, set: p.setFast }}
        leaveLabel="Skip to now"
      />
      <progress max={n} value={i + 1} aria-label="Replay progress" />
      {!p.complete && <p class="muted">This part of the log could not be fitted to the board; the lines above come from the log.</p>}
    </section>
  );
}
