/**
 * The computer's odds trials by unit index. Choosing its battles, it works out the odds of many
 * sets of attackers against each target in one state; so it reads every unit's hex and
 * strengths once (readUnits) and works out each trial's column from them, as oddsColumn does.
 */
import { strengthOf } from "./board";
import { FOREST, FORT, indexOf, isMud, isRiver, MOSCOW, NEIGHBOURS, SIDE_INDEX, UNIT_DEFS, UNIT_SIDE, type Side } from "./data";
import { MAX_COLUMN } from "./odds";
import { syncBoard } from "./reach-memo";
import type { MoscowState } from "./state";

const UNITS = UNIT_DEFS.length;
/** By unit index, for the state last read: its hex (-1 off the map), its strength now, its attack strength. */
export const AT = new Int16Array(UNITS);
export const STRENGTH = new Float64Array(UNITS);
export const ATTACK = new Float64Array(UNITS);

/** Reads every unit of `state` into AT, STRENGTH and ATTACK (currentStrength, attackStrength). */
export function readUnits(state: MoscowState): void {
  const mud = isMud(state.turn);
  const roundDown = state.options.rules === "seed-spec";
  for (let k = 0; k < UNITS; k++) {
    const unit = state.units[k];
    const p = unit?.position;
    AT[k] = p ? indexOf(p) : -1;
    const strength = unit ? strengthOf(UNIT_DEFS[k]!, unit.strength) : 0;
    STRENGTH[k] = strength;
    ATTACK[k] = !mud ? strength : roundDown ? Math.floor(strength / 2) : strength / 2;
  }
}

/** oddsColumn(state, the first `count` of `attackers`, defender) for the state last read, by unit index. */
export function trialColumn(attackers: readonly number[], count: number, defender: number): number {
  let attack = 0;
  for (let j = 0; j < count; j++) attack += ATTACK[attackers[j]!]!;
  const defense = STRENGTH[defender]!;
  const ratio = defense > 0 ? Math.min(MAX_COLUMN, Math.floor(attack / defense)) : MAX_COLUMN;
  if (ratio < 1) return 0;
  const at = AT[defender]!;
  if (at < 0) return ratio;
  let shifts = 0;
  if (FOREST[at]) shifts++;
  if (at === MOSCOW) shifts++;
  if (FORT[at] && UNIT_DEFS[defender]!.side === "soviet") shifts++;
  let across = count > 0;
  for (let j = 0; across && j < count; j++) {
    const from = AT[attackers[j]!]!;
    across = from >= 0 && isRiver(from, at);
  }
  if (across) shifts++;
  return Math.max(0, ratio - shifts);
}

/** A target of possibleAttacks by unit index: the enemy unit and `side`'s units next to it, in the same order. */
export interface Target {
  defender: number;
  attackers: number[];
}

/** possibleAttacks(state, side) by unit index (the state last read, and synced). */
export function targetsOf(state: MoscowState, side: Side): Target[] {
  const occ = syncBoard(state).occ;
  const own = SIDE_INDEX[side];
  const out: Target[] = [];
  for (let k = 0; k < UNITS; k++) {
    const at = AT[k]!;
    if (at < 0 || UNIT_SIDE[k] === own) continue;
    const attackers: number[] = [];
    const adj = NEIGHBOURS[at]!;
    for (let j = 0; j < adj.length; j++) {
      const o = occ[adj[j]!]!;
      if (o >= 0 && UNIT_SIDE[o] === own) attackers.push(o);
    }
    if (attackers.length > 0) out.push({ defender: k, attackers });
  }
  return out;
}

/**
 * Sorts `targets` in place by key, then by the defender's `rank`: the order sort gives with that
 * comparator (a total order, ranks being distinct), by insertion, as there are a few targets and
 * sort's calls of a comparator cost more than the sorting.
 */
export function byKeyThenRank<T extends { key: number; defender: number }>(targets: T[], rank: readonly number[]): T[] {
  for (let i = 1; i < targets.length; i++) {
    const t = targets[i]!;
    let j = i;
    for (; j > 0; j--) {
      const before = targets[j - 1]!;
      if (!(t.key < before.key || (t.key === before.key && rank[t.defender]! < rank[before.defender]!))) break;
      targets[j] = before;
    }
    targets[j] = t;
  }
  return targets;
}

/**
 * The units of `units` not marked in `used`, strongest attack first, then by `rank` (the order
 * `sort` gives by those two keys; an insertion sort, as such lists hold a few units).
 */
export function strongestFirst(units: readonly number[], used: Uint8Array, rank: readonly number[]): number[] {
  const out: number[] = [];
  for (let j = 0; j < units.length; j++) {
    const a = units[j]!;
    if (used[a]) continue;
    let i = out.length;
    out.push(a);
    for (; i > 0; i--) {
      const b = out[i - 1]!;
      if (!(ATTACK[a]! > ATTACK[b]! || (ATTACK[a] === ATTACK[b] && rank[a]! < rank[b]!))) break;
      out[i] = b;
    }
    out[i] = a;
  }
  return out;
}
