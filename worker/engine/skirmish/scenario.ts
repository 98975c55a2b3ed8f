/**
 * The scenario format (scenarios/skirmish/<id>.json): board and terrain, the two sides, and
 * optionally a whole position (every model's state, turn, side to move), so that any position
 * the reference allows can be written down and posted inline. Every problem names its field
 * and, where there is one, its hex and model.
 */
import { hexKey, isHex, type Hex } from "../hex";
import { ruleError, type RuleError, type ScenarioInfo, type ScenarioRef } from "../ruleset";
import smallElimination from "../../../scenarios/skirmish/small-elimination.json";
import smallClash from "../../../scenarios/skirmish/small-clash.json";
import { hexName, inDeploymentZone, onBoard, TERRAINS, terrainAt, type Terrain, type TerrainLists } from "./board";
import { CATALOG, GAME_SIZES, LIGHTINGS, type GameSize, type Lighting } from "./data/catalog";
import { parseSides, type Side } from "./data/assembly";
import type { Activation, Board, SideIndex } from "./state";

export interface ModelPosition {
  hex: Hex | null;
  wounds: number;
  delay: number;
  fear: number;
  status: "in_play" | "ko" | "eliminated";
  bottled: boolean;
  done: boolean;
  ammo: number;
  fearTestedThisTurn: boolean;
  ralliedThisTurn: boolean;
  crossedMidline: boolean;
}

/**
 * A position in a turn: `activeSide` null means "at the start of `turn`, before its initiative";
 * `activation` the model acting now, if one is.
 */
export interface Position {
  /** "deployment": `deploying` places its models (hex null = not placed yet); "turn": play is under way. */
  phase: "deployment" | "turn";
  deploying: SideIndex;
  turn: number;
  initiativeSide: SideIndex;
  activeSide: SideIndex | null;
  activation: Activation | null;
  endDice: number;
  firstCrosser: SideIndex | null;
  models: Record<string, ModelPosition>;
}

export interface SkirmishScenario extends ScenarioInfo {
  gameSize: GameSize;
  lighting: Lighting;
  board: Board;
  deploymentDepth: number;
  sides: Side[];
  position: Position | null;
}

type Problem = RuleError<"bad_scenario">;
const bad = (field: string, message: string, extra: Record<string, unknown> = {}): Problem => ruleError("bad_scenario", `${field}: ${message}`, { field, ...extra });
const isObject = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);
const isCount = (v: unknown, max: number): v is number => Number.isInteger(v) && (v as number) >= 0 && (v as number) <= max;
const isSide = (v: unknown): v is SideIndex => v === 0 || v === 1;

function parseBoard(raw: unknown): Board | Problem {
  if (!isObject(raw)) return bad("board", "must be an object with cols, rows and terrain");
  const { cols, rows, terrain } = raw;
  if (!isCount(cols, 99) || !isCount(rows, 99) || cols < 4 || rows < 4) return bad("board.cols", "cols and rows must be whole numbers from 4 to 99");
  const board: Board = { cols, rows, terrain: {} };
  if (terrain === undefined) return board;
  if (!isObject(terrain)) return bad("board.terrain", "must map terrain names to lists of [q, r] hexes");
  const seen = new Map<string, string>();
  const lists: TerrainLists = {};
  for (const [name, hexes] of Object.entries(terrain)) {
    const field = `board.terrain.${name}`;
    if (!(TERRAINS as readonly string[]).includes(name) || name === "clear") return bad(field, `unknown terrain "${name}"; use ${TERRAINS.filter((t) => t !== "clear").join(", ")} (clear is the default)`);
    if (!Array.isArray(hexes)) return bad(field, "must be a list of [q, r] hexes");
    const list: Hex[] = [];
    for (const [i, hex] of hexes.entries()) {
      if (!isHex(hex)) return bad(`${field}[${i}]`, "is not a hex [q, r] of two whole numbers");
      if (!onBoard(board, hex)) return bad(`${field}[${i}]`, `hex ${hexName(hex)} is off the ${cols} x ${rows} board`, { hex });
      const before = seen.get(hexKey(hex));
      if (before) return bad(`${field}[${i}]`, `hex ${hexName(hex)} is already ${before}`, { hex });
      seen.set(hexKey(hex), name);
      list.push([hex[0], hex[1]]);
    }
    lists[name as Exclude<Terrain, "clear">] = list;
  }
  return { cols, rows, terrain: lists };
}

