/**
 * Battle for Moscow: the board, the HUD, and play. Every preview (reachable hexes, odds,
 * choices) comes from the bundled engine; actions are queued locally, can be undone until
 * sent, and go to the server as one batch (a die roll always ends a batch).
 */
import { useEffect, useMemo, useRef, useState } from "preact/hooks";
import type { GameEventJson } from "../api";
import { HexMap, type Arrow } from "../components/HexMap";
import { Hud, deadlineText } from "../components/Hud";
import { Log } from "../components/Log";
import { Confirm } from "../components/Confirm";
import { GameOver } from "../components/GameOver";
import { Die, Icon } from "../components/Die";
import { GameMenu } from "../components/GameMenu";
import type { RulesetPageProps } from "./types";
import {
  apply,
  computeOdds,
  fromPrintedId,
  hexLabel,
  isMud,
  legal,
  LAST_TURN,
  MAP,
  phaseText,
  printedId,
  RESULT_TEXT,
  rngFromSeed,
  toAct,
  unitDef,
  type MoscowAction,
  type MoscowState,
  type Side,
} from "./moscow-engine";
import { S, cities, staticBoard, unitPieces } from "./moscow-board";
import { rebuild, sinceLastMove, type Frame, type Rebuilt } from "./moscow-replay";

type Queued = { action: MoscowAction; label: string };
type Axial = [number, number];

const sideName = (s: string) => (s === "german" ? "German" : "Soviet");
const cell = (h: readonly number[] | null | undefined) => (h ? printedId([h[0]!, h[1]!]) : "");
const axial = (id: string): Axial => {
  const h = fromPrintedId(id)!;
  return [h[0], h[1]];
};
const unitLabel = (id: string) => {
  const d = unitDef(id);
  return d ? `${id} (${d.type === "panzer" ? "panzer" : d.side === "german" ? "infantry" : "army"})` : id;
};
const hexesOf = (state: MoscowState) => {
  const at = new Map<string, string>();
  for (const u of state.units) if (u.position && u.strength !== "eliminated") at.set(printedId(u.position), u.id);
  return at;
};

interface MovementLegal {
  units?: { unit_id: string; valid_hexes: Axial[] }[];
}
interface CombatLegal {
  possible_attacks?: { defender: string; defender_position: Axial; possible_attackers: string[] }[];
}
interface ReplacementLegal {
  remaining?: number;
  restorable_units?: string[];
  placeable_units?: string[];
  valid_placement_hexes?: Axial[];
}
interface SetupLegal {
  units?: string[];
  setup_hexes?: Axial[];
}

const BOARD = staticBoard();
const previewRng = () => rngFromSeed("preview");

function fold(base: MoscowState, seat: string, queue: Queued[]): { state: MoscowState; ok: number } {
  let state = base;
  let ok = 0;
  for (const q of queue) {
    const r = apply(state, seat, q.action, previewRng());
    if (!r.ok) break;
    state = r.state;
    ok++;
  }
  return { state, ok };
}

