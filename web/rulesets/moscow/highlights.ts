/**
 * What the map lights up: for a replay step, what moved and fought; otherwise what the viewer
 * can do in the phase in hand (lit hexes, units that can act, drafted battles as arrows).
 */
import type { Arrow } from "../../components/HexMap";
import { cell, unitCell, type Axial } from "./cells";
import type { MoscowPlay } from "./play";
import type { MoscowFrame as Frame } from "./playback";

export interface Highlights {
  /** Cell -> CSS classes for the hex. */
  marks: Record<string, string>;
  arrows: Arrow[];
  /** Unit id -> CSS classes for its counter. */
  unitCls: Record<string, string>;
}

export function boardHighlights(play: MoscowPlay, frame: Frame | null): Highlights {
  const { local, sel, pending, myTurn, movable, attacks, draft, cur, repl, setup } = play;
  const marks: Record<string, string> = {};
  const arrows: Arrow[] = [];
  const unitCls: Record<string, string> = {};
  const add = (id: string, c: string) => (unitCls[id] = `${unitCls[id] ?? ""} ${c}`);

  if (frame) {
    for (const a of frameArrows(frame)) arrows.push(a);
    for (const e of frame.events) {
      if (e.kind === "battle_resolved") {
        marks[cell(e.defenderHex as Axial)] = "target";
      }
      if (typeof e.unitId === "string") add(e.unitId, "selected");
    }
  } else if (play.isSetup) {
    for (const h of setup.setupHexes ?? []) marks[cell(h)] = sel ? "dest" : "setup";
    if (sel) add(sel, "selected");
  } else if (pending && myTurn) {
    if (pending.kind === "retreat") {
      for (const o of pending.options) if (o.type === "retreat") {
        o.path.slice(0, -1).forEach((h) => (marks[cell(h)] ??= "path"));
        marks[cell(o.path.at(-1))] = "dest";
      }
      if (pending.unitId) add(pending.unitId, "target");
    } else if (pending.kind === "advance") {
      const b = local.pendingBattles[pending.battleIndex];
      if (b?.defenderHex) marks[cell(b.defenderHex)] = "dest";
      for (const o of pending.options) if (o.type === "advance" && o.unitId) add(o.unitId, "can-act");
    } else if (pending.kind === "losses") {
      const b = local.pendingBattles[pending.battleIndex];
      for (const a of b?.attackers ?? []) add(a, "can-act");
    }
  } else if (play.isMove) {
    // the board lights the destinations; the counters say which units can move
    for (const id of movable.keys()) add(id, "can-act");
    if (sel) add(sel, "selected");
  } else if (play.isDeclare && attacks) {
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
      for (const id of pa?.possibleAttackers ?? []) if (!usedA.has(id)) add(id, "can-act");
      marks[unitCell(local, cur.defender)] = "target";
    } else {
      for (const a of attacks) for (const id of a.possibleAttackers) if (!usedA.has(id)) add(id, "can-act");
    }
    for (const a of cur.attackers) {
      add(a, "selected");
      if (cur.defender) arrows.push({ from: unitCell(local, a), to: unitCell(local, cur.defender), cls: "current" });
    }
  } else if (play.isResolve) {
    local.pendingBattles.forEach((b) => {
      if (b.resolved) return;
      for (const a of b.attackers) arrows.push({ from: unitCell(local, a), to: unitCell(local, b.defender), cls: "declared" });
      add(b.defender, "target");
    });
  } else if (play.isRepl) {
    for (const id of repl.restorableUnits ?? []) add(id, "can-act");
    if (sel && (repl.restorableUnits ?? []).includes(sel)) add(sel, "selected");
  }
  if (!frame) for (const id of local.movedThisPhase) add(id, "moved");
  return { marks, arrows, unitCls };
}

/** The cell a replay step is about (where something moved or fought), for the map to show. */
export function frameFocus(f: Frame): string | null {
  for (const e of f.events) {
    if (e.to) return cell(e.to as Axial);
    if (e.defenderHex) return cell(e.defenderHex as Axial);
  }
  return null;
}

function frameArrows(f: Frame): Arrow[] {
  const out: Arrow[] = [];
  for (const e of f.events) {
    if ((e.kind === "moved" || e.kind === "advanced" || e.kind === "retreated") && e.from && e.to) {
      out.push({ from: cell(e.from as Axial), to: cell(e.to as Axial), cls: e.kind });
    }
    if (e.kind === "battle_resolved" && e.defenderHex) {
      for (const a of (e.attackers as string[]) ?? []) {
        const c = unitCell(f.before, a);
        if (c) out.push({ from: c, to: cell(e.defenderHex as Axial), cls: "declared" });
      }
    }
    if (e.kind === "battlesDeclared") {
      for (const b of (e.battles as { attackers: string[]; defender: string }[]) ?? []) {
        for (const a of b.attackers) out.push({ from: unitCell(f.before, a), to: unitCell(f.before, b.defender), cls: "declared" });
      }
    }
  }
  return out.filter((a) => a.from && a.to);
}