const BOOLEAN_FIELDS = ["bottled", "done", "fearTestedThisTurn", "ralliedThisTurn", "crossedMidline"] as const;

function parseModelPosition(raw: unknown, field: string, id: string, board: Board, taken: Map<string, string>, deploying: boolean): ModelPosition | Problem {
  if (!isObject(raw)) return bad(field, `model ${id} needs its state`, { model: id });
  const status = raw.status ?? "in_play";
  if (status !== "in_play" && status !== "ko" && status !== "eliminated") return bad(`${field}.status`, `model ${id}: status must be in_play, ko or eliminated`, { model: id });
  const hex = raw.hex ?? null;
  if (hex !== null && !isHex(hex)) return bad(`${field}.hex`, `model ${id}: hex must be [q, r] or null`, { model: id });
  if (hex === null && status !== "eliminated" && !deploying) return bad(`${field}.hex`, `model ${id} is ${status} and needs a hex`, { model: id });
  if (hex !== null) {
    if (!onBoard(board, hex)) return bad(`${field}.hex`, `model ${id} stands off the board at ${hexName(hex)}`, { model: id, hex });
    if (terrainAt(board, hex) === "blocking") return bad(`${field}.hex`, `model ${id} stands in blocking terrain at ${hexName(hex)}`, { model: id, hex });
    if (status !== "eliminated") {
      const other = taken.get(hexKey(hex));
      if (other) return bad(`${field}.hex`, `models ${other} and ${id} both stand on ${hexName(hex)}`, { model: id, hex });
      taken.set(hexKey(hex), id);
    }
  }
  // decision: the largest counts a reachable position holds (Delay converts past 2, 4 Fear eliminates, [Reload 2])
  const limits = { wounds: 8, delay: 2, fear: 3, ammo: 2 } as const;
  const counts = {} as Record<keyof typeof limits, number>;
  for (const [key, max] of Object.entries(limits) as [keyof typeof limits, number][]) {
    const value = raw[key] ?? 0;
    if (!isCount(value, max)) return bad(`${field}.${key}`, `model ${id}: ${key} must be a whole number from 0 to ${max}`, { model: id });
    counts[key] = value;
  }
  if (status === "in_play" && counts.wounds >= 3) return bad(`${field}.wounds`, `model ${id} has ${counts.wounds} wounds and cannot be in play (KO at 3)`, { model: id });
  const flags = {} as Record<(typeof BOOLEAN_FIELDS)[number], boolean>;
  for (const key of BOOLEAN_FIELDS) {
    const value = raw[key] ?? false;
    if (typeof value !== "boolean") return bad(`${field}.${key}`, `model ${id}: ${key} must be true or false`, { model: id });
    flags[key] = value;
  }
  return { hex: hex === null ? null : [hex[0], hex[1]], status, ...counts, ...flags };
}

