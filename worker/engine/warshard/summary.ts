/** The position in one line (whose move, which phase), for game lists, mails and the page; the phases' names the event lines use too. */
import type { Summary } from "../ruleset";
import { sideTitle } from "./board";
import type { WarshardState } from "./state";

const PHASE_TEXT: Readonly<Record<string, string>> = {
  movement: "movement",
  attack: "attack allocation",
  support: "attacker's support",
  defense: "defender's support",
  resolution: "combat resolution",
  upkeep: "upkeep",
  game_over: "game over",
};

export const phaseText = (phase: string): string => PHASE_TEXT[phase] ?? phase;

export function summary(state: WarshardState): Summary {
  if (state.outcome) return { turn: state.turn, phase: "game_over", line: state.outcome.line };
  const waiting = state.pending ? `, ${sideTitle(state.pending.side)} to choose a ${state.pending.kind.replace("_", " ")}` : "";
  return { turn: state.turn, phase: state.phase, line: `Player-turn ${state.turn} of ${state.turnLimit}: ${sideTitle(state.activeSide)}'s ${phaseText(state.phase)}${waiting}` };
}