export default function MoscowView(props: RulesetPageProps<MoscowState>) {
  const { game, seat, token } = props;
  const base = game.state;
  const me = seat as Side | null;
  const qKey = `hexpost:q:${game.id}:${game.seq}`;

  const [queue, setQueue] = useState<Queued[]>(() => restoreQueue(qKey, base, seat));
  const [sel, setSel] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [confirm, setConfirm] = useState<{ title: string; body: string[]; yes: string; then: () => void } | null>(null);
  const [result, setResult] = useState<{ events: GameEventJson[]; lines: string[] } | null>(null);
  // combat drafting
  const [draft, setDraft] = useState<{ attackers: string[]; defender: string }[]>([]);
  const [cur, setCur] = useState<{ attackers: string[]; defender: string | null }>({ attackers: [], defender: null });
  // setup drafting: unit id -> cell
  const [placed, setPlaced] = useState<Record<string, string>>({});
  // replay
  const [replayAt, setReplayAt] = useState<number | null>(null);
  const [playing, setPlaying] = useState(false);
  const [logOpen, setLogOpen] = useState(false);

  // a new position from the server: the queue and drafts belonged to the old one
  const seqSeen = useRef(game.seq);
  useEffect(() => {
    if (seqSeen.current === game.seq) return;
    try {
      localStorage.removeItem(`hexpost:q:${game.id}:${seqSeen.current}`);
    } catch {
      /* nothing kept */
    }
    seqSeen.current = game.seq;
    setQueue(restoreQueue(qKey, base, seat));
    setSel(null);
    setDraft([]);
    setCur({ attackers: [], defender: null });
    setPlaced({});
  }, [game.seq]);
  useEffect(() => {
    try {
      if (queue.length) localStorage.setItem(qKey, JSON.stringify(queue));
      else localStorage.removeItem(qKey);
    } catch {
      /* storage full or blocked */
    }
  }, [queue, qKey]);
  useEffect(() => {
    if (!queue.length) return;
    const warn = (e: BeforeUnloadEvent) => {
      e.preventDefault();
    };
    window.addEventListener("beforeunload", warn);
    return () => window.removeEventListener("beforeunload", warn);
  }, [queue.length]);

  const local = useMemo(() => (me ? fold(base, me, queue).state : base), [base, queue, me]);
  const active = game.status === "active" && !!token && !!me;
  const myTurn = active && toAct(local).includes(me!);
  const phase = local.phase;
  const pending = local.pending;
  const occupied = useMemo(() => hexesOf(local), [local]);

  // ---- replay -------------------------------------------------------------------------
  // rebuilding every position runs the engine over the whole log: after the first paint, not before it
  const [rebuilt, setRebuilt] = useState<Rebuilt | null>(null);
  useEffect(() => {
    if (!props.log || props.log.length === 0) return setRebuilt(null);
    const t = window.setTimeout(() => {
      setRebuilt(rebuild(game.scenario, game.options as never, props.log!, base));
      performance.mark?.("hexpost:replay-ready");
    }, 0);
    return () => clearTimeout(t);
  }, [props.log, base]);
  useEffect(() => {
    performance.mark?.("hexpost:board");
  }, []);
  const unseen = useMemo(() => (rebuilt ? sinceLastMove(rebuilt.frames, seat) : []), [rebuilt, seat]);
  const replaying = replayAt !== null && unseen.length > 0;
  const frame: Frame | null = replaying ? (unseen[Math.min(replayAt!, unseen.length - 1)] ?? null) : null;
  useEffect(() => {
    if (!playing || replayAt === null) return;
    if (replayAt >= unseen.length - 1) {
      setPlaying(false);
      return;
    }
    const t = window.setTimeout(() => setReplayAt(replayAt + 1), 1100);
    return () => clearTimeout(t);
  }, [playing, replayAt, unseen.length]);

  // ---- what the engine allows now ----------------------------------------------------------
  const phaseLegal = useMemo(() => (myTurn ? (legal(local, me!) as Record<string, unknown>) : {}), [local, myTurn]);
  const moveLegal = phaseLegal as MovementLegal;
  const isSetup = myTurn && phase.endsWith("_setup");
  const isMove = myTurn && !pending && phase.endsWith("_movement");
  const isDeclare = myTurn && !pending && phase.endsWith("_combat") && !local.battles_declared;
  const isResolve = myTurn && !pending && phase.endsWith("_combat") && local.battles_declared;
  const isRepl = myTurn && !pending && phase.endsWith("_replacement");
  const movable = useMemo(
    () => new Map(isMove ? (moveLegal.units ?? []).map((u) => [u.unit_id, u.valid_hexes.map(cell)] as const) : []),
    [phaseLegal, isMove],
  );
  const attacks = isDeclare ? ((phaseLegal as CombatLegal).possible_attacks ?? []) : undefined;
  const repl: ReplacementLegal = isRepl ? (phaseLegal as ReplacementLegal) : {};
  const setup: SetupLegal = isSetup ? (phaseLegal as SetupLegal) : {};

  const clearSel = () => {
    setSel(null);
    setCur({ attackers: [], defender: null });
  };

  // ---- sending --------------------------------------------------------------------------
  const send = async (batch: Queued[], extra: MoscowAction[] = []) => {
    const actions = [...batch.map((q) => q.action), ...extra];
    if (actions.length === 0 || busy) return;
    setBusy(true);
    setError(null);
    const r = await props.submit(actions);
    setBusy(false);
    if (r.ok) {
      setQueue([]);
      try {
        localStorage.removeItem(qKey);
      } catch {
        /* nothing kept */
      }
      setResult({ events: r.result.events, lines: r.result.lines ?? [] });
      clearSel();
    } else {
      setQueue(batch);
      setError(r.code === "stale_seq" ? "The game has moved on since this page was loaded: reload it to see the new position (your unsent moves are dropped)." : r.message);
    }
  };

  /** Queues one action after checking it with the engine; sends at once when the sitting ends. */
  const enqueue = (action: MoscowAction, label: string) => {
    if (!me) return;
    const r = apply(local, me, action, previewRng());
    if (!r.ok) {
      setError(r.message);
      return;
    }
    setError(null);
    setResult(null);
    const next = [...queue, { action, label }];
    clearSel();
    if (!toAct(r.state).includes(me) || r.state.outcome) send(next);
    else setQueue(next);
  };

  const undo = () => {
    setQueue(queue.slice(0, -1));
    clearSel();
    setError(null);
  };

  // ---- map clicks ------------------------------------------------------------------------
  const onCell = (c: string) => {
    if (replaying || !myTurn || busy) return;
    setError(null);
    const unit = occupied.get(c) ?? null;
    const mine = unit !== null && unitDef(unit)?.side === me;

    if (isSetup) {
      const setupCells = (setup.setup_hexes ?? []).map(cell);
      const draftAt = Object.entries(placed).find(([, v]) => v === c)?.[0] ?? null;
      if (draftAt) {
        if (sel && sel !== draftAt && placed[sel]) {
          // swap two placed units
          setPlaced({ ...placed, [sel]: c, [draftAt]: placed[sel]! });
          setSel(null);
        } else setSel(sel === draftAt ? null : draftAt);
        return;
      }
      if (sel && setupCells.includes(c)) {
        setPlaced({ ...placed, [sel]: c });
        setSel(null);
        return;
      }
      setSel(null);
      return;
    }

    if (pending) {
      if (pending.kind === "retreat") {
        const opts = pending.options.filter((o) => o.type === "retreat" && cell(o.path.at(-1)) === c);
        if (opts.length === 1) chooseOption(opts[0]!);
      } else if (pending.kind === "advance" && unit) {
        const opt = pending.options.find((o) => o.type === "advance" && o.unit_id === unit);
        if (opt) chooseOption(opt);
      } else if (pending.kind === "advance") {
        const opts = pending.options.filter((o) => o.type === "advance" && o.unit_id !== null);
        const battle = local.pending_battles[pending.battle_index];
        if (opts.length === 1 && battle?.defender_hex && cell(battle.defender_hex) === c) chooseOption(opts[0]!);
      }
      return;
    }

    if (isMove) {
      if (mine) {
        if (sel === unit) setSel(null);
        else if (movable.has(unit!)) setSel(unit);
        else {
          setSel(null);
          const why = legal(local, me!, { unit_id: unit! }) as { reason?: string };
          setError(why.reason ?? `${unit} has nowhere to go.`);
        }
        return;
      }
      if (sel && movable.get(sel)?.includes(c)) {
        const from = cell(local.units.find((u) => u.id === sel)?.position);
        enqueue({ type: "move", unit_id: sel, to: axial(c) }, `${sel} ${from} → ${hexLabel(axial(c))}`);
        return;
      }
      setSel(null);
      return;
    }

    if (isDeclare && attacks) {
      if (unit && !mine) {
        const inDraft = draft.findIndex((b) => b.defender === unit);
        if (inDraft >= 0) {
          // take a drafted battle back for editing
          const b = draft[inDraft]!;
          setDraft(draft.filter((_, i) => i !== inDraft));
          setCur({ attackers: b.attackers, defender: b.defender });
          return;
        }
        const pa = attacks.find((a) => a.defender === unit);
        if (!pa) {
          setError(`${unit} cannot be attacked: none of your units is next to it.`);
          return;
        }
        if (cur.defender === unit) setCur({ attackers: [], defender: null });
        else setCur({ defender: unit, attackers: cur.attackers.filter((a) => pa.possible_attackers.includes(a)) });
        return;
      }
      if (unit && mine) {
        const used = draft.findIndex((b) => b.attackers.includes(unit));
        if (used >= 0) {
          setError(`${unit} already attacks in battle ${used + 1}. Tap its defender to change that battle.`);
          return;
        }
        if (cur.attackers.includes(unit)) {
          setCur({ ...cur, attackers: cur.attackers.filter((a) => a !== unit) });
          return;
        }
        if (cur.defender) {
          const pa = attacks.find((a) => a.defender === cur.defender);
          if (!pa?.possible_attackers.includes(unit)) {
            setError(`${unit} is not next to ${cur.defender}.`);
            return;
          }
        } else if (!attacks.some((a) => a.possible_attackers.includes(unit))) {
          setError(`${unit} is not next to any enemy unit.`);
          return;
        }
        setCur({ ...cur, attackers: [...cur.attackers, unit] });
        return;
      }
      setCur({ attackers: [], defender: null });
      return;
    }

    if (isRepl) {
      if (sel && (repl.placeable_units ?? []).includes(sel) && (repl.valid_placement_hexes ?? []).map(cell).includes(c)) {
        enqueue({ type: "replacement", action: "place", unit_id: sel, hex: axial(c) }, `${sel} returns at ${hexLabel(axial(c))}`);
        return;
      }
      if (mine && (repl.restorable_units ?? []).includes(unit!)) {
        setSel(sel === unit ? null : unit);
        return;
      }
      setSel(null);
    }
  };

  const chooseOption = (o: MoscowAction) => enqueue(o, optionLabel(o, local));

  // ---- end phase ------------------------------------------------------------------------
  const endPhase = () => {
    if (!me) return;
    const after = apply(local, me, { type: "end_phase" }, previewRng());
    if (!after.ok) {
      setError(after.message);
      return;
    }
    const endsSitting = !toAct(after.state).includes(me) || !!after.state.outcome;
    const left: string[] = [];
    if (isMove) {
      const n = [...movable.keys()].length;
      if (n > 0) left.push(`${n} of your units could still move (${[...movable.keys()].slice(0, 6).join(", ")}${n > 6 ? "…" : ""}).`);
    }
    if (isDeclare && attacks && attacks.length > 0) {
      left.push(
        draft.length
          ? `You drafted ${draft.length} battle${draft.length > 1 ? "s" : ""} but did not declare ${draft.length > 1 ? "them" : "it"}: ending the phase attacks no one.`
          : `You have declared no attacks; ${attacks.length} enemy unit${attacks.length > 1 ? "s are" : " is"} within reach.`,
      );
    }
    if (isRepl && (repl.remaining ?? 0) > 0 && ((repl.restorable_units ?? []).length || (repl.placeable_units ?? []).length)) {
      left.push(`You still have ${repl.remaining} replacement${repl.remaining! > 1 ? "s" : ""}; unused ones are lost.`);
    }
    const go = () => {
      setConfirm(null);
      enqueue({ type: "end_phase" }, `end of ${phaseText(phase)}`);
    };
    if (left.length === 0 && !endsSitting) return go();
    setConfirm({
      title: `End the ${phaseText(phase)} phase?`,
      body: [...left, ...(endsSitting ? [`This finishes your turn and sends it (${queue.length + 1} action${queue.length ? "s" : ""}) to the other player.`] : [])],
      yes: endsSitting ? "End phase and send" : "End phase",
      then: go,
    });
  };

  // ---- what to draw ------------------------------------------------------------------------
  const shown = frame ? frame.after : local;
  const marks: Record<string, string> = {};
  const arrows: Arrow[] = [];
  const unitCls: Record<string, string> = {};
  const add = (id: string, c: string) => (unitCls[id] = `${unitCls[id] ?? ""} ${c}`);

  if (frame) {
    for (const a of frameArrows(frame)) arrows.push(a);
    for (const e of frame.events) {
      if (e.kind === "battle_resolved") {
        marks[cell(e.defender_hex as Axial)] = "target";
      }
      if (typeof e.unit_id === "string") add(e.unit_id, "selected");
    }
  } else if (isSetup) {
    for (const h of setup.setup_hexes ?? []) marks[cell(h)] = sel ? "dest" : "setup";
    if (sel) add(sel, "selected");
  } else if (pending && myTurn) {
    if (pending.kind === "retreat") {
      for (const o of pending.options) if (o.type === "retreat") {
        o.path.slice(0, -1).forEach((h) => (marks[cell(h)] ??= "path"));
        marks[cell(o.path.at(-1))] = "dest";
      }
      if (pending.unit_id) add(pending.unit_id, "target");
    } else if (pending.kind === "advance") {
      const b = local.pending_battles[pending.battle_index];
      if (b?.defender_hex) marks[cell(b.defender_hex)] = "dest";
      for (const o of pending.options) if (o.type === "advance" && o.unit_id) add(o.unit_id, "can-act");
    } else if (pending.kind === "losses") {
      const b = local.pending_battles[pending.battle_index];
      for (const a of b?.attackers ?? []) add(a, "can-act");
    }
  } else if (isMove) {
    for (const id of movable.keys()) add(id, "can-act");
    if (sel) {
      add(sel, "selected");
      for (const c of movable.get(sel) ?? []) marks[c] = "dest";
    }
  } else if (isDeclare && attacks) {
    const usedA = new Set(draft.flatMap((b) => b.attackers));
    const usedD = new Set(draft.map((b) => b.defender));
    for (const a of attacks) if (!usedD.has(a.defender)) add(a.defender, "target-cand");
    draft.forEach((b, i) => {
      add(b.defender, "target");
      for (const a of b.attackers) {
        add(a, "attacking");
        arrows.push({ from: unitCell(local, a), to: unitCell(local, b.defender), cls: "declared" });
      }
      marks[unitCell(local, b.defender)] = `battle battle-${i}`;
    });
    if (cur.defender) {
      add(cur.defender, "target selected");
      const pa = attacks.find((a) => a.defender === cur.defender);
      for (const id of pa?.possible_attackers ?? []) if (!usedA.has(id)) add(id, "can-act");
      marks[unitCell(local, cur.defender)] = "target";
    } else {
      for (const a of attacks) for (const id of a.possible_attackers) if (!usedA.has(id)) add(id, "can-act");
    }
    for (const a of cur.attackers) {
      add(a, "selected");
      if (cur.defender) arrows.push({ from: unitCell(local, a), to: unitCell(local, cur.defender), cls: "current" });
    }
  } else if (isResolve) {
    local.pending_battles.forEach((b) => {
      if (b.resolved) return;
      for (const a of b.attackers) arrows.push({ from: unitCell(local, a), to: unitCell(local, b.defender), cls: "declared" });
      add(b.defender, "target");
    });
  } else if (isRepl) {
    for (const id of repl.restorable_units ?? []) add(id, "can-act");
    if (sel && (repl.restorable_units ?? []).includes(sel)) add(sel, "selected");
    if (sel && (repl.placeable_units ?? []).includes(sel)) for (const h of repl.valid_placement_hexes ?? []) marks[cell(h)] = "dest";
  }
  if (!frame) for (const id of local.moved_this_phase) add(id, "moved");

  const pieces = unitPieces(shown, (id) => unitCls[id] ?? "", isSetup ? placed : undefined);
  const describeCell = (c: string) => describeHex(c, shown, frame ? hexesOf(shown) : occupied);

  // ---- panels ------------------------------------------------------------------------------
  const waitingFor = toAct(local);
  const hud = [
    { label: "Turn", value: phase.endsWith("setup") ? "setup" : `${local.turn} of ${LAST_TURN}` },
    { label: "Phase", value: phaseText(phase) },
    {
      label: "Weather",
      value: isMud(local.turn) ? "Mud" : "Dry",
      cls: isMud(local.turn) ? "mud" : "",
      title: isMud(local.turn) ? "Mud: units move one hex, attackers are halved" : "Mud on turns 3 and 4",
    },
    {
      label: "Replacements",
      value: `G ${local.german_replacement_used ? 0 : 1} · S ${local.soviet_replacements_remaining}`,
      title: "Replacements left this turn: German, Soviet",
    },
    {
      label: "To move",
      value:
        game.status === "finished"
          ? "game over"
          : myTurn
            ? "You"
            : waitingFor.length
              ? waitingFor.map(props.seatName).join(", ")
              : "—",
      cls: myTurn ? "you" : "",
    },
    { label: "Deadline", value: game.status === "finished" ? "—" : deadlineText(game.deadline) },
  ];

  const moscowOwner = shown.city_control.Moscow;
  return (
    <main class="moscow">
      <Hud items={hud} />
      <div class="play">
        <div class="board-wrap">
          <HexMap
            cols={MAP.columns}
            rows={MAP.rows}
            size={S}
            label={`Battle for Moscow map${frame ? ", replay" : ""}. Arrow keys move the cursor, Enter selects, Escape cancels.`}
            board={BOARD}
            marks={marks}
            pieces={pieces}
            arrows={arrows}
            describe={describeCell}
            onCell={onCell}
            onEscape={() => {
              clearSel();
              if (replaying) setReplayAt(null);
            }}
            focus={frame ? frameFocus(frame) : null}
            underlay={cities(shown.city_control)}
          />
          <p class="legend muted">
            <span class="key forest" /> forest <span class="key fort" /> fortification <span class="key river" /> river <span class="key rail" /> railway ·
            Moscow is <strong class={`owner-${moscowOwner}`}>{sideName(moscowOwner ?? "soviet")}</strong>
          </p>
        </div>
        <aside class="side">
          {game.status === "finished" && (
            <GameOver game={game} seatName={props.seatName}>
              <p>
                Moscow (1103) is held by the <strong>{sideName(moscowOwner ?? "soviet")}</strong> side after turn {local.turn}.
              </p>
              <p class="muted">
                Cities:{" "}
                {Object.entries(local.city_control)
                  .map(([c, o]) => `${c} ${sideName(o)}`)
                  .join(", ")}
              </p>
            </GameOver>
          )}
          {unseen.length > 0 && (
            <ReplayPanel
              frames={unseen}
              at={replayAt}
              setAt={(i) => {
                setReplayAt(i);
                if (i === null) setPlaying(false);
              }}
              playing={playing}
              setPlaying={setPlaying}
              complete={rebuilt?.complete ?? false}
              seatName={props.seatName}
              you={seat}
            />
          )}
          {result && <ResultCard result={result} />}
          {error && (
            <p class="error" role="alert">
              {error}
            </p>
          )}
          {!replaying && myTurn && (
            <section class="card act" aria-label="Your move">
              <h2>{pending ? "A choice is owed" : `Your move: ${phaseText(phase)}`}</h2>
              {isSetup && (
                <SetupPanel
                  units={setup.units ?? []}
                  hexes={(setup.setup_hexes ?? []).map(cell)}
                  placed={placed}
                  setPlaced={setPlaced}
                  sel={sel}
                  setSel={setSel}
                  onConfirm={(placements) =>
                    enqueue({ type: "setup", placements }, `${sideName(me!)} setup (${placements.length} units)`)
                  }
                />
              )}
              {pending && <PendingPanel state={local} choose={chooseOption} />}
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
              {isDeclare && attacks && (
                <DeclarePanel
                  state={local}
                  attacks={attacks}
                  draft={draft}
                  cur={cur}
                  setCur={setCur}
                  onAdd={() => {
                    if (!cur.defender || !cur.attackers.length) return;
                    setDraft([...draft, { attackers: cur.attackers, defender: cur.defender }]);
                    setCur({ attackers: [], defender: null });
                  }}
                  onRemove={(i) => setDraft(draft.filter((_, k) => k !== i))}
                  onDeclare={() => {
                    const battles = draft;
                    setDraft([]);
                    enqueue({ type: "declare_battles", battles }, `declare ${battles.length} battle${battles.length === 1 ? "" : "s"}`);
                  }}
                />
              )}
              {isResolve && <ResolvePanel state={local} busy={busy} onResolve={(i) => send(queue, [{ type: "resolve_battle", battle_index: i }])} />}
              {isRepl && (
                <ReplacementPanel
                  repl={repl}
                  sel={sel}
                  setSel={setSel}
                  state={local}
                  onRestore={(id) => enqueue({ type: "replacement", action: "restore", unit_id: id }, `${id} restored`)}
                />
              )}
            </section>
          )}
          {!replaying && !myTurn && game.status === "active" && (
            <section class="card wait" aria-live="polite">
              <h2>{busy ? "Sending…" : seat ? "Waiting" : "Watching"}</h2>
              <p>
                {game.summary ?? phaseText(phase)}.{" "}
                {waitingFor.length ? `${waitingFor.map(props.seatName).join(", ")} to move.` : ""}
                {seat ? " You will get an email when it is your move; this page also updates by itself." : ""}
              </p>
            </section>
          )}
          {myTurn && !replaying && (
            <div class="actionbar" role="toolbar" aria-label="Turn controls">
              <button type="button" onClick={undo} disabled={!queue.length || busy} aria-label="Undo the last unsent action">
                Undo
              </button>
              <button type="button" onClick={() => send(queue)} disabled={!queue.length || busy} aria-label={`Send ${queue.length} queued actions`}>
                {busy ? "Sending…" : `Send (${queue.length})`}
              </button>
              <button
                type="button"
                class="primary"
                onClick={endPhase}
                disabled={busy || !!pending || (local.battles_declared && local.pending_battles.some((b) => !b.resolved)) || isSetup}
                title={pending ? "Make the owed choice first" : local.battles_declared && local.pending_battles.some((b) => !b.resolved) ? "Resolve every declared battle first" : ""}
              >
                End phase
              </button>
            </div>
          )}
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
          <details class="card fulllog" onToggle={(e) => setLogOpen((e.currentTarget as HTMLDetailsElement).open)}>
            <summary>Full log{props.log ? ` (${props.log.length})` : ""}</summary>
            {logOpen && <Log entries={props.log} seatName={props.seatName} />}
          </details>
          <GameMenu game={game} token={token} reload={props.reload} />
        </aside>
      </div>
      {confirm && (
        <Confirm title={confirm.title} yes={confirm.yes} onYes={confirm.then} onNo={() => setConfirm(null)}>
          {confirm.body.map((l, i) => (
            <p key={i}>{l}</p>
          ))}
        </Confirm>
      )}
    </main>
  );
}

