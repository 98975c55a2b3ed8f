/**
 * What the board offers in each phase, as HexMap takes it (legal choices in by printed id, the
 * chosen one out): moves, owed retreats and advances and replacements are the engine's legal()
 * actions; setup placements and battles are drafted on the page first, so their choices are
 * steps of the draft. A tap the board does not take says why, where there is a reason to give.
 */
import type { BoardChoice, BoardPlay } from "../../components/hexmap-choices";
import { placeUnit, placementChoices, type PlaceStep } from "../../components/Placement";
import { hexLabel, unitDef, unitOptions, type MoscowAction } from "./engine";
import { cell, hexesOf, unitCell } from "./cells";
import { optionLabel } from "./labels";
import type { MoscowPlay } from "./play";

/** What a chosen cell does: queue an action, or take a step of a draft. */
export type Pick =
  | { kind: "act"; action: MoscowAction; label: string }
  | PlaceStep
  | { kind: "defender"; id: string }
  | { kind: "attacker"; id: string }
  | { kind: "reopen"; index: number };

const act = (action: MoscowAction, label: string): Pick => ({ kind: "act", action, label });

/** The phase's choices on the board, while the viewer may act. */
export function boardPlay(play: MoscowPlay): BoardPlay<Pick> {
  const fixed = { choose: (p: Pick) => choose(play, p), clear: play.clearSel };
  return { ...phaseChoices(play), ...fixed };
}

function phaseChoices(play: MoscowPlay): Omit<BoardPlay<Pick>, "choose" | "clear"> {
  const { me, local, sel, setSel } = play;
  const at = hexesOf(local);
  const pick = (c: string | null) => setSel(c === null ? null : (at.get(c) ?? null));
  const pending = local.pending;

  if (play.isSetup) {
    const draft = placementChoices(play.placed, (play.setup.setupHexes ?? []).map(cell), sel);
    return { ...draft, select: (c) => setSel(c === null ? null : draft.unitAt(c)) };
  }

  if (pending?.kind === "retreat" || pending?.kind === "advance") {
    // the unit that must retreat is selected for the viewer; an advance starts from the attacker tapped
    const choices = pending.options.flatMap((o): BoardChoice<Pick>[] => {
      if (o.type === "retreat") return [{ from: unitCell(local, o.unitId), to: cell(o.path.at(-1)), action: act(o, optionLabel(o, local)), cls: "dest" }];
      const b = local.pendingBattles[pending.battleIndex];
      return o.type === "advance" && o.unitId && b?.defenderHex ? [{ from: unitCell(local, o.unitId), to: cell(b.defenderHex), action: act(o, optionLabel(o, local)), cls: "dest" }] : [];
    });
    const only = new Set(choices.map((c) => c.from)).size === 1 ? choices[0]!.from! : null;
    // with several attackers able to advance, a tap on the empty hex says who may go rather than nothing
    const other = (c: string) => {
      const into = choices.filter((x) => x.to === c);
      if (into.length < 2) return null;
      const who = into.map((x) => at.get(x.from!) ?? x.from).join(", ");
      return `${into.length} units can advance into ${c} (${who}): tap the one that goes, then ${c}, or choose in the panel.`;
    };
    return { choices, selected: only ?? (sel ? unitCell(local, sel) : null), select: pick, other };
  }

  if (play.isMove) {
    const choices = play.choices.flatMap((c): BoardChoice<Pick>[] =>
      c.action.type === "move" ? [{ from: cell(c.from), to: cell(c.to), action: act(c.action, `${c.action.unitId} ${cell(c.from)} → ${hexLabel(c.action.to)}`), cls: "dest" }] : [],
    );
    const other = (c: string) => {
      const unit = at.get(c);
      if (!unit || unitDef(unit)?.side !== me) return null;
      return unitOptions(local, me!, unit)?.reason ?? `${unit} has nowhere to go.`;
    };
    return { choices, selected: sel ? unitCell(local, sel) : null, select: pick, other };
  }

  if (play.isDeclare && play.attacks) {
    const { attacks, draft, cur } = play;
    const used = new Set(draft.flatMap((b) => b.attackers));
    const drafted = new Set(draft.map((b) => b.defender));
    const reach = cur.defender ? attacks.filter((a) => a.defender === cur.defender) : attacks;
    const attackers = new Set(reach.flatMap((a) => a.possibleAttackers).filter((a) => !used.has(a)));
    const choices: BoardChoice<Pick>[] = [
      ...attacks.filter((a) => !drafted.has(a.defender)).map((a): BoardChoice<Pick> => ({ to: unitCell(local, a.defender), action: { kind: "defender", id: a.defender }, cls: "target" })),
      ...draft.map((b, index): BoardChoice<Pick> => ({ to: unitCell(local, b.defender), action: { kind: "reopen", index }, cls: `battle battle-${index}` })),
      ...[...attackers].map((id): BoardChoice<Pick> => ({ to: unitCell(local, id), action: { kind: "attacker", id }, cls: "can" })),
    ];
    const other = (c: string) => {
      const unit = at.get(c);
      if (!unit) return play.setCur({ attackers: [], defender: null });
      const k = draft.findIndex((b) => b.attackers.includes(unit));
      if (unitDef(unit)?.side !== me) return `${unit} cannot be attacked: none of your units is next to it.`;
      return k >= 0 ? `${unit} already attacks in battle ${k + 1}. Tap its defender to change that battle.` : `${unit} is not next to ${cur.defender ?? "any enemy unit"}.`;
    };
    return { choices, selected: null, select: () => {}, other };
  }

  if (play.isRepl) {
    // restoring is a tap on the unit; bringing one back, a tap on a lit hex once it is picked in the panel
    const choices = play.choices.flatMap((c): BoardChoice<Pick>[] => {
      const a = c.action;
      if (a.type !== "replacement" || (a.action === "place" && a.unitId !== sel)) return [];
      const label = a.action === "place" ? `${a.unitId} returns at ${hexLabel(a.hex)}` : `${a.unitId} restored`;
      return [{ to: cell(c.to), action: act(a, label), cls: a.action === "place" ? "dest" : "can" }];
    });
    return { choices, selected: null, select: () => {} };
  }
  return { selected: null, select: () => {} };
}

/** Carries out a chosen step: queues an action, or moves a draft on. */
function choose(play: MoscowPlay, p: Pick) {
  const { placed, cur, draft, attacks } = play;
  play.turn.setError(null);
  if (p.kind === "act") return play.turn.enqueue(p.action, p.label);
  if (p.kind === "place") {
    play.setPlaced(placeUnit(placed, p));
    return play.setSel(null);
  }
  if (p.kind === "defender") {
    const pa = attacks?.find((a) => a.defender === p.id);
    return play.setCur(cur.defender === p.id || !pa ? { attackers: [], defender: null } : { defender: p.id, attackers: cur.attackers.filter((a) => pa.possibleAttackers.includes(a)) });
  }
  if (p.kind === "attacker") return play.setCur({ ...cur, attackers: cur.attackers.includes(p.id) ? cur.attackers.filter((a) => a !== p.id) : [...cur.attackers, p.id] });
  // take a drafted battle back for editing
  const b = draft[p.index]!;
  play.setDraft(draft.filter((_, i) => i !== p.index));
  play.setCur({ attackers: b.attackers, defender: b.defender });
}
