/**
 * The actions a seat sends (skirmish.md 6, 7) and their shape check (17, bad_action).
 */
import { isHex, type Hex } from "../hex";
import { ruleError } from "../ruleset";
import type { SkirmishError } from "./errors";

export type SkirmishAction =
  | { type: "deploy"; model: string; hex: Hex }
  | { type: "end_deployment" }
  | { type: "activate"; model: string }
  | { type: "push" }
  | { type: "move"; path: Hex[] }
  | { type: "disengage"; path: Hex[] }
  | { type: "close_attack"; target: string }
  | { type: "range_attack"; target: string }
  | { type: "reload" }
  | { type: "rally"; target: string }
  | { type: "end_activation" };

export type ActionType = SkirmishAction["type"];

type Field = "model" | "target" | "hex" | "path";

/** The fields each action carries, beside `type`. */
const SHAPES: Readonly<Record<ActionType, readonly Field[]>> = {
  deploy: ["model", "hex"],
  end_deployment: [],
  activate: ["model"],
  push: [],
  move: ["path"],
  disengage: ["path"],
  close_attack: ["target"],
  range_attack: ["target"],
  reload: [],
  rally: ["target"],
  end_activation: [],
};

const MAX_PATH = 64;

const FIELD_CHECKS: Readonly<Record<Field, (v: unknown) => boolean>> = {
  model: (v) => typeof v === "string",
  target: (v) => typeof v === "string",
  hex: isHex,
  path: (v) => Array.isArray(v) && v.length > 0 && v.length <= MAX_PATH && v.every(isHex),
};

const FIELD_WORDS: Readonly<Record<Field, string>> = {
  model: "a model id (string)",
  target: "a model id (string)",
  hex: "a hex [q, r]",
  path: "a non-empty list of hexes [q, r]",
};

export function parseAction(raw: unknown): SkirmishAction | SkirmishError {
  if (typeof raw !== "object" || raw === null || Array.isArray(raw)) return ruleError("bad_action", "An action must be an object with a type", { reason: "not_an_object" });
  const record = raw as Record<string, unknown>;
  const type = record.type;
  if (typeof type !== "string" || !Object.hasOwn(SHAPES, type)) {
    return ruleError("bad_action", `Unknown action type ${JSON.stringify(type)}; use one of ${Object.keys(SHAPES).join(", ")}`, { field: "type", reason: "unknown_type" });
  }
  const action: Record<string, unknown> = { type };
  for (const field of SHAPES[type as ActionType]) {
    const value = record[field];
    if (!FIELD_CHECKS[field](value)) return ruleError("bad_action", `${type}: ${field} must be ${FIELD_WORDS[field]}`, { field, reason: "malformed" });
    action[field] = field === "hex" ? [(value as Hex)[0], (value as Hex)[1]] : field === "path" ? (value as Hex[]).map((h) => [h[0], h[1]]) : value;
  }
  return action as SkirmishAction;
}
