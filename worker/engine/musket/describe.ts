/** describe(): one English line per event, with the chances and the draws as the d100 rolls they are (musket.md 11, 15); summary(). */
import { isHex } from "../hex";
import type { Summary } from "../ruleset";
import { hexText } from "./board";
import type { MusketEvent } from "./events";
import { atLeastHalfText, underText } from "./percent-roll";
import type { MusketState } from "./state";

const SIDE_NAME = ["Blue", "Red"] as const;
const side = (s: unknown): string => SIDE_NAME[s === 1 ? 1 : 0];
const where = (h: unknown): string => (isHex(h) ? hexText(h) : "nowhere");

const END_TEXT: Record<string, string> = {
  end_activation: "ends its activation",
  charge: "ends its activation after the charge",
  exit: "has left the map",
  command_failed: "fails its command check and does nothing this turn",
  terrain_check_failed: "fails to leave the hilltop; its activation is over",
};

const OUTCOME_TEXT: Record<string, string> = {
  attacker_repulsed: "the attacker is repulsed",
  defender_holds: "the defender holds",
  defender_retreats: "the defender retreats",
  defender_eliminated: "the defender is destroyed",
};

/** Why the game ended, in words (10), never the reason's id. */
const REASON_WORDS: Record<string, string> = {
  condition_met: "its victory conditions met",
  tiebreak: "more strength left after both sides met their conditions",
  annihilation: "the only side with units left on the map",
  turn_limit_winner: "the scenario's winner when the last turn ends",
  turn_limit_tiebreak: "more strength left when the last turn ends",
};
const DRAW_WORDS: Record<string, string> = {
  annihilation: "neither side has a unit left on the map",
  turn_limit_draw: "equal strength when the last turn ends",
};
const reasonText = (reason: string, draw: boolean): string =>
  (draw ? DRAW_WORDS[reason] : REASON_WORDS[reason]) ?? (draw ? "both sides met their conditions with equal strength" : reason.replace(/_/g, " "));

export function describe(e: MusketEvent): string {
  switch (e.kind) {
    case "activated":
      return e.inCommand ? `${side(e.side)} activates ${e.unit} (in command)` : `${side(e.side)} activates ${e.unit}, out of command: ${underText(e.u ?? 0, e.chance)}, ${e.passed ? "passed" : "failed"}`;
    case "terrain_check":
      return `${e.unit} tries to leave the hilltop at ${where(e.hex)}: ${atLeastHalfText(e.u)}, ${e.passed ? "passed" : "failed"}`;
    case "moved":
      return e.moved ? `${e.unit} moves ${where(e.from)} -> ${where(e.to)} (${e.cost} MP${e.usesRoad ? ", by road" : ""})` : `${e.unit} stays at ${where(e.from)}: all its movement is spent`;
    case "fired": {
      const result = e.hit ? `hit, ${e.damage} SP` : "miss";
      return `${e.unit} fires at ${e.target} ${e.distance} hex${e.distance === 1 ? "" : "es"} away: ${underText(e.u1, e.chance)} to hit, ${result}`;
    }
    case "charged":
      return (
        `${e.unit} charges ${e.target} at ${where(e.at)} (${Math.round(e.chance * 100)}% to beat the defence): ${e.dA} + ${e.attackerScore - e.dA} = ${e.attackerScore} against ${e.dD} + ${e.defenderScore - e.dD} = ${e.defenderScore}, ` +
        `${OUTCOME_TEXT[e.outcome] ?? e.outcome}` +
        `${e.defenderDamage ? `; ${e.target} loses ${e.defenderDamage} SP` : ""}${e.attackerDamage ? `; ${e.unit} loses ${e.attackerDamage} SP` : ""}` +
        `${e.outcome === "defender_retreats" && e.defenderTo ? ` and falls back to ${where(e.defenderTo)}` : ""}`
      );
    case "leader_casualty":
      if (!e.killed) return `Leader ${e.leader} with ${e.host} survives: ${underText(e.u, 0.15)} to fall`;
      return `Leader ${e.leader} with ${e.host} falls: ${underText(e.u, 0.15)} to fall; ${e.successor ? `${e.successor.id} takes over with ${e.successor.unit} (radius ${e.successor.radius})` : "nobody can take over"}`;
    case "morale":
      if (e.passed) return `${e.unit} holds its nerve: ${underText(e.u, e.chance)}`;
      return `${e.unit} wavers: ${underText(e.u, e.chance)}, loses 1 SP and ${e.retreatTo ? `retreats to ${where(e.retreatTo)}` : "has nowhere to retreat"}`;
    case "eliminated":
      return `${side(e.side)} ${e.unit} is eliminated at ${where(e.hex)}${e.leaders.length ? `, with leader ${e.leaders.join(", ")}` : ""}`;
    case "exited":
      return `${side(e.side)} ${e.unit} leaves the map by the ${e.edge} edge with ${e.sp} SP${e.leaders.length ? `, with leader ${e.leaders.join(", ")}` : ""}`;
    case "activation_ended":
      return `${e.unit} ${END_TEXT[e.reason] ?? e.reason}`;
    case "player_turn_ended":
      return `Turn ${e.turn}: ${side(e.side)} ends its player turn`;
    case "victory_check": {
      const met = (ids: readonly string[]) => (ids.length ? ids.join(", ") : "nothing");
      return `End of turn ${e.turn}: Blue has met ${met(e.satisfied.blue)}; Red has met ${met(e.satisfied.red)}`;
    }
    case "player_turn_started":
      return `Turn ${e.turn}: ${side(e.side)} to play`;
    case "game_over":
      return e.result === "draw"
        ? `Game over after turn ${e.turn}: a draw (${reasonText(e.reason, true)}); strength Blue ${e.sp.blue}, Red ${e.sp.red}`
        : `Game over after turn ${e.turn}: ${e.winners[0] === "blue" ? "Blue" : "Red"} wins (${reasonText(e.reason, false)}); strength Blue ${e.sp.blue}, Red ${e.sp.red}`;
  }
}

export function summary(state: MusketState): Summary {
  if (state.outcome) return { turn: state.turn, phase: "game_over", line: state.outcome.line };
  const who = state.sides[String(state.activePlayer) as "0" | "1"].name;
  const line = state.activeUnit ? `Turn ${state.turn} of ${state.turnLimit}: ${who} is acting with ${state.activeUnit}` : `Turn ${state.turn} of ${state.turnLimit}: ${who} to activate a unit or end the player turn`;
  return { turn: state.turn, phase: state.step, line };
}
