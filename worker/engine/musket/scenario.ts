/**
 * Scenarios (musket.md 4): one of ours by id, or an inline one in the shape of
 * scenarios/musket/*.json, checked field by field (errors name the field and the hex). Beyond
 * the reference's format, a scenario may describe any position: each unit's state
 * (`maxSp`, `activated`, `mpUsed`, `fired`, `roadOk`), and at the top level `turn`,
 * `activePlayer`, `step`, `activeUnit`, `holdStreaks`, and the units already `eliminated` or
 * `exited` (with their `edge`).
 */
import { hexKey, isHex } from "../hex";
import { ruleError, type RuleError, type ScenarioRef } from "../ruleset";
import pitchedBattle from "../../../scenarios/musket/pitched-battle.json";
import theBridge from "../../../scenarios/musket/the-bridge.json";
import rearguard from "../../../scenarios/musket/rearguard.json";
import { hexText, onBoard, terrainAt } from "./board";
import { canEnter, DEFAULT_TURN_LIMIT, TERRAINS, UNIT_DEFS, UNIT_TYPES, type Terrain, type UnitType } from "./data";
import type { Cell, Condition, Edge, Leader, MapSpec, MusketState, RemovedUnit, Side, Step, Unit } from "./state";

export const SCENARIO_FILES: readonly Record<string, unknown>[] = [pitchedBattle, theBridge, rearguard];

type Bad = RuleError<"bad_scenario">;
const FIELDS = new Set(["id", "name", "description", "map", "sides", "units", "leaders", "firstPlayer", "turnLimit", "turnLimitWinner", "victory", "turn", "activePlayer", "step", "activeUnit", "holdStreaks", "eliminated", "exited"]);
const EDGES: readonly Edge[] = ["north", "south", "east", "west"];
const MAX_SIDE = 30;

class Refusal {
  constructor(readonly error: Bad) {}
}

function fail(field: string, message: string, hex?: Cell): never {
  throw new Refusal(ruleError("bad_scenario", `Scenario ${field}: ${message}`, hex ? { field, hex } : { field }));
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);
const isInt = (v: unknown, min: number, max = Number.MAX_SAFE_INTEGER): v is number => Number.isInteger(v) && (v as number) >= min && (v as number) <= max;

function text(raw: Record<string, unknown>, field: string, max: number, fallback: string): string {
  const v = raw[field];
  if (v === undefined) return fallback;
  if (typeof v !== "string" || v.length === 0 || v.length > max) fail(field, `must be a string of 1 to ${max} characters`);
  return v;
}

function side(v: unknown, field: string): Side {
  if (v !== 0 && v !== 1) fail(field, "must be 0 (Blue) or 1 (Red)");
  return v;
}

function hexOn(map: Pick<MapSpec, "cols" | "rows">, v: unknown, field: string): Cell {
  if (!isHex(v)) fail(field, "must be an axial hex [q, r] of two whole numbers");
  const h: Cell = [v[0], v[1]];
  if (!onBoard(map, h)) fail(field, `hex ${hexText(h)} is off the ${map.cols}x${map.rows} board`, h);
  return h;
}

function parseMap(v: unknown): MapSpec {
  if (!isObject(v)) fail("map", 'must be {"layout": "odd-q-rect", "cols", "rows", "default", "terrain"}');
  if (v.layout !== undefined && v.layout !== "odd-q-rect") fail("map.layout", 'the only layout is "odd-q-rect"');
  if (!isInt(v.cols, 1, MAX_SIDE)) fail("map.cols", `must be a whole number from 1 to ${MAX_SIDE}`);
  if (!isInt(v.rows, 1, MAX_SIDE)) fail("map.rows", `must be a whole number from 1 to ${MAX_SIDE}`);
  const terrainType = (t: unknown, field: string): Terrain => {
    if (!(TERRAINS as readonly unknown[]).includes(t)) fail(field, `must be one of ${TERRAINS.join(", ")}`);
    return t as Terrain;
  };
  const base = v.default === undefined ? "open" : terrainType(v.default, "map.default");
  const size = { cols: v.cols, rows: v.rows };
  const listed = v.terrain ?? [];
  if (!Array.isArray(listed)) fail("map.terrain", 'must be a list of {"hex": [q, r], "type": ...}');
  const seen = new Set<string>();
  const terrain = listed.map((entry, i) => {
    const field = `map.terrain[${i}]`;
    if (!isObject(entry)) fail(field, 'must be {"hex": [q, r], "type": ...}');
    const hex = hexOn(size, entry.hex, `${field}.hex`);
    if (seen.has(hexKey(hex))) fail(`${field}.hex`, `hex ${hexText(hex)} is listed twice`, hex);
    seen.add(hexKey(hex));
    return { hex, type: terrainType(entry.type, `${field}.type`) };
  });
  return { layout: "odd-q-rect", cols: v.cols, rows: v.rows, default: base, terrain };
}