// ---- helpers ---------------------------------------------------------------------------------

function restoreQueue(key: string, base: MoscowState, seat: string | null): Queued[] {
  if (!seat) return [];
  try {
    const raw = localStorage.getItem(key);
    if (!raw) return [];
    const q = JSON.parse(raw) as Queued[];
    const f = fold(base, seat, q);
    return f.ok === q.length ? q : q.slice(0, f.ok);
  } catch {
    return [];
  }
}

function unitCell(state: MoscowState, id: string): string {
  return cell(state.units.find((u) => u.id === id)?.position);
}

function describeHex(c: string, state: MoscowState, at: Map<string, string>): string {
  const h = MAP.hexes.find((x) => x.id === c);
  if (!h) return c;
  const bits: string[] = [h.terrain];
  if (h.fort) bits.push("fortification");
  if (h.rail) bits.push("railway");
  if (h.riverSides.length) bits.push("river");
  let text = `${c}${h.city ? ` ${h.city} (${sideName(state.city_control[h.city] ?? "soviet")})` : ""}: ${bits.join(", ")}`;
  const u = at.get(c);
  if (u) {
    const d = unitDef(u)!;
    const st = state.units.find((x) => x.id === u)!;
    text += ` · ${sideName(d.side)} ${u} ${d.name}, ${st.strength === "full" ? d.full : d.half}-${d.ma}${st.strength === "half" ? " (half strength)" : ""}`;
  }
  return text;
}

