/**
 * Scenarios (musket.md 4): one of ours by id, or an inline one in the shape of
 * scenarios/musket/*.json, checked field by field (errors name the field and the hex). Beyond
 * the reference's format, a scenario may describe any position: each unit's state
 * (`maxSp`, `activated`, `mpUsed`, `fired`, `roadOk`), and at the top level `turn`,
 * `activePlayer`, `step`, `activeUnit`, `holdStreaks`, and the units already `eliminated` or
 * `exited` (with their `edge`). position.ts writes any state back in this shape.
 */
import { ruleError, type ScenarioRef } from "../ruleset";
import pitchedBattle from "../../../scenarios/musket/pitched-battle.json";
import theBridge from "../../../scenarios/musket/the-bridge.json";
import rearguard from "../../../scenarios/musket/rearguard.json";
import { DEFAULT_TURN_LIMIT } from "./data";
import { bad, isBad, isInt, isObject, sideOf, text, type Bad } from "./scenario-fields";
import { parseMap } from "./scenario-map";
import { parseLeaders, parseRemoved, parseUnits } from "./scenario-units";
import { parseVictory } from "./scenario-victory";
import type { Condition, MusketState, Side, Step, Unit } from "./state";

export const SCENARIO_FILES: readonly Record<string, unknown>[] = [pitchedBattle, theBridge, rearguard];

const FIELDS = ["id", "name", "description", "map", "sides", "units", "leaders", "firstPlayer", "turnLimit", "turnLimitWinner", "victory", "turn", "activePlayer", "step", "activeUnit", "holdStreaks", "eliminated", "exited"];

function parseSides(v: unknown): MusketState["sides"] | Bad {
  const raw = v ?? {};
  if (!isObject(raw)) return bad("sides", 'must be {"0": {"name": ...}, "1": {"name": ...}}');
  const sides = { "0": { name: "Blue" }, "1": { name: "Red" } };
  for (const key of Object.keys(raw)) {
    if (key !== "0" && key !== "1") return bad(`sides.${key}`, 'the sides are "0" and "1"');
    const s = raw[key];
    if (!isObject(s) || typeof s.name !== "string" || s.name.length === 0 || s.name.length > 30) return bad(`sides.${key}.name`, "must be a string of 1 to 30 characters");
    sides[key] = { name: s.name };
  }
  return sides;
}

interface Position {
  turn: number;
  activePlayer: Side;
  step: Step;
  activeUnit: string | null;
  holdStreaks: Record<string, number>;
}

/** Where play stands: turn, side to move, step, the acting unit, hold streaks. */
function parsePosition(raw: Record<string, unknown>, turnLimit: number, firstPlayer: Side, units: readonly Unit[], conditions: readonly Condition[]): Position | Bad {
  const turn = raw.turn ?? 1;
  if (!isInt(turn, 1, turnLimit)) return bad("turn", `must be a whole number from 1 to the turn limit ${turnLimit}`);
  const activePlayer = sideOf(raw.activePlayer ?? firstPlayer, "activePlayer");
  if (isBad(activePlayer)) return activePlayer;
  const step = raw.step ?? "awaiting_activation";
  if (step !== "awaiting_activation" && step !== "action") return bad("step", 'must be "awaiting_activation" or "action"');
  const activeUnit = raw.activeUnit ?? null;
  if (step === "action") {
    const active = units.find((u) => u.id === activeUnit);
    if (!active) return bad("activeUnit", "must name the unit on the map that is acting in the action step");
    if (active.side !== activePlayer) return bad("activeUnit", `${active.id} does not belong to the active player`, active.hex);
    if (active.activated) return bad("activeUnit", `${active.id} is marked activated: an acting unit is not yet`, active.hex);
  } else if (activeUnit !== null) return bad("activeUnit", 'is set only in the "action" step');
  for (const [i, u] of units.entries()) {
    if (u.id !== activeUnit && (u.mpUsed > 0 || u.fired || u.roadOk)) return bad(`units[${i}]`, `${u.id} is not acting: mpUsed, fired and roadOk belong to the active unit`, u.hex);
  }
  const holdIds = conditions.filter((c) => c.kind === "hold_hexes").map((c) => c.id);
  const streaks = raw.holdStreaks ?? {};
  if (!isObject(streaks)) return bad("holdStreaks", "must be an object of hold_hexes condition ids to counts");
  for (const [key, n] of Object.entries(streaks)) {
    if (!holdIds.includes(key)) return bad(`holdStreaks.${key}`, "names no hold_hexes condition");
    if (!isInt(n, 0, 999)) return bad(`holdStreaks.${key}`, "must be a whole number from 0");
  }
  const holdStreaks = Object.fromEntries(holdIds.map((id) => [id, (streaks[id] as number | undefined) ?? 0]));
  return { turn, activePlayer, step, activeUnit: activeUnit as string | null, holdStreaks };
}