interface UnitFields {
  id: string;
  side: Side;
  type: UnitType;
  hex: Cell;
  sp: number;
  maxSp: number;
  elite: boolean;
}

function parseUnitFields(map: MapSpec, v: unknown, field: string, ids: Set<string>, spMin: number): UnitFields {
  if (!isObject(v)) fail(field, 'must be {"id", "side", "type", "hex", ...}');
  if (typeof v.id !== "string" || v.id.length === 0 || v.id.length > 40) fail(`${field}.id`, "must be a string of 1 to 40 characters");
  if (ids.has(v.id)) fail(`${field}.id`, `${v.id} is used twice`);
  ids.add(v.id);
  const s = side(v.side, `${field}.side`);
  if (!(UNIT_TYPES as readonly unknown[]).includes(v.type)) fail(`${field}.type`, `must be one of ${UNIT_TYPES.join(", ")}`);
  const type = v.type as UnitType;
  const hex = hexOn(map, v.hex, `${field}.hex`);
  const sp = v.sp === undefined ? UNIT_DEFS[type].defaultSp : v.sp;
  if (!isInt(sp, spMin, 99)) fail(`${field}.sp`, `must be a whole number from ${spMin} to 99`, hex);
  const maxSp = v.maxSp === undefined ? Math.max(sp, 1) : v.maxSp;
  if (!isInt(maxSp, Math.max(sp, 1), 99)) fail(`${field}.maxSp`, `must be a whole number from ${Math.max(sp, 1)} (its sp) to 99`, hex);
  if (v.elite !== undefined && typeof v.elite !== "boolean") fail(`${field}.elite`, "must be true or false", hex);
  return { id: v.id, side: s, type, hex, sp, maxSp, elite: v.elite === true };
}

function parseUnit(map: MapSpec, v: Record<string, unknown>, field: string, ids: Set<string>, occupied: Map<string, string>): Unit {
  const f = parseUnitFields(map, v, field, ids, 1);
  if (!canEnter(f.type, terrainAt(map, f.hex))) fail(`${field}.hex`, `${UNIT_DEFS[f.type].name} cannot stand on ${terrainAt(map, f.hex)} at ${hexText(f.hex)}`, f.hex);
  const other = occupied.get(hexKey(f.hex));
  if (other) fail(`${field}.hex`, `hex ${hexText(f.hex)} already holds ${other}`, f.hex);
  occupied.set(hexKey(f.hex), f.id);
  for (const flag of ["activated", "fired", "roadOk"] as const) {
    if (v[flag] !== undefined && typeof v[flag] !== "boolean") fail(`${field}.${flag}`, "must be true or false", f.hex);
  }
  const mpUsed = v.mpUsed ?? 0;
  if (!isInt(mpUsed, 0, UNIT_DEFS[f.type].movement + 1)) fail(`${field}.mpUsed`, `must be a whole number from 0 to ${UNIT_DEFS[f.type].movement + 1}`, f.hex);
  return { ...f, activated: v.activated === true, mpUsed, fired: v.fired === true, roadOk: v.roadOk === true };
}

