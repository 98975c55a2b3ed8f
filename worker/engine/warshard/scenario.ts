/**
 * Scenarios (4): a built-in file of scenarios/warshard/ by id, or an inline scenario in the
 * same shape, checked field by field (errors name the field and the hex). The format holds any
 * position the rules allow: board and terrain, every unit with its state (on the map with its
 * mobility, shattered, destroyed, or a reinforcement to come), the player-turn and phase.
 */
import { isHex, type Hex } from "../hex";
import { ruleError, type RuleError, type ScenarioRef } from "../ruleset";
import bootCampJson from "../../../scenarios/warshard/boot_camp.json";
import { axialOf, hexLabel, offsetOf } from "./board";
import { TERRAIN_ALIASES, TERRAINS, UNIT_DEFS, UNIT_TYPES, type Terrain, type UnitType } from "./data";
import type { MapHexSpec, MapSpec, Side, UnitStatus } from "./state";

// decision: a scenario starts at the start of a movement or an attack phase, or in the middle of
// the allocations (support, defense) with the Fights declared so far; resolution and upkeep hold
// dice already rolled and decisions already owed, which are play, not position
export const START_PHASES = ["movement", "attack", "support", "defense"] as const;
export type StartPhase = (typeof START_PHASES)[number];

/** A Fight declared before the scenario starts (7.1-7.3): its hex and the units allocated to it so far. */
export interface StartFight {
  hex: Hex;
  attackers: string[];
  attackSupport: string[];
  defenceSupport: string[];
}

export interface ScenarioUnit {
  id: string;
  side: Side;
  type: UnitType;
  name?: string;
  hex: Hex | null;
  status: UnitStatus;
  mobilityLeft: number | null;
  arrives: number | null;
}

export interface Scenario {
  id: string;
  title: string;
  line: string;
  map: MapSpec;
  sides: [Side, Side];
  firstSide: Side;
  turnLimit: number;
  start: { turn: number; phase: StartPhase; fights: StartFight[] };
  /** Canonical order: units, then reinforcements. */
  units: ScenarioUnit[];
  replacementPoints: Record<Side, Hex[]>;
  initialControl: { hex: Hex; side: Side }[] | null;
}

type ScenarioError = RuleError<"bad_scenario">;

const LIMITS = { boardMax: 40, turnLimitMax: 200, unitsMax: 200, textMax: { id: 40, title: 80, line: 300 } };
const FIELDS = new Set(["id", "title", "line", "note", "map", "sides", "firstSide", "turnLimit", "start", "units", "reinforcements", "replacementPoints", "initialControl"]);
const UNIT_FIELDS = new Set(["id", "side", "type", "hex", "offset", "name", "status", "mobilityLeft", "turn"]);
const SIDE_NAME = /^[a-z][a-z0-9_]{0,19}$/;

const bad = (field: string, message: string, extra: Record<string, unknown> = {}): ScenarioError =>
  ruleError("bad_scenario", `Scenario ${field}: ${message}`, { field, ...extra });
const isObject = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);
const cell = (h: Hex): [number, number] => [h[0], h[1]];
const onBoard = (cols: number, rows: number, h: Hex) => {
  const [col, row] = offsetOf(h);
  return col >= 0 && col < cols && row >= 0 && row < rows;
};

function terrainName(v: unknown): Terrain | null {
  if (typeof v !== "string") return null;
  if ((TERRAINS as readonly string[]).includes(v)) return v as Terrain;
  return TERRAIN_ALIASES[v] ?? null;
}

