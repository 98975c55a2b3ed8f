/** Checking untrusted scenario JSON (musket.md 4): each check answers a value or a bad_scenario naming the field and the hex. */
import { isHex } from "../hex";
import { ruleError, type RuleError } from "../ruleset";
import { hexText, onBoard } from "./board";
import type { Cell, MapSpec, Side } from "./state";

export type Bad = RuleError<"bad_scenario">;

export function bad(field: string, message: string, hex?: Cell): Bad {
  return ruleError("bad_scenario", `Scenario ${field}: ${message}`, hex ? { field, hex } : { field });
}

export const isBad = (v: unknown): v is Bad => typeof v === "object" && v !== null && (v as { ok?: unknown }).ok === false;

export const isObject = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);
export const isInt = (v: unknown, min: number, max = Number.MAX_SAFE_INTEGER): v is number => Number.isInteger(v) && (v as number) >= min && (v as number) <= max;

export function text(v: unknown, field: string, max: number, fallback: string): string | Bad {
  if (v === undefined) return fallback;
  if (typeof v !== "string" || v.length === 0 || v.length > max) return bad(field, `must be a string of 1 to ${max} characters`);
  return v;
}

export function sideOf(v: unknown, field: string): Side | Bad {
  return v === 0 || v === 1 ? v : bad(field, "must be 0 (Blue) or 1 (Red)");
}

export function hexOn(map: Pick<MapSpec, "cols" | "rows">, v: unknown, field: string): Cell | Bad {
  if (!isHex(v)) return bad(field, "must be an axial hex [q, r] of two whole numbers");
  const h: Cell = [v[0], v[1]];
  return onBoard(map, h) ? h : bad(field, `hex ${hexText(h)} is off the ${map.cols}x${map.rows} board`, h);
}

/** Maps a list through `each`, stopping at the first refusal. */
export function eachOf<T>(list: readonly unknown[], each: (v: unknown, i: number) => T | Bad): T[] | Bad {
  const out: T[] = [];
  for (const [i, v] of list.entries()) {
    const r = each(v, i);
    if (isBad(r)) return r;
    out.push(r);
  }
  return out;
}
