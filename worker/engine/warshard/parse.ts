/** Untrusted JSON to an action, or a bad_action naming the field (14). */
import { isHex, type Hex } from "../hex";
import { fail, type WarshardError } from "./errors";
import type { WarshardAction } from "./state";

type Field = "unit" | "path" | "target" | "fight" | "to" | "hex";

const SHAPES: Readonly<Record<WarshardAction["type"], readonly Field[]>> = {
  move: ["unit", "path"],
  end_movement: [],
  attack: ["unit", "target"],
  end_attacks: [],
  support: ["unit", "fight"],
  end_support: [],
  retreat: ["unit", "to"],
  advance: ["fight", "unit"],
  no_advance: ["fight"],
  place_replacement: ["unit", "hex"],
};

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);
const cellOf = (h: Hex): [number, number] => [h[0], h[1]];

export function parseAction(raw: unknown): WarshardAction | WarshardError {
  if (!isObject(raw)) return fail("bad_action", "An action must be an object with a type", { reason: "not_an_object" });
  const type = raw.type;
  if (typeof type !== "string" || !Object.hasOwn(SHAPES, type)) {
    return fail("bad_action", `Unknown action type ${JSON.stringify(type)}; one of ${Object.keys(SHAPES).join(", ")}`, { field: "type" });
  }
  const out: Record<string, unknown> = { type };
  for (const field of SHAPES[type as WarshardAction["type"]]) {
    const value = raw[field];
    if (field === "unit") {
      if (typeof value !== "string" || value.length === 0) return fail("bad_action", `${type}: "unit" must be a unit id (a string)`, { field });
      out.unit = value;
    } else if (field === "path") {
      if (!Array.isArray(value) || value.length === 0 || !value.every(isHex)) {
        return fail("bad_action", `${type}: "path" must be a non-empty list of hexes [q, r]`, { field });
      }
      out.path = (value as Hex[]).map(cellOf);
    } else {
      if (!isHex(value)) return fail("bad_action", `${type}: "${field}" must be a hex [q, r]`, { field });
      out[field] = cellOf(value);
    }
  }
  return out as WarshardAction;
}