function parsePosition(raw: unknown, sides: Side[], board: Board, depth: number): Position | null | Problem {
  if (raw === null || raw === undefined) return null;
  if (!isObject(raw)) return bad("position", "must be null or an object");
  const turn = raw.turn ?? 1;
  if (!Number.isInteger(turn) || (turn as number) < 1 || (turn as number) > 99) return bad("position.turn", "must be a whole number from 1 to 99");
  const initiativeSide = raw.initiativeSide ?? 0;
  if (!isSide(initiativeSide)) return bad("position.initiativeSide", "must be 0 or 1");
  const activeSide = raw.activeSide ?? null;
  if (activeSide !== null && !isSide(activeSide)) return bad("position.activeSide", "must be 0, 1 or null (start of the turn)");
  const endDice = raw.endDice ?? 0;
  if (!isCount(endDice, 20)) return bad("position.endDice", "must be a whole number from 0 to 20");
  const firstCrosser = raw.firstCrosser ?? null;
  if (firstCrosser !== null && !isSide(firstCrosser)) return bad("position.firstCrosser", "must be 0, 1 or null");
  const phase = raw.phase ?? "turn";
  if (phase !== "turn" && phase !== "deployment") return bad("position.phase", "must be turn or deployment");
  const deploying = raw.deploying ?? 1;
  if (!isSide(deploying)) return bad("position.deploying", "must be 0 or 1");
  if (!isObject(raw.models)) return bad("position.models", "must map every model id to its state");
  const models: Record<string, ModelPosition> = {};
  const taken = new Map<string, string>();
  for (const side of sides) {
    for (const m of side.models) {
      const parsed = parseModelPosition(raw.models[m.id], `position.models.${m.id}`, m.id, board, taken, phase === "deployment");
      if ("ok" in parsed) return parsed;
      models[m.id] = parsed;
    }
  }
  for (const id of Object.keys(raw.models)) if (!(id in models)) return bad(`position.models.${id}`, `there is no model ${id} in the sides`, { model: id });
  const sideOf = new Map(sides.flatMap((side, s) => side.models.map((m) => [m.id, s as SideIndex] as const)));
  if (phase === "deployment") {
    for (const [id, m] of Object.entries(models)) {
      const field = `position.models.${id}`;
      if (m.status !== "in_play" || m.wounds + m.delay + m.fear > 0) return bad(field, `model ${id} must be fresh and in play during deployment`, { model: id });
      if (m.hex && !inDeploymentZone(board, depth, sideOf.get(id)!, m.hex)) return bad(`${field}.hex`, `model ${id} stands outside its deployment zone at ${hexName(m.hex)}`, { model: id, hex: m.hex });
      if (deploying === 0 && sideOf.get(id) === 1 && m.hex === null) return bad(`${field}.hex`, `the defender deploys first: model ${id} must be placed before the attacker deploys`, { model: id });
    }
    return { phase, deploying, turn: 1, initiativeSide: 0, activeSide: deploying, activation: null, endDice: 0, firstCrosser: null, models };
  }
  const activation = parseActivation(raw.activation ?? null, activeSide, models, sideOf);
  if (activation !== null && "ok" in activation) return activation;
  return { phase, deploying, turn: turn as number, initiativeSide, activeSide, activation, endDice, firstCrosser, models };
}

const ACTION_TYPES = ["move", "disengage", "close_attack", "range_attack", "reload", "rally"];

function parseActivation(raw: unknown, activeSide: SideIndex | null, models: Record<string, ModelPosition>, sideOf: Map<string, SideIndex>): Activation | null | Problem {
  if (raw === null) return null;
  const f = "position.activation";
  if (!isObject(raw)) return bad(f, "must be null or the acting model's activation");
  const id = raw.model;
  if (typeof id !== "string" || !(id in models)) return bad(`${f}.model`, "must name a model of the sides");
  const m = models[id]!;
  if (sideOf.get(id) !== activeSide) return bad(`${f}.model`, `model ${id} is not of the side to act (activeSide)`, { model: id });
  if (m.status !== "in_play" || m.done) return bad(`${f}.model`, `model ${id} must be in play and not done to be acting`, { model: id });
  const counts: Record<string, number> = {};
  for (const [key, max] of [["ap", 3], ["attacksMade", 3], ["disengagesMade", 3], ["compulsoryApLeft", 2]] as const) {
    const value = raw[key] ?? 0;
    if (!isCount(value, max)) return bad(`${f}.${key}`, `must be a whole number from 0 to ${max}`, { model: id });
    counts[key] = value;
  }
  if (counts.compulsoryApLeft! > counts.ap!) return bad(`${f}.compulsoryApLeft`, "cannot exceed ap", { model: id });
  const pushed = raw.pushed ?? false;
  if (typeof pushed !== "boolean") return bad(`${f}.pushed`, "must be true or false", { model: id });
  const enemies = (list: unknown, field: string): string[] | Problem => {
    if (!Array.isArray(list) || !list.every((e) => typeof e === "string" && sideOf.has(e) && sideOf.get(e) !== activeSide)) return bad(field, "must be a list of enemy model ids", { model: id });
    return list as string[];
  };
  const contactMovedInto = enemies(raw.contactMovedInto ?? [], `${f}.contactMovedInto`);
  if (!Array.isArray(contactMovedInto)) return contactMovedInto;
  let lastAction: Activation["lastAction"] = null;
  if (raw.lastAction !== undefined && raw.lastAction !== null) {
    const last = raw.lastAction;
    if (!isObject(last) || typeof last.type !== "string" || !ACTION_TYPES.includes(last.type)) return bad(`${f}.lastAction.type`, `must be one of ${ACTION_TYPES.join(", ")}`, { model: id });
    const chargeTargets = enemies(last.chargeTargets ?? [], `${f}.lastAction.chargeTargets`);
    if (!Array.isArray(chargeTargets)) return chargeTargets;
    lastAction = { type: last.type, chargeTargets };
  }
  return { model: id, ap: counts.ap!, attacksMade: counts.attacksMade!, disengagesMade: counts.disengagesMade!, pushed, contactMovedInto, lastAction, compulsoryApLeft: counts.compulsoryApLeft! };
}

