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

export function parseAction(raw: unknown): MoscowAction | MoscowError {
  if (!isObject(raw)) return bad(`An action is a JSON object with a "type" (one of ${ACTION_TYPES.join(", ")})`);
  const type = raw.type;
  if (typeof type !== "string" || !(ACTION_TYPES as readonly string[]).includes(type)) {
    return bad(`Unknown action type ${JSON.stringify(type) ?? "(missing)"}: use one of ${ACTION_TYPES.join(", ")}`, "type");
  }
  switch (type) {
    case "end_phase":
      return { type };
    case "setup": {
      const list = raw.placements;
      if (!Array.isArray(list) || list.length > 64) return bad("setup needs placements: [{unit_id, hex: [q, r]}, ...]", "placements");
      const placements = [];
      for (const [i, p] of list.entries()) {
        if (!isObject(p) || !isString(p.unit_id) || !isHex(p.hex)) return bad(`placements[${i}] must be {unit_id: string, hex: ${hexText}}`, `placements[${i}]`);
        placements.push({ unit_id: p.unit_id, hex: [p.hex[0], p.hex[1]] as [number, number] });
      }
      return { type, placements };
    }
    case "move":
      if (!isString(raw.unit_id)) return bad("move needs unit_id (a string)", "unit_id");
      if (!isHex(raw.to)) return bad(`move needs to: ${hexText}`, "to");
      return { type, unit_id: raw.unit_id, to: [raw.to[0], raw.to[1]] };
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
      if (!Number.isSafeInteger(raw.battle_index) || (raw.battle_index as number) < 0) return bad("resolve_battle needs battle_index (an integer from 0)", "battle_index");
      return { type, battle_index: raw.battle_index as number };
    case "choose_losses":
      if (!isStringList(raw.steps, 12)) return bad("choose_losses needs steps: [unit ids], one entry per step", "steps");
      return { type, steps: [...raw.steps] };
    case "retreat": {
      if (!isString(raw.unit_id)) return bad("retreat needs unit_id (a string)", "unit_id");
      const path = raw.path;
      if (!Array.isArray(path) || path.length > 20 || !path.every(isHex)) return bad(`retreat needs path: a list of ${hexText}`, "path");
      return { type, unit_id: raw.unit_id, path: path.map((h) => [h[0], h[1]] as [number, number]) };
    }
    case "advance":
      if (raw.unit_id !== null && !isString(raw.unit_id)) return bad("advance needs unit_id: a string, or null to decline", "unit_id");
      return { type, unit_id: raw.unit_id as string | null };
    case "replacement": {
      if (!isString(raw.unit_id)) return bad("replacement needs unit_id (a string)", "unit_id");
      if (raw.action === "restore") return { type, action: "restore", unit_id: raw.unit_id };
      if (raw.action === "place") {
        if (!isHex(raw.hex)) return bad(`a place replacement needs hex: ${hexText}`, "hex");
        return { type, action: "place", unit_id: raw.unit_id, hex: [raw.hex[0], raw.hex[1]] };
      }
      return bad('replacement needs action: "restore" or "place"', "action");
    }
  }
  return bad("unknown action");
}
