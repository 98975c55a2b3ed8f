/** Untrusted actions checked for shape (musket.md 5.2, 14 bad_action). */
import { isHex } from "../hex";
import { ruleError } from "../ruleset";
import type { MusketError } from "./errors";
import type { MusketAction } from "./state";

const TYPES = ["activate", "end_turn", "move", "fire", "charge", "exit", "end_activation"] as const;

const bad = (message: string, field: string): MusketError => ruleError("bad_action", message, { field, reason: "malformed" });

export function parseAction(raw: unknown): MusketAction | MusketError {
  if (typeof raw !== "object" || raw === null || Array.isArray(raw)) return bad('An action must be an object such as {"type":"end_turn"}', "action");
  const a = raw as Record<string, unknown>;
  const type = a.type;
  if (typeof type !== "string" || !(TYPES as readonly string[]).includes(type)) return bad(`Unknown action type ${JSON.stringify(type)}: use one of ${TYPES.join(", ")}`, "type");
  switch (type as (typeof TYPES)[number]) {
    case "activate":
      return typeof a.unit === "string" ? { type: "activate", unit: a.unit } : bad("activate needs a unit id in the field unit", "unit");
    case "move":
      return isHex(a.to) ? { type: "move", to: [a.to[0], a.to[1]] } : bad("move needs a hex [q, r] of two whole numbers in the field to", "to");
    case "fire":
    case "charge":
      return typeof a.target === "string" ? { type: type as "fire" | "charge", target: a.target } : bad(`${type} needs a unit id in the field target`, "target");
    case "end_turn":
    case "exit":
    case "end_activation":
      return { type: type as "end_turn" | "exit" | "end_activation" };
  }
}
