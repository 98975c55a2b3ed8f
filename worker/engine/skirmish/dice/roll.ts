/**
 * Rolling pools and scoring a test (skirmish.md 4.3). Every die is one d6 from the Rng, the
 * active pool first (Base, Modifier, Wild), then the passive pool in the same order.
 */
import type { Rng } from "../../rng";
import { CARRIES, DIE_KINDS, faceSuccesses, type DieKind } from "./dice";
import type { Pool } from "./pool";

export type Faces = Record<DieKind, number[]>;

export function rollPool(pool: Pool, rng: Rng): Faces {
  const faces: Faces = { b: [], m: [], w: [] };
  for (const kind of DIE_KINDS) for (let i = 0; i < pool[kind]; i++) faces[kind].push(rng.d6());
  return faces;
}

export function countSuccesses(faces: Faces): number {
  let total = 0;
  for (const kind of DIE_KINDS) for (const face of faces[kind]) total += faceSuccesses(kind, face);
  return total;
}

/** Bonus dice a passed test hands to the next test of the same attack (4.3 carry-overs). */
export function carryOver(faces: Faces): Pool {
  const carried: Pool = { b: 0, m: 0, w: 0 };
  for (const kind of DIE_KINDS) carried[kind] = faces[kind].filter((f) => CARRIES[kind].includes(f)).length;
  return carried;
}

export function faceTotal(faces: Faces): number {
  return DIE_KINDS.reduce((sum, kind) => sum + faces[kind].reduce((a, f) => a + f, 0), 0);
}

export interface Verdict {
  pass: boolean;
  cascades: number;
  misses: number;
}

/** Active passes on a tie, with 0 cascades; misses are what it lacked to tie (4.3, seed). */
export function judge(activeScore: number, passiveScore: number): Verdict {
  const pass = activeScore >= passiveScore;
  return { pass, cascades: pass ? activeScore - passiveScore : 0, misses: pass ? 0 : passiveScore - activeScore };
}
