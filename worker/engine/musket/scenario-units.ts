/** Units and leaders of a scenario (musket.md 3.2, 3.4, 4): on the board, on terrain they may enter, one per hex, one leader per host. */
import { hexKey } from "../hex";
import { hexText, terrainAt } from "./board";
import { canEnter, UNIT_DEFS, UNIT_TYPES, type UnitType } from "./data";
import { bad, eachOf, hexOn, isBad, isInt, isObject, sideOf, type Bad } from "./scenario-fields";
import { EDGES } from "./scenario-victory";
import type { Cell, Edge, Leader, MapSpec, RemovedUnit, Side, Unit, UnitIdentity } from "./state";

type UnitFields = UnitIdentity;

function parseUnitFields(map: MapSpec, v: unknown, field: string, ids: Set<string>, spMin: number): UnitFields | Bad {
  if (!isObject(v)) return bad(field, 'must be {"id", "side", "type", "hex", ...}');
  if (typeof v.id !== "string" || v.id.length === 0 || v.id.length > 40) return bad(`${field}.id`, "must be a string of 1 to 40 characters");
  if (ids.has(v.id)) return bad(`${field}.id`, `${v.id} is used twice`);
  ids.add(v.id);
  const side = sideOf(v.side, `${field}.side`);
  if (isBad(side)) return side;
  if (!(UNIT_TYPES as readonly unknown[]).includes(v.type)) return bad(`${field}.type`, `must be one of ${UNIT_TYPES.join(", ")}`);
  const type = v.type as UnitType;
  const hex = hexOn(map, v.hex, `${field}.hex`);
  if (isBad(hex)) return hex;
  const sp = v.sp === undefined ? UNIT_DEFS[type].defaultSp : v.sp;
  if (!isInt(sp, spMin, 99)) return bad(`${field}.sp`, `must be a whole number from ${spMin} to 99`, hex);
  const maxSp = v.maxSp === undefined ? Math.max(sp, 1) : v.maxSp;
  if (!isInt(maxSp, Math.max(sp, 1), 99)) return bad(`${field}.maxSp`, `must be a whole number from ${Math.max(sp, 1)} (its sp) to 99`, hex);
  if (v.elite !== undefined && typeof v.elite !== "boolean") return bad(`${field}.elite`, "must be true or false", hex);
  return { id: v.id, side, type, hex, sp, maxSp, elite: v.elite === true };
}

/** The units on the map, with the state of an activation where a position gives one. */
export function parseUnits(map: MapSpec, list: unknown, ids: Set<string>): Unit[] | Bad {
  if (!Array.isArray(list)) return bad("units", "must be a list of units");
  const occupied = new Map<string, string>();
  return eachOf(list, (v, i) => {
    const field = `units[${i}]`;
    const f = parseUnitFields(map, v, field, ids, 1);
    if (isBad(f)) return f;
    const raw = v as Record<string, unknown>;
    const terrain = terrainAt(map, f.hex);
    if (!canEnter(f.type, terrain)) return bad(`${field}.hex`, `${UNIT_DEFS[f.type].name} cannot stand on ${terrain} at ${hexText(f.hex)}`, f.hex);
    const other = occupied.get(hexKey(f.hex));
    if (other) return bad(`${field}.hex`, `hex ${hexText(f.hex)} already holds ${other}`, f.hex);
    occupied.set(hexKey(f.hex), f.id);
    for (const flag of ["activated", "fired", "roadOk"] as const) {
      if (raw[flag] !== undefined && typeof raw[flag] !== "boolean") return bad(`${field}.${flag}`, "must be true or false", f.hex);
    }
    const mpUsed = raw.mpUsed ?? 0;
    const most = UNIT_DEFS[f.type].movement + 1;
    if (!isInt(mpUsed, 0, most)) return bad(`${field}.mpUsed`, `must be a whole number from 0 to ${most}`, f.hex);
    return { ...f, activated: raw.activated === true, mpUsed, fired: raw.fired === true, roadOk: raw.roadOk === true };
  });
}

/** Units already eliminated (SP 0, where they fell) or exited (with their edge and SP). */
export function parseRemoved(map: MapSpec, list: unknown, key: "eliminated" | "exited", ids: Set<string>): RemovedUnit[] | Bad {
  const given = list ?? [];
  if (!Array.isArray(given)) return bad(key, "must be a list of units");
  return eachOf(given, (v, i) => {
    const field = `${key}[${i}]`;
    const f = parseUnitFields(map, v, field, ids, key === "exited" ? 1 : 0);
    if (isBad(f)) return f;
    if (key === "eliminated") return { ...f, sp: 0 };
    const edge = (v as Record<string, unknown>).edge;
    if (!(EDGES as readonly unknown[]).includes(edge)) return bad(`${field}.edge`, `must be one of ${EDGES.join(", ")}`, f.hex);
    return { ...f, edge: edge as Edge };
  });
}

export function parseLeaders(list: unknown, units: readonly Unit[]): Leader[] | Bad {
  const given = list ?? [];
  if (!Array.isArray(given)) return bad("leaders", "must be a list of leaders");
  const ids = new Set<string>();
  const hosts = new Set<string>();
  return eachOf(given, (l, i) => {
    const field = `leaders[${i}]`;
    if (!isObject(l)) return bad(field, 'must be {"id", "unit", "radius"}');
    if (typeof l.id !== "string" || l.id.length === 0 || l.id.length > 100) return bad(`${field}.id`, "must be a string of 1 to 100 characters");
    if (ids.has(l.id)) return bad(`${field}.id`, `leader id ${l.id} is used twice`);
    ids.add(l.id);
    const host = units.find((u) => u.id === l.unit);
    if (!host) return bad(`${field}.unit`, `there is no unit ${JSON.stringify(l.unit)} on the map to host the leader`);
    // decision: one leader per unit, as succession keeps it (9.4: a successor joins a unit with no leader)
    if (hosts.has(host.id)) return bad(`${field}.unit`, `${host.id} already has a leader`, host.hex);
    hosts.add(host.id);
    if (!isInt(l.radius, 0, 99)) return bad(`${field}.radius`, "must be a whole number from 0 to 99", host.hex);
    return { id: l.id, unit: host.id, radius: l.radius };
  });
}
