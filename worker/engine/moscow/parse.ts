/** Turns an untrusted JSON value into a typed action, or a bad_action error. Never throws. */
import type { MoscowError } from "./errors";
import { isHex } from "../hex";
import { ruleError } from "../ruleset";
import type { MoscowAction } from "./state";

const ACTION_TYPES = [
  "setup",
  "move",
  "declare_battles",
  "resolve_battle",
  "resolve_all_battles",
  "choose_losses",
  "retreat",
  "advance",
  "replacement",
  "end_phase",
] as const;

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);
const isString = (v: unknown): v is string => typeof v === "string" && v.length > 0 && v.length <= 40;
const isStringList = (v: unknown, max: number): v is string[] => Array.isArray(v) && v.length <= max && v.every(isString);

function bad(message: string, field?: string): MoscowError {
  return ruleError("bad_action", message, field === undefined ? undefined : { field });
}

const hexText = "a hex [q, r] of two integers";

const unknownType = (type: unknown): MoscowError =>
  bad(`Unknown action type ${JSON.stringify(type) ?? "(missing)"}: use one of ${ACTION_TYPES.join(", ")}`, "type");

export function parseAction(raw: unknown): MoscowAction | MoscowError {
  if (!isObject(raw)) return bad(`An action is a JSON object with a "type" (one of ${ACTION_TYPES.join(", ")})`);
  const type = raw.type;
  if (typeof type !== "string") return unknownType(type);
  // every type of ACTION_TYPES has its case; any other string falls to the default (no search of the list first)
  switch (type) {
    case "end_phase":
      return { type };
    case "setup": {
      const list = raw.placements;
      if (!Array.isArray(list) || list.length > 64) return bad("setup needs placements: [{unitId, hex: [q, r]}, ...]", "placements");
      const placements = [];
      for (const [i, p] of list.entries()) {
        if (!isObject(p) || !isString(p.unitId) || !isHex(p.hex)) return bad(`placements[${i}] must be {unitId: string, hex: ${hexText}}`, `placements[${i}]`);
        placements.push({ unitId: p.unitId, hex: [p.hex[0], p.hex[1]] as [number, number] });
      }
      return { type, placements };
    }
    case "move":
      if (!isString(raw.unitId)) return bad("move needs unitId (a string)", "unitId");
      if (!isHex(raw.to)) return bad(`move needs to: ${hexText}`, "to");
      return { type, unitId: raw.unitId, to: [raw.to[0], raw.to[1]] };
    case "declare_battles": {
      const list = raw.battles;
      if (!Array.isArray(list) || list.length > 40) return bad("declare_battles needs battles: [{attackers: [ids], defender: id}, ...]", "battles");
      const battles = [];
      for (const [i, b] of list.entries()) {
        if (!isObject(b) || !isStringList(b.attackers, 6) || !isString(b.defender)) {
          return bad(`battles[${i}] must be {attackers: [up to 6 unit ids], defender: unit id}`, `battles[${i}]`);
        }
        battles.push({ attackers: [...b.attackers], defender: b.defender });
      }
      return { type, battles };
    }
    case "resolve_battle":
      if (!Number.isSafeInteger(raw.battleIndex) || (raw.battleIndex as number) < 0) return bad("resolve_battle needs battleIndex (an integer from 0)", "battleIndex");
      return { type, battleIndex: raw.battleIndex as number };
    case "resolve_all_battles":
      return { type };
    case "choose_losses":
      if (!isStringList(raw.steps, 12)) return bad("choose_losses needs steps: [unit ids], one entry per step", "steps");
      return { type, steps: [...raw.steps] };
    case "retreat": {
      if (!isString(raw.unitId)) return bad("retreat needs unitId (a string)", "unitId");
      const path = raw.path;
      if (!Array.isArray(path) || path.length > 20 || !path.every(isHex)) return bad(`retreat needs path: a list of ${hexText}`, "path");
      return { type, unitId: raw.unitId, path: path.map((h) => [h[0], h[1]] as [number, number]) };
    }
    case "advance":
      if (raw.unitId !== null && !isString(raw.unitId)) return bad("advance needs unitId: a string, or null to decline", "unitId");
      return { type, unitId: raw.unitId as string | null };
    case "replacement": {
      if (!isString(raw.unitId)) return bad("replacement needs unitId (a string)", "unitId");
      if (raw.action === "restore") return { type, action: "restore", unitId: raw.unitId };
      if (raw.action === "place") {
        if (!isHex(raw.hex)) return bad(`a place replacement needs hex: ${hexText}`, "hex");
        return { type, action: "place", unitId: raw.unitId, hex: [raw.hex[0], raw.hex[1]] };
      }
      return bad('replacement needs action: "restore" or "place"', "action");
    }
    default:
      return unknownType(type);
  }
}
