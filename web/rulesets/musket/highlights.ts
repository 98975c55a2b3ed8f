/**
 * What the map lights: units that may act, the focused unit's reach (moves as the board's own
 * choices), its fire and charge targets, the line of sight to the enemy aimed at, and in the
 * replay the step's moves, shots and charges as arrows.
 */
import type { Arrow } from "../../components/HexMap";
import type { Frame } from "../../replay";
import { unitById, type MusketState, type Unit, type UnitAnswer } from "./engine";
import { sightLine } from "./acting";
import { cellOf } from "./board";
type MusketFrame = Frame<MusketState>;
import type { SightLine } from "./sight";

export interface Highlights {
  marks: Record<string, string>;
  /** Cells the focused unit could reach if activated now. */
  reach: string[];
  arrows: Arrow[];
  sight: SightLine | null;
  unitCls: (u: Unit) => string;
  focusCell: string | null;
}

const isHex = (v: unknown): v is [number, number] => Array.isArray(v) && v.length === 2 && typeof v[0] === "number";

/** The replay step's arrows: moves, fire, charges and retreats. */
function frameArrows(frame: MusketFrame): Arrow[] {
  const out: Arrow[] = [];
  for (const e of frame.events) {
    if (e.kind === "moved" && e.moved && isHex(e.from) && isHex(e.to)) out.push({ from: cellOf(e.from), to: cellOf(e.to), cls: "mk-a-move" });
    if (e.kind === "fired" && isHex(e.from) && isHex(e.at)) out.push({ from: cellOf(e.from), to: cellOf(e.at), cls: `mk-a-fire${e.hit ? " hit" : ""}` });
    if (e.kind === "charged" && isHex(e.origin) && isHex(e.at)) out.push({ from: cellOf(e.origin), to: cellOf(e.at), cls: "mk-a-charge" });
    if (e.kind === "charged" && isHex(e.at) && isHex(e.defenderTo) && cellOf(e.at) !== cellOf(e.defenderTo)) out.push({ from: cellOf(e.at), to: cellOf(e.defenderTo), cls: "mk-a-retreat" });
    if (e.kind === "morale" && isHex(e.retreatTo)) {
      const before = unitById(frame.before, String(e.unit));
      if (before) out.push({ from: cellOf(before.hex), to: cellOf(e.retreatTo), cls: "mk-a-retreat" });
    }
  }
  return out;
}

export function highlights(p: {
  state: MusketState;
  frame: MusketFrame | null;
  myTurn: boolean;
  me: 0 | 1 | null;
  acting: string | null;
  focus: Unit | null;
  answer: UnitAnswer | null;
  target: Unit | null;
}): Highlights {
  const { state, frame, answer, focus, target } = p;
  if (frame) {
    const actor = typeof frame.action.unit === "string" ? frame.action.unit : frame.before.activeUnit;
    const u = actor ? (unitById(frame.after, actor) ?? unitById(frame.before, actor)) : undefined;
    const arrows = frameArrows(frame);
    return {
      marks: u ? { [cellOf(u.hex)]: "mk-sel" } : {},
      reach: [],
      arrows,
      sight: null,
      unitCls: (x) => (x.activated ? "done" : ""),
      focusCell: arrows[0]?.to ?? (u ? cellOf(u.hex) : null),
    };
  }
  const marks: Record<string, string> = {};
  let reach: string[] = [];
  const activeCls = (x: Unit) => [x.activated ? "done" : "", x.id === state.activeUnit ? "acting" : "", x.id === target?.id ? "aimed" : ""].join(" ").trim();

  if (p.myTurn && !p.acting) {
    for (const u of state.units) if (u.side === p.me && !u.activated) marks[cellOf(u.hex)] = "mk-can";
    if (focus) marks[cellOf(focus.hex)] = "mk-sel";
    // what the unit could do if activated now: its reach shaded, its targets ringed
    if (answer && focus && !focus.activated) {
      reach = answer.moveTargets.map((m) => cellOf(m.hex));
      for (const t of answer.fireTargets) marks[cellOf(unitById(state, t.unit)!.hex)] = "mk-fire";
      for (const t of answer.chargeTargets) {
        const c = cellOf(unitById(state, t.unit)!.hex);
        marks[c] = marks[c] ? "mk-fire mk-charge" : "mk-charge";
      }
    }
  }
  if (p.myTurn && p.acting && focus && answer) {
    for (const t of answer.fireTargets) marks[cellOf(unitById(state, t.unit)!.hex)] = "mk-fire";
    for (const t of answer.chargeTargets) {
      const c = cellOf(unitById(state, t.unit)!.hex);
      marks[c] = marks[c] ? "mk-fire mk-charge" : "mk-charge";
    }
  }
  // an enemy is aimed at only after a touch, which brings the rules: until they come there is no line to draw
  const sight = focus && target && focus.side !== target.side ? sightLine(state, focus, target) : null;
  if (sight && target) {
    marks[cellOf(target.hex)] = `${marks[cellOf(target.hex)] ?? ""} mk-aim`.trim();
    for (const b of sight.blockers) marks[cellOf(b)] = "mk-block";
  }
  return { marks, reach, arrows: [], sight, unitCls: activeCls, focusCell: null };
}