function parseCondition(map: MapSpec, v: unknown, field: string, ids: Set<string>): Condition {
  if (!isObject(v)) fail(field, 'must be {"id", "kind", ...}');
  if (typeof v.id !== "string" || v.id.length === 0 || v.id.length > 40) fail(`${field}.id`, "must be a string of 1 to 40 characters");
  if (ids.has(v.id)) fail(`${field}.id`, `condition id ${v.id} is used twice`);
  ids.add(v.id);
  if (v.group !== undefined && (typeof v.group !== "string" || v.group.length === 0)) fail(`${field}.group`, "must be a non-empty string");
  const base = v.group === undefined ? { id: v.id } : { id: v.id, group: v.group as string };
  const count = (min: number) => {
    if (!isInt(v.count, min, 99)) fail(`${field}.count`, `must be a whole number from ${min} to 99`);
    return v.count;
  };
  const hexes = () => {
    if (!Array.isArray(v.hexes) || v.hexes.length === 0) fail(`${field}.hexes`, "must be a non-empty list of hexes [q, r]");
    return v.hexes.map((h, i) => hexOn(map, h, `${field}.hexes[${i}]`));
  };
  const requireAll = () => {
    if (typeof v.requireAll !== "boolean") fail(`${field}.requireAll`, "must be true or false");
    return v.requireAll;
  };
  switch (v.kind) {
    case "eliminate_units":
      return { ...base, kind: "eliminate_units", count: count(1) };
    case "control_hexes": {
      const atTurn = v.atTurn ?? null;
      if (atTurn !== null && !isInt(atTurn, 1, 999)) fail(`${field}.atTurn`, "must be a turn number or null");
      return { ...base, kind: "control_hexes", hexes: hexes(), requireAll: requireAll(), atTurn };
    }
    case "hold_hexes":
      if (!isInt(v.turns, 1, 999)) fail(`${field}.turns`, "must be a whole number of turns from 1");
      return { ...base, kind: "hold_hexes", hexes: hexes(), requireAll: requireAll(), turns: v.turns };
    case "exit_units": {
      if (!(EDGES as readonly unknown[]).includes(v.edge)) fail(`${field}.edge`, `must be one of ${EDGES.join(", ")}`);
      const fromTurn = v.fromTurn ?? 1;
      if (!isInt(fromTurn, 1, 999)) fail(`${field}.fromTurn`, "must be a turn number from 1");
      return { ...base, kind: "exit_units", edge: v.edge as Edge, count: count(1), fromTurn };
    }
    default:
      return fail(`${field}.kind`, "must be one of eliminate_units, control_hexes, hold_hexes, exit_units");
  }
}

function parseRemoved(map: MapSpec, v: unknown, field: string, ids: Set<string>, exited: boolean): RemovedUnit {
  const f = parseUnitFields(map, v, field, ids, exited ? 1 : 0);
  if (!exited) return { ...f, sp: 0 };
  const edge = (v as Record<string, unknown>).edge;
  if (!(EDGES as readonly unknown[]).includes(edge)) fail(`${field}.edge`, `must be one of ${EDGES.join(", ")}`, f.hex);
  return { ...f, edge: edge as Edge };
}