function optionLabel(o: MoscowAction, state: MoscowState): string {
  if (o.type === "choose_losses") {
    const n = new Map<string, number>();
    for (const s of o.steps) n.set(s, (n.get(s) ?? 0) + 1);
    return (
      [...n]
        .map(([id, k]) => {
          const st = state.units.find((u) => u.id === id)?.strength;
          const dies = k >= 2 || st === "half";
          return dies ? `${id} is eliminated` : `${id} loses a step`;
        })
        .join(", ") || "no loss"
    );
  }
  if (o.type === "retreat") return `${o.unit_id} retreats to ${o.path.map((h) => hexLabel(h)).join(" → ")}`;
  if (o.type === "advance") return o.unit_id ? `${o.unit_id} advances` : "No advance";
  return o.type;
}

function frameArrows(f: Frame): Arrow[] {
  const out: Arrow[] = [];
  for (const e of f.events) {
    if ((e.kind === "moved" || e.kind === "advanced" || e.kind === "retreated") && e.from && e.to) {
      out.push({ from: cell(e.from as Axial), to: cell(e.to as Axial), cls: e.kind });
    }
    if (e.kind === "battle_resolved" && e.defender_hex) {
      for (const a of (e.attackers as string[]) ?? []) {
        const c = unitCell(f.before, a);
        if (c) out.push({ from: c, to: cell(e.defender_hex as Axial), cls: "declared" });
      }
    }
    if (e.kind === "battles_declared") {
      for (const b of (e.battles as { attackers: string[]; defender: string }[]) ?? []) {
        for (const a of b.attackers) out.push({ from: unitCell(f.before, a), to: unitCell(f.before, b.defender), cls: "declared" });
      }
    }
  }
  return out.filter((a) => a.from && a.to);
}

