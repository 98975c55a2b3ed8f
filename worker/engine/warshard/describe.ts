/** One line of English per event (15), for logs and mails; hexes by the id the map prints ("0607"), sides by their names ("USA"). */
import { isHex, printedId, type Hex } from "../hex";
import { sideTitle } from "./board";
import type { WarshardEvent } from "./events";
import { phaseText } from "./summary";

const at = (h: Hex | unknown): string => (isHex(h) ? printedId(h) : "?");
const list = (ids: readonly string[]): string => (ids.length === 0 ? "none" : ids.join(", "));

const RESULT_TEXT: Readonly<Record<string, string>> = {
  dr: "dr (defender retreats)",
  ar: "ar (attackers retreat)",
  EX: "EX (exchange)",
  DE: "DE (defender eliminated)",
  AE: "AE (attacker eliminated)",
  S: "S (no effect)",
  none: "no combat (odds below 1-2)",
  auto: "undefended: destroyed without a die",
};

const CAUSE_TEXT: Readonly<Record<string, string>> = {
  EX: "in an exchange",
  DE: "(defender eliminated)",
  AE: "(attacker eliminated)",
  undefended: "undefended",
  no_retreat: "with nowhere to retreat",
  stacking: "breaking up a stack",
};

export function describe(e: WarshardEvent): string {
  switch (e.kind) {
    case "player_turn_started":
      return `Player-turn ${e.turn}: ${sideTitle(e.side)} to move`;
    case "phase_skipped":
      return `Turn ${e.turn}: ${sideTitle(e.side)}'s ${phaseText(e.phase)} phase skipped (${e.reason})`;
    case "moved":
      return `${sideTitle(e.side)} ${e.unit} moved ${at(e.from)} to ${at(e.to)} for ${e.cost} half points${e.zoc ? ", stopping in enemy ZoC" : `, ${e.mobilityLeft} left`}`;
    case "stack_removed":
      return `${sideTitle(e.side)} ${e.unit} destroyed breaking up the stack at ${at(e.hex)}${e.k === null ? "" : ` (draw ${e.pick} of ${e.k} among ${list(e.tied)})`}`;
    case "attack_declared":
      return `${sideTitle(e.side)} ${e.unit} attacks ${at(e.fight)}`;
    case "support_declared":
      return `${sideTitle(e.side)} ${e.unit} supports the ${e.role === "attack" ? "attack on" : "defence of"} ${at(e.fight)}`;
    case "fight_resolved": {
      const shifts = [e.defenderOutOfSupply ? "defender out of supply" : "", e.attackerOutOfSupply ? "attacker out of supply" : ""].filter(Boolean).join(", ");
      const column = e.column === e.baseColumn ? "" : `, ${shifts} → ${e.column}`;
      const die = e.die === null ? "" : `, die ${e.die}`;
      return `Fight at ${at(e.fight)}: ${e.attack} vs ${e.defence} = ${e.baseColumn}${column}${die}: ${RESULT_TEXT[e.result] ?? e.result}`;
    }
    case "ex_loss":
      return `Exchange at ${at(e.fight)}: the attacker loses ${e.unit}${e.k === null ? "" : ` (draw ${e.pick} of ${e.k} among ${list(e.tied)})`}`;
    case "retreated":
      return `${sideTitle(e.side)} ${e.unit} retreated ${at(e.from)} to ${at(e.to)} (${e.chosenBy === "engine" ? "its only way out" : `chosen by ${sideTitle(e.chosenBy)}`})`;
    case "retreat_blocked":
      return `${sideTitle(e.side)} ${e.unit} at ${at(e.hex)} has nowhere to retreat`;
    case "eliminated":
      return `${sideTitle(e.side)} ${e.unit} eliminated at ${at(e.hex)} ${CAUSE_TEXT[e.cause] ?? e.cause}`;
    case "advanced":
      return `${e.unit} advanced from ${at(e.from)} into ${at(e.to)}`;
    case "advance_declined":
      return `No advance into ${at(e.fight)}`;
    case "reinforcement_arrived":
      return `${sideTitle(e.side)} reinforcement ${e.unit} arrived at ${at(e.hex)}`;
    case "reinforcement_delayed":
      return `${sideTitle(e.side)} reinforcement ${e.unit} is delayed: ${at(e.hex)} is occupied`;
    case "replacement_roll":
      return `${sideTitle(e.side)} replacement roll for ${e.unit}: ${e.die}, ${e.result === "destroyed" ? "destroyed for good" : e.result === "stays" ? "stays shattered" : "recovered"}`;
    case "replacement_placed":
      return `${sideTitle(e.side)} ${e.unit} returns at ${at(e.hex)}`;
    case "control_changed":
      return `${sideTitle(e.side)} now controls ${at(e.hex)}${e.previous === null ? "" : ` (was ${sideTitle(e.previous)})`}`;
    case "game_over": {
      const score = Object.entries(e.vp).map(([side, vp]) => `${sideTitle(side)} ${vp}`).join(", ");
      if (e.result === "draw") return `Game over after player-turn ${e.turn}: a draw (${e.reason === "annihilation" ? "both armies gone" : `victory points ${score}`})`;
      return `Game over after player-turn ${e.turn}: ${e.winners.map(sideTitle).join(", ")} wins (${e.reason === "annihilation" ? "annihilation" : `victory points ${score}`})`;
    }
  }
}
