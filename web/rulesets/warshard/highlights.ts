/**
 * What the map shows beyond the legal choices (which the board lights itself): the Fights
 * declared so far with arrows from their units, and for a replay step what moved, fought,
 * retreated or advanced.
 */
import type { Arrow } from "../../components/HexMap";
import type { GameEventJson } from "../../api";
import { isHexLike } from "./hexes";
import { printedId, unitById, type WarshardState } from "./engine";
import type { Frame } from "../../replay";

type WarshardFrame = Frame<WarshardState>;

export interface Highlights {
  marks: Record<string, string>;
  arrows: Arrow[];
  fightCells: string[];
  focus: string | null;
}

/** Arrows from every unit allocated to a Fight to its hex. */
function fightArrows(state: WarshardState): Arrow[] {
  const out: Arrow[] = [];
  for (const f of state.fights) {
    const to = printedId(f.hex);
    const add = (ids: string[], cls: string) => {
      for (const id of ids) {
        const u = unitById(state, id);
        if (u?.hex) out.push({ from: printedId(u.hex), to, cls });
      }
    };
    add(f.attackers, "ws-a-attack");
    add(f.attackSupport, "ws-a-support");
    add(f.defenceSupport, "ws-a-defence");
  }
  return out;
}

const cellOf = (v: unknown): string | null => (isHexLike(v) ? printedId(v) : null);

function stepMarks(events: GameEventJson[], marks: Record<string, string>, arrows: Arrow[]): string | null {
  let focus: string | null = null;
  for (const e of events) {
    const from = cellOf(e.from);
    const to = cellOf(e.to);
    switch (e.kind) {
      case "moved":
        if (from && to) {
          marks[from] = "ws-from";
          marks[to] = "ws-to";
          arrows.push({ from, to, cls: "ws-a-move" });
          focus = to;
        }
        break;
      case "fight_resolved": {
        const c = cellOf(e.fight);
        if (c) {
          marks[c] = `ws-fought r-${e.result}`;
          focus = c;
        }
        break;
      }
      case "retreated":
      case "advanced":
        if (from && to) {
          arrows.push({ from, to, cls: e.kind === "retreated" ? "ws-a-retreat" : "ws-a-advance" });
          marks[to] = "ws-to";
          focus = to;
        }
        break;
      case "eliminated": {
        const c = cellOf(e.hex);
        if (c) marks[c] = "ws-lost";
        break;
      }
      case "reinforcement_arrived":
      case "replacement_placed": {
        const c = cellOf(e.hex);
        if (c) marks[c] = "ws-to";
        break;
      }
    }
  }
  return focus;
}

export function boardHighlights(shown: WarshardState, frame: WarshardFrame | null): Highlights {
  const marks: Record<string, string> = {};
  const arrows = fightArrows(shown);
  const fightCells = shown.fights.map((f) => printedId(f.hex));
  const focus = frame ? stepMarks(frame.events, marks, arrows) : null;
  // the unit whose retreat is owed stands out, whoever chooses it
  const owed = shown.pending?.kind === "retreat" ? unitById(shown, shown.pending.unit) : undefined;
  if (!frame && owed?.hex) marks[printedId(owed.hex)] = "ws-owed";
  return { marks, arrows, fightCells, focus };
}