function frameFocus(f: Frame): string | null {
  for (const e of f.events) {
    if (e.to) return cell(e.to as Axial);
    if (e.defender_hex) return cell(e.defender_hex as Axial);
  }
  return null;
}

function ResultCard({ result }: { result: { events: GameEventJson[]; lines: string[] } }) {
  const battles = result.events.filter((e) => e.kind === "battle_resolved");
  return (
    <section class="card result" aria-live="polite" aria-label="What just happened">
      {battles.map((b, i) => (
        <div key={i} class="battle-result">
          <Die value={typeof b.die_roll === "number" ? b.die_roll : null} />
          <div>
            <strong>
              {String(b.result)}: {RESULT_TEXT[b.result as keyof typeof RESULT_TEXT]}
            </strong>
            <div class="muted">
              {(b.attackers as string[]).join(" + ")} ({String(b.attack)}) against {String(b.defender)} ({String(b.defense)}), {String(b.odds)}
              {b.odds !== b.modified_odds ? ` shifted to ${String(b.modified_odds)}` : ""}
            </div>
          </div>
        </div>
      ))}
      {result.lines.length > 0 && (
        <details open={result.lines.length <= 6}>
          <summary>What happened ({result.lines.length})</summary>
          <ul class="lines">
            {result.lines.map((l, i) => (
              <li key={i}>{l}</li>
            ))}
          </ul>
        </details>
      )}
    </section>
  );
}

