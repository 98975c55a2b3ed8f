/**
 * Pools of dice and how they are built (skirmish.md 4.2): 2 Base dice each, bonus dice into
 * the owner's pool, penalty dice into the opponent's, Fight/Shoot cancelling penalty Modifier
 * dice against their owner, and flattening last.
 */
import { DIE_KINDS, type DieKind } from "./dice";

export interface Pool {
  b: number;
  m: number;
  w: number;
}

export type TestSide = "active" | "passive";

/**
 * One award as the event records it: `side` is the participant it concerns, `dice` a signed
 * count ("+1w": a bonus die for `side`; "-1m": a penalty against `side`, rolled by the other).
 */
export interface Modifier {
  name: string;
  side: TestSide;
  dice: string;
}

export const STARTING_BASE = 2;

export const emptyPool = (): Pool => ({ b: 0, m: 0, w: 0 });

export const other = (side: TestSide): TestSide => (side === "active" ? "passive" : "active");

/** "+1w" / "-2m" as a count and a kind; null for anything else. */
export function parseDice(dice: string): { count: number; kind: DieKind } | null {
  const match = /^([+-])(\d+)([bmw])$/.exec(dice);
  if (!match) return null;
  const count = Number(match[2]) * (match[1] === "-" ? -1 : 1);
  return { count, kind: match[3] as DieKind };
}

export function diceText(count: number, kind: DieKind): string {
  return `${count < 0 ? "-" : "+"}${Math.abs(count)}${kind}`;
}

export function poolText(pool: Pool): string {
  const parts = DIE_KINDS.filter((k) => pool[k] > 0).map((k) => `${pool[k]}${k}`);
  return parts.length === 0 ? "no dice" : parts.join(" ");
}

export const poolSize = (pool: Pool): number => pool.b + pool.m + pool.w;

/**
 * Flattening (4.2 step 4): Modifier and Wild dice cancel one for one; Base dice cancel down
 * to the 2 each side always keeps.
 */
export function flatten(active: Pool, passive: Pool): { active: Pool; passive: Pool } {
  const cut = {
    b: Math.max(0, Math.min(active.b - STARTING_BASE, passive.b - STARTING_BASE)),
    m: Math.min(active.m, passive.m),
    w: Math.min(active.w, passive.w),
  };
  return {
    active: { b: active.b - cut.b, m: active.m - cut.m, w: active.w - cut.w },
    passive: { b: passive.b - cut.b, m: passive.m - cut.m, w: passive.w - cut.w },
  };
}

export interface PoolRules {
  /** Fight X / Shoot X of each side: penalty Modifier dice against it that it ignores. */
  ignorePenaltyM?: Partial<Record<TestSide, number>>;
  /** The side starts with no dice at all (a leaderless side in the initiative test, 6.2). */
  noDice?: Partial<Record<TestSide, boolean>>;
}

/**
 * The two pools from the awards, before flattening. Penalty Modifier dice against a side are
 * counted apart so Fight/Shoot can take them back out of the opponent's pool (4.2 step 5).
 */
export function buildPools(modifiers: readonly Modifier[], rules: PoolRules = {}): { active: Pool; passive: Pool } {
  const pools: Record<TestSide, Pool> = { active: { b: STARTING_BASE, m: 0, w: 0 }, passive: { b: STARTING_BASE, m: 0, w: 0 } };
  const penaltyM: Record<TestSide, number> = { active: 0, passive: 0 };
  for (const side of ["active", "passive"] as const) if (rules.noDice?.[side]) pools[side] = emptyPool();
  for (const modifier of modifiers) {
    const dice = parseDice(modifier.dice);
    if (!dice) continue;
    const receiver = dice.count > 0 ? modifier.side : other(modifier.side);
    if (rules.noDice?.[receiver]) continue;
    pools[receiver][dice.kind] += Math.abs(dice.count);
    if (dice.count < 0 && dice.kind === "m") penaltyM[modifier.side] += -dice.count;
  }
  for (const side of ["active", "passive"] as const) {
    const ignored = Math.min(rules.ignorePenaltyM?.[side] ?? 0, penaltyM[side]);
    pools[other(side)].m -= ignored;
  }
  return pools;
}