function parseMap(raw: unknown): MapSpec | ScenarioError {
  if (!isObject(raw)) return bad("map", 'must be {"cols": n, "rows": n, "default": "plains", "hexes": [...]}');
  if (raw.layout !== undefined && raw.layout !== "odd-q-rect") return bad("map.layout", 'the only layout is "odd-q-rect"');
  const { cols, rows } = raw;
  for (const [field, v] of [["cols", cols], ["rows", rows]] as const) {
    if (!Number.isInteger(v) || (v as number) < 1 || (v as number) > LIMITS.boardMax) return bad(`map.${field}`, `must be a whole number from 1 to ${LIMITS.boardMax}`);
  }
  const base = raw.default === undefined ? "plains" : terrainName(raw.default);
  if (base === null) return bad("map.default", `unknown terrain ${JSON.stringify(raw.default)} (${TERRAINS.join(", ")})`);
  const list = raw.hexes ?? [];
  if (!Array.isArray(list)) return bad("map.hexes", "must be a list of {hex, type, name?, vp?}");
  const hexes: MapHexSpec[] = [];
  const seen = new Set<string>();
  for (const [i, entry] of list.entries()) {
    const field = `map.hexes[${i}]`;
    if (!isObject(entry) || !isHex(entry.hex)) return bad(`${field}.hex`, "must be an axial hex [q, r]");
    const h = entry.hex;
    if (!onBoard(cols as number, rows as number, h)) return bad(`${field}.hex`, `${hexLabel(h)} is not on the ${cols}×${rows} board`, { hex: cell(h) });
    if (seen.has(`${h[0]},${h[1]}`)) return bad(`${field}.hex`, `${hexLabel(h)} is listed twice`, { hex: cell(h) });
    seen.add(`${h[0]},${h[1]}`);
    if (entry.offset !== undefined && (!isHex(entry.offset) || axialOf(entry.offset[0], entry.offset[1])[1] !== h[1] || entry.offset[0] !== h[0])) {
      return bad(`${field}.offset`, `does not match ${hexLabel(h)}`, { hex: cell(h) });
    }
    const type = terrainName(entry.type ?? base);
    if (type === null) return bad(`${field}.type`, `unknown terrain ${JSON.stringify(entry.type)} at ${hexLabel(h)}`, { hex: cell(h) });
    if (entry.name !== undefined && (typeof entry.name !== "string" || entry.name.length > 60)) return bad(`${field}.name`, "must be a string of at most 60 characters", { hex: cell(h) });
    const vp = entry.vp ?? 0;
    if (!Number.isInteger(vp) || (vp as number) < 0 || (vp as number) > 1000) return bad(`${field}.vp`, `must be a whole number from 0 to 1000 at ${hexLabel(h)}`, { hex: cell(h) });
    const spec: MapHexSpec = { hex: cell(h), type };
    if (typeof entry.name === "string") spec.name = entry.name;
    if ((vp as number) > 0) spec.vp = vp as number;
    hexes.push(spec);
  }
  return { cols: cols as number, rows: rows as number, default: base, hexes };
}

const enterableAt = (map: MapSpec, h: Hex): boolean => {
  const spec = map.hexes.find((x) => x.hex[0] === h[0] && x.hex[1] === h[1]);
  const t = spec?.type ?? map.default;
  return t !== "water" && t !== "impassable";
};