function SetupPanel(p: {
  units: string[];
  hexes: string[];
  placed: Record<string, string>;
  setPlaced: (x: Record<string, string>) => void;
  sel: string | null;
  setSel: (x: string | null) => void;
  onConfirm: (placements: { unit_id: string; hex: Axial }[]) => void;
}) {
  const free = p.units.filter((u) => !p.placed[u]);
  const used = new Set(Object.values(p.placed));
  const empty = p.hexes.filter((h) => !used.has(h));
  const auto = () => {
    const next = { ...p.placed };
    const left = [...free];
    for (const h of empty) {
      const u = left.shift();
      if (!u) break;
      next[u] = h;
    }
    p.setPlaced(next);
    p.setSel(null);
  };
  const done = empty.length === 0;
  return (
    <div class="setup">
      <p class="hint">
        Place {p.hexes.length} units, one on each lit setup hex: pick a unit below (or on the map), then tap a hex.
        {p.units.length > p.hexes.length && ` The ${p.units.length - p.hexes.length} left over start in the replacement pool.`}
      </p>
      <div class="tray" role="group" aria-label="Units to place">
        {free.map((u) => (
          <button key={u} type="button" class={`chip side-${unitDef(u)?.side}${p.sel === u ? " on" : ""}`} aria-pressed={p.sel === u} onClick={() => p.setSel(p.sel === u ? null : u)}>
            {unitLabel(u)}
          </button>
        ))}
        {free.length === 0 && <span class="muted">All units are placed.</span>}
      </div>
      {p.sel && p.placed[p.sel] && (
        <button
          type="button"
          onClick={() => {
            const n = { ...p.placed };
            delete n[p.sel!];
            p.setPlaced(n);
            p.setSel(null);
          }}
        >
          Take {p.sel} off the map
        </button>
      )}
      <div class="buttons">
        <button type="button" onClick={auto} disabled={done}>
          Auto-place the rest ({empty.length})
        </button>
        <button type="button" onClick={() => p.setPlaced({})} disabled={used.size === 0}>
          Clear
        </button>
        <button
          type="button"
          class="primary"
          disabled={!done}
          onClick={() => p.onConfirm(Object.entries(p.placed).map(([unit_id, h]) => ({ unit_id, hex: axial(h) })))}
        >
          Confirm setup
        </button>
      </div>
    </div>
  );
}

