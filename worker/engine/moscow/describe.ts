/** One line of English per event, hexes by printed id ("XLVII moved 0504 -> 0706"). */
import { isHex, type Hex } from "../hex";
import type { Summary } from "../ruleset";
import type { MoscowEvent } from "./events";
import { phaseText } from "./phase-names";
import { RESULT_TEXT } from "./crt";
import { hexLabel, isMud } from "./data";
import { LAST_TURN, type CrtResult, type MoscowState } from "./state";

const where = (h: unknown): string => (isHex(h) ? hexLabel(h) : "?");
const side = (s: unknown): string => (s === "german" ? "German" : s === "soviet" ? "Soviet" : String(s));
const list = (xs: unknown): string => (Array.isArray(xs) ? xs.join(", ") : String(xs));
/** Battles are counted from 1, as the page counts them (the event's index counts from 0). */
const battleNumber = (index: unknown): string => (typeof index === "number" ? String(index + 1) : "?");

export function describe(event: MoscowEvent): string {
  // decision: turns stored before the kind was made snake_case keep "battlesDeclared"; they read as before
  const e = (event as { kind: string }).kind === "battlesDeclared" ? ({ ...event, kind: "battles_declared" } as MoscowEvent) : event;
  switch (e.kind) {
    case "setup_done":
      return `${side(e.side)} set up ${Array.isArray(e.placements) ? e.placements.length : 0} units${Array.isArray(e.pool) && e.pool.length ? `; in the pool: ${list(e.pool)}` : ""}`;
    case "phase_started":
      if (String(e.phase).endsWith("_setup")) return `Before turn 1: ${phaseText(String(e.phase))}`;
      return `Turn ${e.turn}${e.mud ? " (mud)" : ""}: ${phaseText(String(e.phase))} phase`;
    case "phase_skipped":
      return `Turn ${e.turn}: ${phaseText(String(e.phase))} phase skipped (${e.reason})`;
    case "moved": {
      const path = Array.isArray(e.path) ? (e.path as Hex[]) : [];
      const via = path.length > 1 ? ` via ${path.slice(0, -1).map(where).join(", ")}` : "";
      return `${e.unitId} ${e.rail ? "moved by rail" : "moved"} ${where(e.from)} -> ${where(e.to)}${via}`;
    }
    case "city_captured":
      return `${e.city} (${where(e.hex)}) is now ${side(e.side)}-controlled`;
    case "battles_declared": {
      const battles = Array.isArray(e.battles) ? (e.battles as { attackers: string[]; defender: string; modifiedOdds: string }[]) : [];
      if (battles.length === 0) return `${side(e.side)} declares no attacks`;
      return `${side(e.side)} declares ${battles.length} battle${battles.length > 1 ? "s" : ""}: ${battles
        .map((b, i) => `battle ${i + 1}, ${b.attackers.join("+")} vs ${b.defender} at ${b.modifiedOdds}`)
        .join("; ")}`;
    }
    case "battle_resolved": {
      const mods = Array.isArray(e.terrainModifiers) && e.terrainModifiers.length ? ` (${e.terrainModifiers.join(", ")})` : "";
      const odds = e.odds === e.modifiedOdds ? `${e.odds}` : `${e.odds} shifted to ${e.modifiedOdds}${mods}`;
      const roll = e.dieRoll === null ? "no die rolled" : `die ${e.dieRoll}`;
      return `Battle ${battleNumber(e.battleIndex)}: ${list(e.attackers)} (${e.attack}) attack ${e.defender} (${e.defense}) at ${where(e.defenderHex)}, ${odds}, ${roll}: ${e.result} (${RESULT_TEXT[e.result as CrtResult] ?? "?"})`;
    }
    case "step_lost":
      return e.to === "eliminated" ? `${e.unitId} is eliminated (${e.cause})` : `${e.unitId} loses a step at ${where(e.hex)} and is now at half strength (${e.cause})`;
    case "eliminated":
      return e.cause === "no_retreat" ? `${e.unitId} is eliminated: it has no retreat from ${where(e.hex)}` : `${e.unitId} is eliminated at ${where(e.hex)} (${e.cause})`;
    case "retreat_blocked":
      return `${e.unitId} cannot retreat from ${where(e.hex)}`;
    case "retreated":
      return `${e.unitId} retreats ${where(e.from)} -> ${Array.isArray(e.path) ? e.path.map(where).join(" -> ") : where(e.to)}`;
    case "advanced":
      return `${e.unitId} advances ${where(e.from)} -> ${where(e.to)}`;
    case "advance_declined":
      return `No advance after battle ${battleNumber(e.battleIndex)}`;
    case "replacement":
      return e.action === "restore"
        ? `${side(e.side)} replacement: ${e.unitId} restored to full strength at ${where(e.hex)}`
        : `${side(e.side)} replacement: ${e.unitId} returns at half strength at ${where(e.hex)}`;
    case "game_over":
      return `Game over after turn ${e.turn}: the ${side(e.moscow)} player holds Moscow and wins`;
    default:
      // an event of an older engine still in a log
      return String((e as { kind: unknown }).kind);
  }
}

export function summary(state: MoscowState): Summary {
  if (state.phase === "game_over" || state.outcome) {
    const winner = state.outcome?.winners[0];
    return { turn: state.turn, phase: "game_over", line: `Game over after turn ${state.turn}: ${side(winner)} holds Moscow and wins` };
  }
  if (state.phase === "soviet_setup" || state.phase === "german_setup") {
    return { turn: state.turn, phase: state.phase, line: `Before turn 1: ${phaseText(state.phase)}` };
  }
  const mud = isMud(state.turn) ? " (mud)" : "";
  return { turn: state.turn, phase: state.phase, line: `Turn ${state.turn} of ${LAST_TURN}${mud}, ${phaseText(state.phase)}` };
}