function parseUnit(raw: unknown, field: string, map: MapSpec, sides: readonly Side[], reinforcement: boolean, turnLimit: number): ScenarioUnit | ScenarioError {
  if (!isObject(raw)) return bad(field, "must be an object {id, side, type, hex}");
  for (const key of Object.keys(raw)) if (!UNIT_FIELDS.has(key)) return bad(`${field}.${key}`, `unknown field (use ${[...UNIT_FIELDS].join(", ")})`);
  if (typeof raw.id !== "string" || raw.id.length === 0 || raw.id.length > 40) return bad(`${field}.id`, "must be a string of 1 to 40 characters");
  if (typeof raw.side !== "string" || !sides.includes(raw.side)) return bad(`${field}.side`, `must be one of ${sides.join(", ")}`, { unit: raw.id });
  if (typeof raw.type !== "string" || !(UNIT_TYPES as readonly string[]).includes(raw.type)) return bad(`${field}.type`, `must be one of ${UNIT_TYPES.join(", ")}`, { unit: raw.id });
  if (raw.name !== undefined && (typeof raw.name !== "string" || raw.name.length > 60)) return bad(`${field}.name`, "must be a string of at most 60 characters", { unit: raw.id });
  const type = raw.type as UnitType;
  // decision: units off the map are written with status shattered (in list order) or destroyed
  const status = (raw.status ?? "map") as UnitStatus;
  if (reinforcement ? raw.status !== undefined : !["map", "shattered", "destroyed"].includes(status)) {
    return bad(`${field}.status`, reinforcement ? "a reinforcement has no status (it arrives on its turn)" : "must be map, shattered or destroyed", { unit: raw.id });
  }
  const needsHex = reinforcement || status === "map";
  let hex: Hex | null = null;
  if (needsHex || raw.hex !== undefined) {
    if (!isHex(raw.hex)) return bad(`${field}.hex`, "must be an axial hex [q, r]", { unit: raw.id });
    const h = raw.hex;
    if (!onBoard(map.cols, map.rows, h)) return bad(`${field}.hex`, `${raw.id} at ${hexLabel(h)} is off the ${map.cols}×${map.rows} board`, { unit: raw.id, hex: cell(h) });
    if (!enterableAt(map, h)) return bad(`${field}.hex`, `${raw.id} cannot stand on ${hexLabel(h)} (water or impassable)`, { unit: raw.id, hex: cell(h) });
    if (raw.offset !== undefined && (!isHex(raw.offset) || raw.offset[0] !== offsetOf(h)[0] || raw.offset[1] !== offsetOf(h)[1])) {
      return bad(`${field}.offset`, `does not match ${hexLabel(h)}`, { unit: raw.id, hex: cell(h) });
    }
    hex = cell(h);
  }
  let arrives: number | null = null;
  if (reinforcement) {
    if (!Number.isInteger(raw.turn) || (raw.turn as number) < 1 || (raw.turn as number) > turnLimit) return bad(`${field}.turn`, `must be a player-turn from 1 to ${turnLimit}`, { unit: raw.id });
    arrives = raw.turn as number;
  } else if (raw.turn !== undefined) return bad(`${field}.turn`, "only reinforcements have a turn", { unit: raw.id });
  let mobilityLeft: number | null = null;
  if (raw.mobilityLeft !== undefined) {
    const full = 2 * UNIT_DEFS[type].mobility;
    if (reinforcement || status !== "map") return bad(`${field}.mobilityLeft`, "only units on the map have mobility", { unit: raw.id });
    if (!Number.isInteger(raw.mobilityLeft) || (raw.mobilityLeft as number) < 0 || (raw.mobilityLeft as number) > full) {
      return bad(`${field}.mobilityLeft`, `must be a whole number of half points from 0 to ${full}`, { unit: raw.id });
    }
    mobilityLeft = raw.mobilityLeft as number;
  }
  const unit: ScenarioUnit = { id: raw.id, side: raw.side, type, hex: status === "map" || reinforcement ? hex : null, status: reinforcement ? "waiting" : status, mobilityLeft, arrives };
  if (typeof raw.name === "string") unit.name = raw.name;
  return unit;
}

function parseHexList(raw: unknown, field: string, map: MapSpec): Hex[] | ScenarioError {
  if (!Array.isArray(raw)) return bad(field, "must be a list of hexes [q, r]");
  const out: Hex[] = [];
  for (const [i, h] of raw.entries()) {
    if (!isHex(h)) return bad(`${field}[${i}]`, "must be an axial hex [q, r]");
    if (!onBoard(map.cols, map.rows, h) || !enterableAt(map, h)) return bad(`${field}[${i}]`, `${hexLabel(h)} is off the board, water or impassable`, { hex: cell(h) });
    out.push(cell(h));
  }
  return out;
}

