import type { Hex } from "../hex";
import type { GameEvent, Summary } from "../ruleset";
import { type DiceWarsState, seatLabel, seatOf, showCell } from "./state";
import { cellCounts } from "./turns";

const cell = (value: unknown): string => (Array.isArray(value) ? showCell(value as unknown as Hex) : String(value));
const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** One line of English per event (logs, replays, emails). */
export function describeEvent(event: GameEvent): string {
  const e = event as Record<string, any>;
  const who = seatLabel(e.seat);
  switch (event.kind) {
    case "expand":
      return `${who} expands from ${cell(e.from)} into ${cell(e.to)} with strength ${e.strength}.`;
    case "attack": {
      const rolls = `rolls ${e.attackRoll} (1-${e.attack}) against ${e.defenceRoll} (1-${e.defence})`;
      return e.captured
        ? `${who} attacks ${seatLabel(e.defender)} at ${cell(e.to)} from ${cell(e.from)}: ${rolls} and captures it with strength ${e.targetStrength}.`
        : `${who} attacks ${seatLabel(e.defender)} at ${cell(e.to)} from ${cell(e.from)}: ${rolls}; the defender holds with strength ${e.targetStrength}.`;
    }
    case "supply": {
      const lost = e.lost > 0 ? `; ${e.lost} lost because every cell is full` : "";
      return `${who} ends the turn and receives ${plural(e.given, "die", "dice")} of supply on ${plural(e.gains?.length ?? 0, "cell")} (largest territory ${plural(e.territory, "cell")})${lost}.`;
    }
    case "turn":
      return `Round ${e.round}: ${who} to move.`;
    case "eliminated":
      return `${who} has lost its last cell to ${seatLabel(e.by)} and is eliminated.`;
    case "game_over": {
      const winners = (e.winners as string[]).map(seatLabel).join(" and ");
      if (e.reason === "last_player_standing") return `Game over: ${winners} wins as the last player standing.`;
      return e.result === "draw"
        ? `Game over at the round limit: a draw between ${winners} (equal cells and strength).`
        : `Game over at the round limit: ${winners} wins with the most cells.`;
    }
    default:
      return `${event.kind}.`;
  }
}

export function summarize(state: DiceWarsState): Summary {
  const cells = cellCounts(state);
  const standing = state.players
    .map((p, i) => (p.eliminated ? `${p.seat} out` : `${p.seat} ${plural(cells[i]!, "cell")}`))
    .join(", ");
  if (state.phase === "game_over") {
    const end = state.outcome ? describeEvent({ kind: "game_over", ...state.outcome }) : "Game over.";
    return { turn: state.round, phase: "game_over", line: `${end} (${standing})` };
  }
  return {
    turn: state.round,
    phase: "play",
    line: `Round ${state.round}: ${seatLabel(seatOf(state.current))} to move (${standing}).`,
  };
}