function parse(raw: Record<string, unknown>): MusketState {
  for (const key of Object.keys(raw)) if (!FIELDS.has(key)) fail(key, `unknown field (use ${[...FIELDS].join(", ")})`);
  const id = text(raw, "id", 40, "custom");
  const name = text(raw, "name", 80, "Custom scenario");
  text(raw, "description", 2000, "");
  const map = parseMap(raw.map);
  const sidesRaw = raw.sides ?? {};
  if (!isObject(sidesRaw)) fail("sides", 'must be {"0": {"name": ...}, "1": {"name": ...}}');
  const sides = { "0": { name: "Blue" }, "1": { name: "Red" } };
  for (const key of Object.keys(sidesRaw)) {
    if (key !== "0" && key !== "1") fail(`sides.${key}`, 'the sides are "0" and "1"');
    const s = sidesRaw[key];
    if (!isObject(s) || typeof s.name !== "string" || s.name.length === 0 || s.name.length > 30) fail(`sides.${key}.name`, "must be a string of 1 to 30 characters");
    sides[key] = { name: s.name };
  }
  if (!Array.isArray(raw.units)) fail("units", "must be a list of units");
  const ids = new Set<string>();
  const occupied = new Map<string, string>();
  const units = raw.units.map((u, i) => parseUnit(map, u as Record<string, unknown>, `units[${i}]`, ids, occupied));
  const removedList = (key: "eliminated" | "exited") => {
    const list = raw[key] ?? [];
    if (!Array.isArray(list)) fail(key, "must be a list of units");
    return list.map((u, i) => parseRemoved(map, u, `${key}[${i}]`, ids, key === "exited"));
  };
  const eliminated = removedList("eliminated");
  const exited = removedList("exited");
  const leadersRaw = raw.leaders ?? [];
  if (!Array.isArray(leadersRaw)) fail("leaders", "must be a list of leaders");
  const leaderIds = new Set<string>();
  const hosts = new Set<string>();
  const leaders: Leader[] = leadersRaw.map((l, i) => {
    const field = `leaders[${i}]`;
    if (!isObject(l)) fail(field, 'must be {"id", "unit", "radius"}');
    if (typeof l.id !== "string" || l.id.length === 0 || l.id.length > 60) fail(`${field}.id`, "must be a string of 1 to 60 characters");
    if (leaderIds.has(l.id)) fail(`${field}.id`, `leader id ${l.id} is used twice`);
    leaderIds.add(l.id);
    const host = units.find((u) => u.id === l.unit);
    if (!host) fail(`${field}.unit`, `there is no unit ${JSON.stringify(l.unit)} on the map to host the leader`);
    // decision: one leader per unit, as succession keeps it (9.4)
    if (hosts.has(host.id)) fail(`${field}.unit`, `${host.id} already has a leader`, host.hex);
    hosts.add(host.id);
    if (!isInt(l.radius, 0, 99)) fail(`${field}.radius`, "must be a whole number from 0 to 99", host.hex);
    return { id: l.id, unit: host.id, radius: l.radius };
  });
  const firstPlayer = side(raw.firstPlayer ?? 0, "firstPlayer");
  const turnLimit = raw.turnLimit ?? DEFAULT_TURN_LIMIT;
  if (!isInt(turnLimit, 1, 999)) fail("turnLimit", "must be a whole number of turns from 1");
  const turnLimitWinner = raw.turnLimitWinner === undefined || raw.turnLimitWinner === null ? null : side(raw.turnLimitWinner, "turnLimitWinner");
  const victoryRaw = raw.victory ?? {};
  if (!isObject(victoryRaw)) fail("victory", 'must be {"0": [conditions], "1": [conditions]}');
  const conditionIds = new Set<string>();
  const victory = { "0": [] as Condition[], "1": [] as Condition[] };
  for (const key of Object.keys(victoryRaw)) {
    if (key !== "0" && key !== "1") fail(`victory.${key}`, 'the sides are "0" and "1"');
    const list = victoryRaw[key];
    if (!Array.isArray(list)) fail(`victory.${key}`, "must be a list of conditions");
    victory[key] = list.map((c, i) => parseCondition(map, c, `victory.${key}[${i}]`, conditionIds));
  }
  const turn = raw.turn ?? 1;
  if (!isInt(turn, 1, turnLimit)) fail("turn", `must be a whole number from 1 to the turn limit ${turnLimit}`);
  const activePlayer = side(raw.activePlayer ?? firstPlayer, "activePlayer");
  const step = raw.step ?? "awaiting_activation";
  if (step !== "awaiting_activation" && step !== "action") fail("step", 'must be "awaiting_activation" or "action"');
  const activeUnit = raw.activeUnit ?? null;
  if (step === "action") {
    const active = units.find((u) => u.id === activeUnit);
    if (!active) fail("activeUnit", "must name the unit on the map that is acting in the action step");
    if (active.side !== activePlayer) fail("activeUnit", `${active.id} does not belong to the active player`, active.hex);
    if (active.activated) fail("activeUnit", `${active.id} is marked activated: an acting unit is not yet`, active.hex);
  } else if (activeUnit !== null) fail("activeUnit", 'is set only in the "action" step');
  for (const u of units) {
    if (u.id !== activeUnit && (u.mpUsed > 0 || u.fired || u.roadOk)) fail(`units[${units.indexOf(u)}]`, `${u.id} is not acting: mpUsed, fired and roadOk belong to the active unit`, u.hex);
  }
  const holdStreaks: Record<string, number> = {};
  const holdIds = [...victory["0"], ...victory["1"]].filter((c) => c.kind === "hold_hexes").map((c) => c.id);
  const streaksRaw = raw.holdStreaks ?? {};
  if (!isObject(streaksRaw)) fail("holdStreaks", "must be an object of hold_hexes condition ids to counts");
  for (const [key, n] of Object.entries(streaksRaw)) {
    if (!holdIds.includes(key)) fail(`holdStreaks.${key}`, "names no hold_hexes condition");
    if (!isInt(n, 0, 999)) fail(`holdStreaks.${key}`, "must be a whole number from 0");
  }
  for (const key of holdIds) holdStreaks[key] = (streaksRaw[key] as number | undefined) ?? 0;
  return {
    scenario: { id, name },
    map,
    sides,
    firstPlayer,
    turnLimit,
    turnLimitWinner,
    victory,
    turn,
    activePlayer,
    step: step as Step,
    activeUnit: activeUnit as string | null,
    units,
    leaders,
    eliminated,
    exited,
    holdStreaks,
    outcome: null,
  };
}

/** The starting state of a scenario, or why it cannot be one. */
export function scenarioState(ref: ScenarioRef): MusketState | Bad {
  if (typeof ref === "string") {
    const file = SCENARIO_FILES.find((s) => s.id === ref);
    if (!file) return ruleError("bad_scenario", `musket has no scenario "${ref}": choose one of ${SCENARIO_FILES.map((s) => s.id).join(", ")}`, { scenario: ref });
    ref = file;
  }
  try {
    return parse(ref as Record<string, unknown>);
  } catch (e) {
    if (e instanceof Refusal) return e.error;
    throw e;
  }
}