function PendingPanel({ state, choose }: { state: MoscowState; choose: (o: MoscowAction) => void }) {
  const p = state.pending!;
  const b = state.pending_battles[p.battle_index];
  const head =
    p.kind === "losses"
      ? `Battle ${p.battle_index + 1}: your attackers must lose ${p.min_loss ? `steps worth at least ${p.min_loss}` : "one step"}. Choose which:`
      : p.kind === "retreat"
        ? `Battle ${p.battle_index + 1}: as the attacker you choose where ${p.unit_id} retreats. Tap a lit hex or pick a path:`
        : `Battle ${p.battle_index + 1}: ${b ? `${b.defender}'s hex is empty` : "the hex is empty"}. Advance one attacker into it?`;
  return (
    <div class="pending">
      <p class="hint">{head}</p>
      <div class="options">
        {p.options.map((o, i) => (
          <button key={i} type="button" class={o.type === "advance" && o.unit_id === null ? "" : "option"} onClick={() => choose(o)}>
            {optionLabel(o, state)}
          </button>
        ))}
      </div>
    </div>
  );
}

function OddsBox({ state, attackers, defender }: { state: MoscowState; attackers: string[]; defender: string }) {
  const o = computeOdds(state, attackers, defender);
  const names: Record<string, string> = { forest: "defender in forest", moscow: "defender in Moscow", fortification: "Soviet defender in a fortification", river: "every attacker across a river" };
  return (
    <div class="odds" aria-live="polite">
      <div>
        Attack <strong>{o.attack}</strong>
        {isMud(state.turn) ? " (halved for mud)" : ""} against defence <strong>{o.defense}</strong>: raw odds <strong>{o.odds}</strong>
      </div>
      {o.terrain_modifiers.length > 0 && (
        <ul class="shifts">
          {o.terrain_modifiers.map((m) => (
            <li key={m}>one column left: {names[m] ?? m}</li>
          ))}
        </ul>
      )}
      <div class={`final${o.column === 0 ? " none" : ""}`}>
        Final column: <strong>{o.modified_odds}</strong>
        {o.column === 0 ? " (no effect, no die)" : ""}
      </div>
    </div>
  );
}

function DeclarePanel(p: {
  state: MoscowState;
  attacks: { defender: string; possible_attackers: string[] }[];
  draft: { attackers: string[]; defender: string }[];
  cur: { attackers: string[]; defender: string | null };
  setCur: (c: { attackers: string[]; defender: string | null }) => void;
  onAdd: () => void;
  onRemove: (i: number) => void;
  onDeclare: () => void;
}) {
  const { cur } = p;
  const usedA = new Set(p.draft.flatMap((b) => b.attackers));
  const usedD = new Set(p.draft.map((b) => b.defender));
  const pa = cur.defender ? p.attacks.find((a) => a.defender === cur.defender) : null;
  return (
    <div class="declare">
      <p class="hint">Tap an enemy unit to attack (red), then the units that attack it. Add each battle, then declare them all at once.</p>
      <div class="tray" role="group" aria-label="Enemy units you can attack">
        {p.attacks
          .filter((a) => !usedD.has(a.defender))
          .map((a) => (
            <button
              key={a.defender}
              type="button"
              class={`chip side-${unitDef(a.defender)?.side}${cur.defender === a.defender ? " on" : ""}`}
              aria-pressed={cur.defender === a.defender}
              onClick={() =>
                p.setCur(cur.defender === a.defender ? { attackers: [], defender: null } : { defender: a.defender, attackers: cur.attackers.filter((x) => a.possible_attackers.includes(x)) })
              }
            >
              Attack {a.defender}
            </button>
          ))}
      </div>
      {pa && (
        <div class="tray" role="group" aria-label={`Units that can attack ${cur.defender}`}>
          {pa.possible_attackers
            .filter((a) => !usedA.has(a))
            .map((a) => {
              const on = cur.attackers.includes(a);
              return (
                <button
                  key={a}
                  type="button"
                  class={`chip side-${unitDef(a)?.side}${on ? " on" : ""}`}
                  aria-pressed={on}
                  onClick={() => p.setCur({ ...cur, attackers: on ? cur.attackers.filter((x) => x !== a) : [...cur.attackers, a] })}
                >
                  {on ? "✓ " : ""}
                  {a}
                </button>
              );
            })}
        </div>
      )}
      {cur.defender && cur.attackers.length > 0 && <OddsBox state={p.state} attackers={cur.attackers} defender={cur.defender} />}
      {cur.defender && (
        <button type="button" class="primary" disabled={!cur.attackers.length} onClick={p.onAdd}>
          Add battle: {cur.attackers.join(" + ") || "…"} against {cur.defender}
        </button>
      )}
      {p.draft.length > 0 && (
        <ol class="battles">
          {p.draft.map((b, i) => {
            const o = computeOdds(p.state, b.attackers, b.defender);
            return (
              <li key={i}>
                {b.attackers.join(" + ")} against {b.defender} at {hexLabel(p.state.units.find((u) => u.id === b.defender)!.position!)}:{" "}
                <strong>{o.modified_odds}</strong>
                {o.odds !== o.modified_odds ? ` (raw ${o.odds})` : ""}{" "}
                <button type="button" class="small" aria-label={`Remove battle ${i + 1}`} onClick={() => p.onRemove(i)}>
                  Remove
                </button>
              </li>
            );
          })}
        </ol>
      )}
      <div class="buttons">
        <button type="button" class="primary" disabled={p.draft.length === 0 || !!cur.defender} onClick={p.onDeclare}>
          Declare {p.draft.length} battle{p.draft.length === 1 ? "" : "s"}
        </button>
      </div>
    </div>
  );
}

