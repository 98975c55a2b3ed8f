/** Victory conditions of a scenario (musket.md 4): four kinds, alternatives or AND-groups. */
import { bad, eachOf, hexOn, isBad, isInt, isObject, type Bad } from "./scenario-fields";
import type { Condition, Edge, MapSpec } from "./state";

export const EDGES: readonly Edge[] = ["north", "south", "east", "west"];

function parseCondition(map: MapSpec, v: unknown, field: string, ids: Set<string>): Condition | Bad {
  if (!isObject(v)) return bad(field, 'must be {"id", "kind", ...}');
  if (typeof v.id !== "string" || v.id.length === 0 || v.id.length > 40) return bad(`${field}.id`, "must be a string of 1 to 40 characters");
  if (ids.has(v.id)) return bad(`${field}.id`, `condition id ${v.id} is used twice`);
  ids.add(v.id);
  if (v.group !== undefined && (typeof v.group !== "string" || v.group.length === 0)) return bad(`${field}.group`, "must be a non-empty string");
  const base = v.group === undefined ? { id: v.id } : { id: v.id, group: v.group as string };
  const countOk = isInt(v.count, 1, 99);
  const count = () => bad(`${field}.count`, "must be a whole number from 1 to 99");
  const hexes = () => (Array.isArray(v.hexes) && v.hexes.length > 0 ? eachOf(v.hexes, (h, i) => hexOn(map, h, `${field}.hexes[${i}]`)) : bad(`${field}.hexes`, "must be a non-empty list of hexes [q, r]"));
  const requireAll = typeof v.requireAll === "boolean" ? v.requireAll : null;
  const noRequireAll = () => bad(`${field}.requireAll`, "must be true or false");
  switch (v.kind) {
    case "eliminate_units":
      return countOk ? { ...base, kind: "eliminate_units", count: v.count as number } : count();
    case "control_hexes": {
      const atTurn = v.atTurn ?? null;
      if (atTurn !== null && !isInt(atTurn, 1, 999)) return bad(`${field}.atTurn`, "must be a turn number or null");
      const list = hexes();
      if (isBad(list)) return list;
      return requireAll === null ? noRequireAll() : { ...base, kind: "control_hexes", hexes: list, requireAll, atTurn };
    }
    case "hold_hexes": {
      const list = hexes();
      if (isBad(list)) return list;
      if (requireAll === null) return noRequireAll();
      if (!isInt(v.turns, 1, 999)) return bad(`${field}.turns`, "must be a whole number of turns from 1");
      return { ...base, kind: "hold_hexes", hexes: list, requireAll, turns: v.turns };
    }
    case "exit_units": {
      if (!(EDGES as readonly unknown[]).includes(v.edge)) return bad(`${field}.edge`, `must be one of ${EDGES.join(", ")}`);
      const fromTurn = v.fromTurn ?? 1;
      if (!isInt(fromTurn, 1, 999)) return bad(`${field}.fromTurn`, "must be a turn number from 1");
      return countOk ? { ...base, kind: "exit_units", edge: v.edge as Edge, count: v.count as number, fromTurn } : count();
    }
    default:
      return bad(`${field}.kind`, "must be one of eliminate_units, control_hexes, hold_hexes, exit_units");
  }
}

/** `{"0": [...], "1": [...]}`; condition ids are unique over both sides (hold streaks are kept by id). */
export function parseVictory(map: MapSpec, v: unknown): Record<"0" | "1", Condition[]> | Bad {
  const raw = v ?? {};
  if (!isObject(raw)) return bad("victory", 'must be {"0": [conditions], "1": [conditions]}');
  const ids = new Set<string>();
  const victory: Record<"0" | "1", Condition[]> = { "0": [], "1": [] };
  for (const key of Object.keys(raw)) {
    if (key !== "0" && key !== "1") return bad(`victory.${key}`, 'the sides are "0" and "1"');
    const list = raw[key];
    if (!Array.isArray(list)) return bad(`victory.${key}`, "must be a list of conditions");
    const parsed = eachOf(list, (c, i) => parseCondition(map, c, `victory.${key}[${i}]`, ids));
    if (isBad(parsed)) return parsed;
    victory[key] = parsed;
  }
  return victory;
}
