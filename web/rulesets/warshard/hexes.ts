/** A hex read from an event's JSON. */
import type { Hex } from "./engine";

export const isHexLike = (v: unknown): v is Hex => Array.isArray(v) && v.length === 2 && Number.isInteger(v[0]) && Number.isInteger(v[1]);