function ResolvePanel({ state, onResolve, busy }: { state: MoscowState; onResolve: (i: number) => void; busy: boolean }) {
  const open = state.pending_battles.map((b, i) => ({ b, i })).filter(({ b }) => !b.resolved);
  return (
    <div class="resolve">
      <p class="hint">
        {open.length ? "Resolve each battle; the server rolls the die." : "Every battle is resolved: end the combat phase when ready."}
      </p>
      <ol class="battles">
        {state.pending_battles.map((b, i) => {
          const o = computeOdds(state, b.attackers, b.defender);
          return (
            <li key={i} class={b.resolved ? "done" : ""}>
              {b.attackers.join(" + ")} against {b.defender}: {b.resolved ? <>{b.die_roll ? `die ${b.die_roll}, ` : ""}<strong>{b.result}</strong></> : <strong>{o.modified_odds}</strong>}{" "}
              {!b.resolved && (
                <button type="button" class="primary small" disabled={busy} onClick={() => onResolve(i)} aria-label={`Resolve battle ${i + 1}: roll the die`}>
                  Resolve (roll)
                </button>
              )}
            </li>
          );
        })}
      </ol>
    </div>
  );
}

function ReplacementPanel(p: { repl: ReplacementLegal; sel: string | null; setSel: (x: string | null) => void; state: MoscowState; onRestore: (id: string) => void }) {
  const { repl } = p;
  return (
    <div class="repl">
      <p class="hint">
        {repl.remaining} replacement{repl.remaining === 1 ? "" : "s"} left. Restore a half-strength unit, or bring an eliminated unit back at half strength on a lit hex.
      </p>
      {(repl.restorable_units ?? []).length > 0 && (
        <div class="tray" role="group" aria-label="Units you can restore">
          {repl.restorable_units!.map((u) => (
            <button key={u} type="button" class={`chip side-${unitDef(u)?.side}${p.sel === u ? " on" : ""}`} onClick={() => p.onRestore(u)}>
              Restore {u} at {hexLabel(p.state.units.find((x) => x.id === u)!.position!)}
            </button>
          ))}
        </div>
      )}
      {(repl.placeable_units ?? []).length > 0 && (
        <div class="tray" role="group" aria-label="Eliminated units you can bring back">
          {repl.placeable_units!.map((u) => (
            <button key={u} type="button" class={`chip side-${unitDef(u)?.side}${p.sel === u ? " on" : ""}`} aria-pressed={p.sel === u} onClick={() => p.setSel(p.sel === u ? null : u)}>
              Bring back {unitLabel(u)}
            </button>
          ))}
        </div>
      )}
      {p.sel && (repl.placeable_units ?? []).includes(p.sel) && <p class="hint">Now tap a lit hex for {p.sel}.</p>}
    </div>
  );
}

function ReplayPanel(p: {
  frames: Frame[];
  at: number | null;
  setAt: (i: number | null) => void;
  playing: boolean;
  setPlaying: (x: boolean) => void;
  complete: boolean;
  seatName: (s: string) => string;
  you: string | null;
}) {
  const n = p.frames.length;
  const who = [...new Set(p.frames.map((f) => p.seatName(f.seat)))].join(" and ");
  if (p.at === null)
    return (
      <section class="card replay" aria-label="Since your last move">
        <h2>{p.you ? "Since your last move" : "Latest moves"}</h2>
        <p>
          {who} made {n} move{n === 1 ? "" : "s"}.
        </p>
        <button type="button" class="primary" onClick={() => p.setAt(0)}>
          Watch the replay
        </button>
      </section>
    );
  const i = Math.min(p.at, n - 1);
  const f = p.frames[i]!;
  return (
    <section class="card replay on" aria-label="Replay">
      <h2>
        Replay: step {i + 1} of {n}
      </h2>
      <p class="muted">
        {p.seatName(f.seat)}
        {f.bot ? " (computer)" : ""}, turn {f.after.turn}, {phaseText(f.before.phase)}
      </p>
      <ul class="lines" aria-live="polite">
        {f.lines.map((l, k) => (
          <li key={k}>{l}</li>
        ))}
      </ul>
      <div class="buttons replay-controls">
        <button type="button" aria-label="First step" title="First step" onClick={() => p.setAt(0)} disabled={i === 0}>
          <Icon name="first" />
        </button>
        <button type="button" aria-label="Previous step" title="Previous step" onClick={() => p.setAt(i - 1)} disabled={i === 0}>
          <Icon name="prev" />
        </button>
        <button type="button" aria-label={p.playing ? "Pause" : "Play"} title={p.playing ? "Pause" : "Play"} onClick={() => p.setPlaying(!p.playing)}>
          <Icon name={p.playing ? "pause" : "play"} />
        </button>
        <button type="button" aria-label="Next step" title="Next step" onClick={() => p.setAt(i + 1)} disabled={i >= n - 1}>
          <Icon name="next" />
        </button>
        <button type="button" class="primary" onClick={() => p.setAt(null)}>
          Back to the game
        </button>
      </div>
      {!p.complete && <p class="muted">Part of the log could not be replayed on this page; the lines above come from the log.</p>}
    </section>
  );
}