export function parseScenario(raw: Record<string, unknown>): Scenario | ScenarioError {
  for (const key of Object.keys(raw)) if (!FIELDS.has(key) && !key.startsWith("_")) return bad(key, `unknown field (use ${[...FIELDS].join(", ")})`);
  for (const [field, max] of Object.entries(LIMITS.textMax)) {
    if (raw[field] !== undefined && (typeof raw[field] !== "string" || (raw[field] as string).length > max)) return bad(field, `must be a string of at most ${max} characters`);
  }
  const map = parseMap(raw.map);
  if ("ok" in map) return map;
  const sides = raw.sides;
  if (!Array.isArray(sides) || sides.length !== 2 || !sides.every((s) => typeof s === "string" && SIDE_NAME.test(s)) || sides[0] === sides[1]) {
    return bad("sides", 'must be two different lowercase names, e.g. ["germany", "usa"]');
  }
  const pair = [sides[0], sides[1]] as [Side, Side];
  if (typeof raw.firstSide !== "string" || !pair.includes(raw.firstSide)) return bad("firstSide", `must be one of the sides (${pair.join(", ")})`);
  const first = raw.firstSide;
  const order: [Side, Side] = first === pair[0] ? pair : [pair[1], pair[0]];
  const turnLimit = raw.turnLimit;
  if (!Number.isInteger(turnLimit) || (turnLimit as number) < 1 || (turnLimit as number) > LIMITS.turnLimitMax) return bad("turnLimit", `must be a whole number of player-turns from 1 to ${LIMITS.turnLimitMax}`);
  const limit = turnLimit as number;
  let start: Scenario["start"] = { turn: 1, phase: "movement", fights: [] };
  if (raw.start !== undefined) {
    const s = raw.start;
    if (!isObject(s)) return bad("start", '{"turn": n, "phase": "movement"}');
    const turn = s.turn ?? 1;
    if (!Number.isInteger(turn) || (turn as number) < 1 || (turn as number) > limit) return bad("start.turn", `must be a player-turn from 1 to ${limit}`);
    const phase = s.phase ?? "movement";
    if (!(START_PHASES as readonly unknown[]).includes(phase)) return bad("start.phase", `must be one of ${START_PHASES.join(", ")}`);
    const side = order[((turn as number) - 1) % 2]!;
    if (s.side !== undefined && s.side !== side) return bad("start.side", `player-turn ${turn} is ${side}'s (the first side plays the odd ones)`);
    const fights = parseStartFights(s.fights, phase as StartPhase, map);
    if ("ok" in fights) return fights;
    start = { turn: turn as number, phase: phase as StartPhase, fights };
  }
  const units: ScenarioUnit[] = [];
  for (const [listName, reinforcement] of [["units", false], ["reinforcements", true]] as const) {
    const list = raw[listName] ?? [];
    if (!Array.isArray(list)) return bad(listName, "must be a list of units");
    for (const [i, entry] of list.entries()) {
      const unit = parseUnit(entry, `${listName}[${i}]`, map, pair, reinforcement, limit);
      if ("ok" in unit) return unit;
      if (units.some((u) => u.id === unit.id)) return bad(`${listName}[${i}].id`, `unit id ${unit.id} is used twice`, { unit: unit.id });
      if (unit.status === "map" && unit.hex && units.some((u) => u.status === "map" && u.hex && u.hex[0] === unit.hex![0] && u.hex[1] === unit.hex![1])) {
        return bad(`${listName}[${i}].hex`, `${hexLabel(unit.hex)} already holds a unit`, { unit: unit.id, hex: cell(unit.hex) });
      }
      units.push(unit);
    }
  }
  if (units.length > LIMITS.unitsMax) return bad("units", `at most ${LIMITS.unitsMax} units`);
  const replacementPoints: Record<Side, Hex[]> = { [pair[0]]: [], [pair[1]]: [] };
  if (raw.replacementPoints !== undefined) {
    if (!isObject(raw.replacementPoints)) return bad("replacementPoints", "must be {side: [[q, r], ...]}");
    for (const [side, list] of Object.entries(raw.replacementPoints)) {
      if (!pair.includes(side)) return bad(`replacementPoints.${side}`, `unknown side (${pair.join(", ")})`);
      const hexes = parseHexList(list, `replacementPoints.${side}`, map);
      if ("ok" in hexes) return hexes;
      replacementPoints[side] = hexes;
    }
  }
  let initialControl: Scenario["initialControl"] = null;
  if (raw.initialControl !== undefined) {
    if (!Array.isArray(raw.initialControl)) return bad("initialControl", "must be a list of {hex, side}");
    initialControl = [];
    for (const [i, c] of raw.initialControl.entries()) {
      const field = `initialControl[${i}]`;
      if (!isObject(c) || !isHex(c.hex)) return bad(`${field}.hex`, "must be an axial hex [q, r]");
      if (!onBoard(map.cols, map.rows, c.hex)) return bad(`${field}.hex`, `${hexLabel(c.hex)} is not on the board`, { hex: cell(c.hex) });
      if (typeof c.side !== "string" || !pair.includes(c.side)) return bad(`${field}.side`, `must be one of ${pair.join(", ")}`, { hex: cell(c.hex) });
      const h: Hex = c.hex;
      if (initialControl.some((x) => x.hex[0] === h[0] && x.hex[1] === h[1])) return bad(`${field}.hex`, `${hexLabel(c.hex)} is listed twice`, { hex: cell(c.hex) });
      initialControl.push({ hex: cell(c.hex), side: c.side });
    }
  }
  return {
    id: typeof raw.id === "string" ? raw.id : "custom",
    title: typeof raw.title === "string" ? raw.title : "Custom scenario",
    line: typeof raw.line === "string" ? raw.line : "",
    map,
    sides: order,
    firstSide: first,
    turnLimit: limit,
    start,
    units,
    replacementPoints,
    initialControl,
  };
}