function parse(raw: Record<string, unknown>): MusketState | Bad {
  for (const key of Object.keys(raw)) if (!FIELDS.includes(key)) return bad(key, `unknown field (use ${FIELDS.join(", ")})`);
  const id = text(raw.id, "id", 40, "custom");
  if (isBad(id)) return id;
  const name = text(raw.name, "name", 80, "Custom scenario");
  if (isBad(name)) return name;
  const description = text(raw.description, "description", 2000, "");
  if (isBad(description)) return description;
  const map = parseMap(raw.map);
  if (isBad(map)) return map;
  const sides = parseSides(raw.sides);
  if (isBad(sides)) return sides;
  const ids = new Set<string>();
  const units = parseUnits(map, raw.units, ids);
  if (isBad(units)) return units;
  const eliminated = parseRemoved(map, raw.eliminated, "eliminated", ids);
  if (isBad(eliminated)) return eliminated;
  const exited = parseRemoved(map, raw.exited, "exited", ids);
  if (isBad(exited)) return exited;
  const leaders = parseLeaders(raw.leaders, units);
  if (isBad(leaders)) return leaders;
  const firstPlayer = sideOf(raw.firstPlayer ?? 0, "firstPlayer");
  if (isBad(firstPlayer)) return firstPlayer;
  const turnLimit = raw.turnLimit ?? DEFAULT_TURN_LIMIT;
  if (!isInt(turnLimit, 1, 999)) return bad("turnLimit", "must be a whole number of turns from 1");
  const turnLimitWinner = raw.turnLimitWinner === undefined || raw.turnLimitWinner === null ? null : sideOf(raw.turnLimitWinner, "turnLimitWinner");
  if (isBad(turnLimitWinner)) return turnLimitWinner;
  const victory = parseVictory(map, raw.victory);
  if (isBad(victory)) return victory;
  const position = parsePosition(raw, turnLimit, firstPlayer, units, [...victory["0"], ...victory["1"]]);
  if (isBad(position)) return position;
  return { scenario: { id, name }, map, sides, firstPlayer, turnLimit, turnLimitWinner, victory, ...position, units, leaders, eliminated, exited, outcome: null };
}

// a built-in scenario's starting state, parsed once (a game's own copy of it is made at each setup)
const builtIn = new Map<string, MusketState | Bad>();

/** The starting state of a scenario, or why it cannot be one. */
export function scenarioState(ref: ScenarioRef): MusketState | Bad {
  if (typeof ref !== "string") return parse(ref as Record<string, unknown>);
  const file = SCENARIO_FILES.find((s) => s.id === ref);
  if (!file) return ruleError("bad_scenario", `musket has no scenario "${ref}": choose one of ${SCENARIO_FILES.map((s) => s.id).join(", ")}`, { scenario: ref });
  let parsed = builtIn.get(ref);
  if (parsed === undefined) {
    parsed = parse(file);
    builtIn.set(ref, parsed);
  }
  if (isBad(parsed)) return parsed;
  // the map is never changed (draft.ts): shared, so what is worked out once a map stays worked out
  const copy = structuredClone({ ...parsed, map: null }) as unknown as MusketState;
  copy.map = parsed.map;
  return copy;
}
