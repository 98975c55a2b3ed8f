/**
 * Sides and their assemblies (skirmish.md 3.6): two sides, each a name and its characters,
 * checked against the game size: model count, BP maximum, balance between the sides, the
 * Armor, Heavy limit and what the hex game makes available. Every problem names its field.
 */
import { armorOf, CATALOG, type GameSize } from "./catalog";
import { ARMOR_SLOTS, checkLoadout, loadoutBP, type Character, type Loadout } from "./profile";

export interface Side {
  name: string;
  models: Character[];
}

export interface AssemblyProblem {
  /** The path of the field at fault, e.g. "sides[1].models[2].suit". */
  field: string;
  model?: string;
  message: string;
}

const LOADOUT_FIELDS = ["archetype", "melee", "ranged", "suit", "shield", "helm"] as const;
const ID_PATTERN = /^[A-Za-z0-9_-]{1,16}$/;

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);

function parseCharacter(raw: unknown, field: string): Character | AssemblyProblem {
  if (!isObject(raw)) return { field, message: "a model must be an object" };
  const id = raw.id;
  if (typeof id !== "string" || !ID_PATTERN.test(id)) return { field: `${field}.id`, message: "a model id must be 1-16 letters, digits, - or _" };
  if (typeof raw.name !== "string" || raw.name.length === 0) return { field: `${field}.name`, model: id, message: `model ${id} needs a name` };
  const character: Character = { id, name: raw.name, archetype: "" };
  for (const key of LOADOUT_FIELDS) {
    const value = raw[key];
    if (value === undefined && key !== "archetype") continue;
    if (typeof value !== "string") return { field: `${field}.${key}`, model: id, message: `model ${id}: ${key} must be a name from the catalog` };
    character[key] = value;
  }
  const problem = checkLoadout(character);
  return problem ? { field: `${field}.${problem.field}`, model: id, message: `model ${id}: ${problem.message}` } : character;
}

export const sideBP = (side: Side): number => side.models.reduce((sum, m) => sum + loadoutBP(m), 0);

/** The two sides of a game, parsed from untrusted JSON and checked (3.6). */
export function parseSides(raw: unknown, size: GameSize, field = "sides"): Side[] | AssemblyProblem {
  if (!Array.isArray(raw) || raw.length !== 2) return { field, message: "there must be exactly two sides (side 0, the attacker, then side 1, the defender)" };
  const sides: Side[] = [];
  const ids = new Set<string>();
  for (const [s, rawSide] of raw.entries()) {
    const at = `${field}[${s}]`;
    if (!isObject(rawSide)) return { field: at, message: `side ${s} must be an object with a name and models` };
    if (typeof rawSide.name !== "string" || rawSide.name.length === 0) return { field: `${at}.name`, message: `side ${s} needs a name` };
    if (!Array.isArray(rawSide.models)) return { field: `${at}.models`, message: `side ${s} needs a list of models` };
    const models: Character[] = [];
    for (const [i, rawModel] of rawSide.models.entries()) {
      const character = parseCharacter(rawModel, `${at}.models[${i}]`);
      if ("message" in character) return character;
      if (ids.has(character.id)) return { field: `${at}.models[${i}].id`, model: character.id, message: `model id ${character.id} is used twice` };
      ids.add(character.id);
      models.push(character);
    }
    const side: Side = { name: rawSide.name, models };
    const problem = checkSide(side, s, size);
    if (problem) return problem;
    sides.push(side);
  }
  const [a, b] = sides.map(sideBP) as [number, number];
  if (Math.abs(a - b) > CATALOG.balanceToleranceBP) {
    return { field, message: `the sides' BP (${a} and ${b}) differ by ${Math.abs(a - b)}, more than ${CATALOG.balanceToleranceBP}` };
  }
  return sides;
}

function checkSide(side: Side, s: number, size: GameSize): AssemblyProblem | null {
  const rules = CATALOG.gameSizes[size];
  const at = `sides[${s}]`;
  const count = side.models.length;
  if (count < rules.minModels || count > rules.maxModels) {
    return { field: `${at}.models`, message: `side ${s} (${side.name}) has ${count} models; a ${size} game allows ${rules.minModels}-${rules.maxModels}` };
  }
  const bp = sideBP(side);
  if (bp > rules.maxBP) return { field: `${at}.models`, message: `side ${s} (${side.name}) costs ${bp} BP; a ${size} game allows at most ${rules.maxBP}` };
  const limited = new Map<string, number>();
  for (const model of side.models) {
    for (const slot of ARMOR_SLOTS) {
      const name = (model as Loadout)[slot];
      if (name !== undefined && armorOf(name)?.perTwoModels != null) limited.set(name, (limited.get(name) ?? 0) + 1);
    }
  }
  for (const [name, used] of limited) {
    const allowed = (armorOf(name)!.perTwoModels ?? 0) * Math.floor(count / 2);
    if (used > allowed) return { field: `${at}.models`, message: `side ${s} (${side.name}) fields ${used} × ${name}; at most ${allowed} for ${count} models (one per two models)` };
  }
  return null;
}
