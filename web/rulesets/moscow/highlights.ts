/**
 * What the map shows beyond the choices (which the board lights itself): for a replay step,
 * what moved and fought; otherwise which counters can act or are picked, drafted and declared
 * battles as arrows, and the hexes of the setup and of a retreat's path.
 */
import type { Arrow, Highlights } from "../../components/HexMap";
import { eventArrows, type Frame } from "../../replay";
import type { MoscowState } from "./engine";
import { cell, unitCell, type Axial } from "./cells";
import type { MoscowPlay } from "./play";

export interface MoscowHighlights extends Highlights {
  /** Unit id -> CSS classes for its counter. */
  unitCls: Record<string, string>;
}

export function boardHighlights(play: MoscowPlay, frame: Frame<MoscowState> | null): MoscowHighlights {
  const { local, sel, myTurn, draft, cur } = play;
  const pending = local.pending;
  const marks: Record<string, string> = {};
  const arrows: Arrow[] = [];
  const unitCls: Record<string, string> = {};
  const add = (id: string, c: string) => (unitCls[id] = `${unitCls[id] ?? ""} ${c}`);
  const battle = (state: MoscowState, b: { attackers: string[]; defender: string }, cls = "declared") => {
    for (const a of b.attackers) arrows.push({ from: unitCell(state, a), to: unitCell(state, b.defender), cls });
  };

  if (frame) {
    arrows.push(...eventArrows(frame.events, ["moved", "advanced", "retreated"]));
    for (const e of frame.events) {
      if (e.kind === "battle_resolved") {
        marks[cell(e.defenderHex as Axial)] = "target";
        for (const a of (e.attackers as string[]) ?? []) arrows.push({ from: unitCell(frame.before, a), to: cell(e.defenderHex as Axial), cls: "declared" });
      }
      // "battlesDeclared": the kind's name in turns stored before it was made snake_case
      if (e.kind === "battles_declared" || e.kind === "battlesDeclared") for (const b of (e.battles as { attackers: string[]; defender: string }[]) ?? []) battle(frame.before, b);
      if (typeof e.unitId === "string") add(e.unitId, "selected");
    }
  } else if (play.isSetup) {
    const taken = new Set(Object.values(play.placed));
    if (!sel) for (const h of play.setup.setupHexes ?? []) if (!taken.has(cell(h))) marks[cell(h)] = "setup";
  } else if (pending && myTurn) {
    if (pending.kind === "retreat") {
      const ends = new Set(pending.options.flatMap((o) => (o.type === "retreat" ? [cell(o.path.at(-1))] : [])));
      for (const o of pending.options) if (o.type === "retreat") for (const h of o.path) if (!ends.has(cell(h))) marks[cell(h)] = "path";
      if (pending.unitId) add(pending.unitId, "target");
    }
    for (const o of pending.options) if (o.type === "advance" && o.unitId) add(o.unitId, "can-act");
    if (pending.kind === "losses") for (const a of local.pendingBattles[pending.battleIndex]?.attackers ?? []) add(a, "can-act");
  } else if (play.isMove) {
    for (const id of play.movable.keys()) add(id, "can-act");
  } else if (play.isDeclare && play.attacks) {
    const usedA = new Set(draft.flatMap((b) => b.attackers));
    const usedD = new Set(draft.map((b) => b.defender));
    for (const a of play.attacks) if (!usedD.has(a.defender)) add(a.defender, "target-cand");
    for (const b of draft) {
      add(b.defender, "target");
      for (const a of b.attackers) add(a, "attacking");
      battle(local, b);
    }
    const reach = cur.defender ? play.attacks.filter((a) => a.defender === cur.defender) : play.attacks;
    for (const a of reach) for (const id of a.possibleAttackers) if (!usedA.has(id)) add(id, "can-act");
    if (cur.defender) add(cur.defender, "target selected");
    for (const a of cur.attackers) add(a, "selected");
    if (cur.defender) battle(local, { attackers: cur.attackers, defender: cur.defender }, "current");
  } else if (play.isResolve) {
    for (const b of local.pendingBattles) if (!b.resolved) (battle(local, b), add(b.defender, "target"));
  } else if (play.isRepl) {
    for (const id of play.repl.restorableUnits ?? []) add(id, "can-act");
  }
  if (!frame && sel) add(sel, "selected");
  if (!frame) for (const id of local.movedThisPhase) add(id, "moved");
  return { marks, arrows, unitCls };
}