const unitIds = (v: unknown, field: string): string[] | ScenarioError =>
  Array.isArray(v) && v.every((x) => typeof x === "string" && x.length > 0 && x.length <= 40) ? [...(v as string[])] : bad(field, "must be a list of unit ids");

/** start.fights: only in the support and defense phases, where at least one Fight is declared. */
function parseStartFights(raw: unknown, phase: StartPhase, map: MapSpec): StartFight[] | ScenarioError {
  const allocating = phase === "support" || phase === "defense";
  if (raw === undefined) return allocating ? bad("start.fights", `a ${phase} phase needs the Fights declared: [{"hex": [q, r], "attackers": [...]}]`) : [];
  if (!allocating) return bad("start.fights", `Fights are declared only when the scenario starts in the support or defense phase, not ${phase}`);
  if (!Array.isArray(raw) || raw.length === 0) return bad("start.fights", "must be a non-empty list of Fights");
  const fights: StartFight[] = [];
  for (const [i, f] of raw.entries()) {
    const field = `start.fights[${i}]`;
    if (!isObject(f) || !isHex(f.hex)) return bad(`${field}.hex`, "must be an axial hex [q, r]");
    if (!onBoard(map.cols, map.rows, f.hex)) return bad(`${field}.hex`, `${hexLabel(f.hex)} is not on the board`, { hex: cell(f.hex) });
    const attackers = unitIds(f.attackers, `${field}.attackers`);
    if ("ok" in attackers) return attackers;
    if (attackers.length === 0) return bad(`${field}.attackers`, "a Fight needs at least one attacker");
    const attackSupport = unitIds(f.attackSupport ?? [], `${field}.attackSupport`);
    if ("ok" in attackSupport) return attackSupport;
    const defenceSupport = unitIds(f.defenceSupport ?? [], `${field}.defenceSupport`);
    if ("ok" in defenceSupport) return defenceSupport;
    if (phase === "support" && defenceSupport.length > 0) return bad(`${field}.defenceSupport`, "the defender allocates only in the defense phase, after the support phase");
    fights.push({ hex: cell(f.hex), attackers, attackSupport, defenceSupport });
  }
  return fights;
}

const BUILT_IN: readonly Record<string, unknown>[] = [bootCampJson as Record<string, unknown>];

export const SCENARIOS: readonly Scenario[] = BUILT_IN.map((raw) => {
  const parsed = parseScenario(raw);
  if ("ok" in parsed) throw new Error(`built-in warshard scenario ${String(raw.id)}: ${parsed.message}`);
  return parsed;
});

export function resolveScenario(ref: ScenarioRef): Scenario | ScenarioError {
  if (typeof ref === "string") {
    return SCENARIOS.find((s) => s.id === ref) ?? ruleError("bad_scenario", `WarShard has no scenario "${ref}" (${SCENARIOS.map((s) => s.id).join(", ")})`, { scenario: ref });
  }
  return parseScenario(ref as Record<string, unknown>);
}
