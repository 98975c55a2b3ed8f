import type { Summary } from "../ruleset";
import type { DiceWarsEvent } from "./events";
import { type DiceWarsState, seatLabel, seatOf, showCell } from "./state";
import { cellCounts } from "./turns";

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** One line of English per event (logs, replays, emails). */
export function describeEvent(e: DiceWarsEvent): string {
  switch (e.kind) {
    case "expand":
      return `${seatLabel(e.seat)} expands from ${showCell(e.from)} into ${showCell(e.to)} with strength ${e.strength}.`;
    case "attack": {
      const rolls = `rolls ${e.attackRoll} (1-${e.attack}) against ${e.defenceRoll} (1-${e.defence})`;
      return e.captured
        ? `${seatLabel(e.seat)} attacks ${seatLabel(e.defender)} at ${showCell(e.to)} from ${showCell(e.from)}: ${rolls} and captures it with strength ${e.targetStrength}.`
        : `${seatLabel(e.seat)} attacks ${seatLabel(e.defender)} at ${showCell(e.to)} from ${showCell(e.from)}: ${rolls}; the defender holds with strength ${e.targetStrength}.`;
    }
    case "supply": {
      const lost = e.lost > 0 ? `; ${e.lost} lost because every cell is full` : "";
      return `${seatLabel(e.seat)} ends the turn and receives ${plural(e.given, "die", "dice")} of supply on ${plural(e.gains?.length ?? 0, "cell")} (largest territory ${plural(e.territory, "cell")})${lost}.`;
    }
    case "turn":
      return `Round ${e.round}: ${seatLabel(e.seat)} to move.`;
    case "eliminated":
      return `${seatLabel(e.seat)} has lost its last cell to ${seatLabel(e.by)} and is eliminated.`;
    case "game_over":
      return `Game over: ${e.line}`;
    default:
      // an event of an older engine still in a log
      return `${String((e as { kind: unknown }).kind)}.`;
  }
}

export function summarize(state: DiceWarsState): Summary {
  const cells = cellCounts(state);
  const standing = state.players
    .map((p, i) => (p.eliminated ? `${seatLabel(p.seat)} out` : `${seatLabel(p.seat)} ${plural(cells[i]!, "cell")}`))
    .join(", ");
  if (state.phase === "game_over") {
    const end = state.outcome ? `Game over: ${state.outcome.line}` : "Game over.";
    return { turn: state.round, phase: "game_over", line: `${end} (${standing})` };
  }
  return {
    turn: state.round,
    phase: "play",
    line: `Round ${state.round}: ${seatLabel(seatOf(state.current))} to move (${standing}).`,
  };
}