/** An untrusted scenario (a shipped file or an inline one) checked whole. */
export function parseScenario(raw: unknown): SkirmishScenario | Problem {
  if (!isObject(raw)) return bad("scenario", "must be an object");
  const id = raw.id ?? "custom";
  if (typeof id !== "string" || !/^[a-z0-9-]{1,40}$/.test(id)) return bad("id", "must be 1-40 lower-case letters, digits or -");
  const title = raw.title ?? "Custom skirmish";
  if (typeof title !== "string" || title.length === 0) return bad("title", "must be a non-empty string");
  const line = typeof raw.line === "string" ? raw.line : title;
  const gameSize = raw.gameSize;
  if (!(GAME_SIZES as readonly unknown[]).includes(gameSize)) return bad("gameSize", `must be one of ${GAME_SIZES.join(", ")}`);
  const size = gameSize as GameSize;
  const lighting = raw.lighting ?? "day";
  if (!(LIGHTINGS as readonly unknown[]).includes(lighting)) return bad("lighting", `must be one of ${LIGHTINGS.join(", ")}`);
  const board = parseBoard(raw.board ?? { cols: CATALOG.gameSizes[size].board[0], rows: CATALOG.gameSizes[size].board[1] });
  if ("ok" in board) return board;
  const depth = raw.deploymentDepth ?? CATALOG.gameSizes[size].deploymentDepth;
  if (!Number.isInteger(depth) || (depth as number) < 1 || (depth as number) * 2 > board.rows) return bad("deploymentDepth", "must be a whole number from 1 to half the rows");
  const sides = parseSides(raw.sides, size);
  if (!Array.isArray(sides)) return bad(sides.field, sides.message, sides.model ? { model: sides.model } : {});
  const position = parsePosition(raw.position, sides, board, depth as number);
  if (position !== null && "ok" in position) return position;
  if (position === null) {
    for (const side of [0, 1] as const) {
      const free = countZone(board, depth as number, side);
      if (free < sides[side]!.models.length) return bad("deploymentDepth", `side ${side}'s zone has ${free} free hexes for ${sides[side]!.models.length} models`);
    }
  }
  return { id, title, line, gameSize: size, lighting: lighting as Lighting, board, deploymentDepth: depth as number, sides, position };
}

function countZone(board: Board, depth: number, side: SideIndex): number {
  let n = 0;
  for (let col = 0; col < board.cols; col++) {
    for (let row = 0; row < board.rows; row++) {
      const hex: Hex = [col, row - Math.floor(col / 2)];
      if (inDeploymentZone(board, depth, side, hex) && terrainAt(board, hex) !== "blocking") n++;
    }
  }
  return n;
}

const SHIPPED: readonly unknown[] = [smallElimination, smallClash];

export const SCENARIOS: readonly SkirmishScenario[] = SHIPPED.map((raw) => {
  const parsed = parseScenario(raw);
  if ("ok" in parsed) throw new Error(`shipped skirmish scenario is invalid: ${parsed.message}`);
  return parsed;
});

export function resolveScenario(ref: ScenarioRef): SkirmishScenario | Problem {
  if (typeof ref === "string") {
    const found = SCENARIOS.find((s) => s.id === ref);
    return found ?? ruleError("bad_scenario", `There is no skirmish scenario "${ref}"; choose one of ${SCENARIOS.map((s) => s.id).join(", ")}`, { field: "scenario" });
  }
  return parseScenario(ref);
}
