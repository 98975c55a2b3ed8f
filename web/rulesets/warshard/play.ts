/**
 * The viewer's play on the WarShard page, beyond the shared turn (queue, sending): the board's
 * choices for the phase (from the engine's legal(), none before the rules come), the selected unit, and ending a
 * phase. An action that rolls a die (the end of the last allocation, a retreat or advance that
 * ends the upkeep's decisions) or starts a new player-turn sends the queue at once, with what was
 * queued before it: the server's dice decide what follows, and the service takes no action after
 * one that drew.
 */
import { useMemo, useState } from "preact/hooks";
import type { BoardChoice, BoardPlay } from "../../components/hexmap-choices";
import { useTurn } from "../../components/useTurn";
import type { RulesetPageProps } from "../types";
import { apply, fightsInfo, legal, printedId, toAct, unitById, type WarshardAction, type WarshardState } from "./engine";
import { actionLabel } from "./action-labels";

const RULES = {
  apply,
  toAct,
  // decision: a new player-turn (the upkeep ran out after your answer) ends the sitting too
  endsBatch: (_: unknown, events: readonly { kind: string }[]) => events.some((e) => e.kind === "player_turn_started"),
};

/** The kind of choice a board highlight stands for (its CSS class, after the ws- prefix). */
const CHOICE_CLS: Record<string, string> = {
  move: "dest",
  attack: "attack",
  support: "support",
  retreat: "retreat",
  advance: "advance",
  place_replacement: "place",
};

export const END_ACTION: Record<string, { action: WarshardAction; label: string }> = {
  movement: { action: { type: "end_movement" }, label: "End movement" },
  attack: { action: { type: "end_attacks" }, label: "End attacks" },
  support: { action: { type: "end_support" }, label: "End support" },
  defense: { action: { type: "end_support" }, label: "End defensive support" },
};

const IDLE_WHY: Record<string, string> = {
  movement: "That unit has no movement points left, or every hex around it is closed.",
  attack: "Only melee units next to an enemy attack, each once a turn.",
  support: "Only artillery and air wings within range of a fight support it, each once a turn.",
  defense: "Only artillery and air wings within range of a fight, and not under attack themselves, support its defence.",
};

const unitOf = (a: WarshardAction): string | null => ("unit" in a ? a.unit : null);

export type WarshardPlay = ReturnType<typeof useWarshardPlay>;

export function useWarshardPlay(props: RulesetPageProps<WarshardState>) {
  const me = props.seat;
  const [sel, setSel] = useState<string | null>(null);
  /** The unit picked in a selected hex that holds several (a stack after a retreat). */
  const [picked, setPicked] = useState<string | null>(null);
  const clearSel = () => {
    setSel(null);
    setPicked(null);
  };
  const turn = useTurn<WarshardState, WarshardAction>(props, RULES, { onReset: clearSel });
  const { local, myTurn } = turn;
  const phase = local.phase;
  const pending = myTurn ? local.pending : null;
  // none until the rules have come (props.rulesReady)
  const choices = useMemo(() => (myTurn && me ? legal(local, me).choices : []), [local, myTurn, me, props.rulesReady]);
  const fights = useMemo(() => fightsInfo(local), [local]);

  /** Cell -> the units in it that have a choice (several only in a stack). */
  const actors = useMemo(() => {
    const m = new Map<string, string[]>();
    for (const c of choices) {
      const id = unitOf(c.action);
      const u = id ? unitById(local, id) : undefined;
      if (!u?.hex || c.action.type === "retreat" || c.action.type === "place_replacement") continue;
      const cell = printedId(u.hex);
      const list = m.get(cell) ?? [];
      if (!list.includes(u.id)) m.set(cell, [...list, u.id]);
    }
    return m;
  }, [choices]);
  const selUnits = sel ? (actors.get(sel) ?? []) : [];
  const selUnit = sel ? (picked && selUnits.includes(picked) ? picked : (selUnits[0] ?? null)) : null;

  /** The choices as the board takes them: a unit's hex, then where it goes; retreats and placements by their hex. */
  const choicesOnBoard = useMemo<BoardChoice<WarshardAction>[]>(() => {
    const out: BoardChoice<WarshardAction>[] = [];
    for (const c of choices) {
      if (!c.to) continue;
      const id = unitOf(c.action);
      const u = id ? unitById(local, id) : undefined;
      // a unit's choices start from its hex (an advance too: the board lights who may go)
      const from = c.action.type === "retreat" || c.action.type === "place_replacement" || !u?.hex ? undefined : printedId(u.hex);
      // in a stack only the picked unit's choices are offered
      if (from && from === sel && id !== selUnit) continue;
      out.push({ from, to: printedId(c.to), action: c.action, cls: CHOICE_CLS[c.action.type] });
    }
    return out;
  }, [choices, sel, selUnit]);

  /** Queues one action (useTurn sends it at once when it rolls or a player-turn begins). */
  const act = (action: WarshardAction) => {
    if (me) turn.enqueue(action, actionLabel(local, action));
  };

  /** Ends the phase in hand; asks first when attacks are left undeclared. */
  const endPhase = () => {
    const end = END_ACTION[phase];
    if (!end || !me || pending) return;
    const go = () => {
      turn.setConfirm(null);
      act(end.action);
    };
    if (phase === "attack" && local.fights.length === 0 && choices.some((c) => c.action.type === "attack")) {
      return turn.setConfirm({ title: "End attacks without attacking?", body: ["None of your units attacks this turn, though some could."], yes: "End attacks", then: go });
    }
    go();
  };

  const board: BoardPlay<WarshardAction> = {
    choices: choicesOnBoard,
    selected: sel,
    select: (cell) => {
      turn.setError(null);
      setSel(cell);
      setPicked(null);
    },
    choose: act,
    // a tap on one of your units that has nothing to do: say why
    other: (cell) => (!pending && unitAtCell(local, cell, me) && !actors.has(cell) ? (IDLE_WHY[phase] ?? null) : null),
    clear: clearSel,
  };

  return { turn, me, local, myTurn, phase, pending, choices, fights, sel, selUnit, selUnits, setPicked, clearSel, act, endPhase, board };
}

function unitAtCell(state: WarshardState, cell: string, side: string | null): boolean {
  return state.units.some((u) => u.status === "map" && u.hex && u.side === side && printedId(u.hex) === cell);
}
