/**
 * One whole test as the events record it (skirmish.md 4.2, 4.3, 18): awards in, pools built and
 * flattened, dice drawn in the written order, scores, verdict and carry-overs out.
 */
import type { Rng } from "../../rng";
import { buildPools, flatten, type Modifier, type Pool, type PoolRules } from "./pool";
import { carryOver, countSuccesses, judge, rollPool, type Faces } from "./roll";

export const TEST_KINDS = ["initiative", "hit_close", "hit_range", "damage", "disengage", "fear", "rally", "bottle"] as const;
export type TestKind = (typeof TEST_KINDS)[number];

export interface Participant {
  /** null: the System of an unopposed test. */
  model: string | null;
  attr: string;
  value: number;
}

export interface TestSpec {
  test: TestKind;
  dr: number;
  active: Participant;
  passive: Participant;
  modifiers: readonly Modifier[];
  rules?: PoolRules;
}

export interface RolledSide extends Participant {
  pool: Pool;
  faces: Faces;
  successes: number;
  score: number;
}

export interface TestRecord {
  test: TestKind;
  dr: number;
  active: RolledSide;
  passive: RolledSide;
  modifiers: Modifier[];
  pass: boolean;
  cascades: number;
  misses: number;
  carryOver: Pool;
}

/** The System's side of an unopposed test: it scores 2 (+ DR) plus its own pool's successes. */
export const SYSTEM: Participant = { model: null, attr: "System", value: 2 };

/** The pools as they will be rolled: built from the awards, then flattened (unless a side has none). */
export function poolsOf(spec: Pick<TestSpec, "modifiers" | "rules">): { active: Pool; passive: Pool } {
  const built = buildPools(spec.modifiers, spec.rules);
  const oneSideEmpty = spec.rules?.noDice?.active || spec.rules?.noDice?.passive;
  return oneSideEmpty ? built : flatten(built.active, built.passive);
}

export function rollTest(spec: TestSpec, rng: Rng): TestRecord {
  const pools = poolsOf(spec);
  const activeFaces = rollPool(pools.active, rng);
  const passiveFaces = rollPool(pools.passive, rng);
  const side = (who: Participant, pool: Pool, faces: Faces, dr: number): RolledSide => {
    const successes = countSuccesses(faces);
    // written out: a spread makes a slow object
    return { model: who.model, attr: who.attr, value: who.value, pool, faces, successes, score: who.value + successes + dr };
  };
  const active = side(spec.active, pools.active, activeFaces, 0);
  const passive = side(spec.passive, pools.passive, passiveFaces, spec.dr);
  const verdict = judge(active.score, passive.score);
  return {
    test: spec.test,
    dr: spec.dr,
    active,
    passive,
    modifiers: [...spec.modifiers],
    ...verdict,
    carryOver: verdict.pass ? carryOver(activeFaces) : { b: 0, m: 0, w: 0 },
  };
}
