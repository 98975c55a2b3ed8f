/**
 * WarShard's evaluation. For a shipped scenario: the chance the first side wins, a logistic
 * regression on the position's features (warshard-features.ts) fitted on standard self-play. For
 * any other: the victory points each side holds (warshard.md 9.4) and the combat value of the
 * units it still has.
 */
import { victoryPoints } from "../warshard/board";
import { UNIT_DEFS } from "../warshard/data";
import { otherSide, type WarshardState } from "../warshard/state";
import type { Seat } from "../ruleset";
import { warshardFeatures } from "./warshard-features";
import { fittedChance } from "./fitted";

/** Coefficients over WARSHARD_FEATURES per shipped scenario, fitted by `node --import tsx bench/strong-fit-warshard.ts 2000 0.15 0.3 starts`. */
const FITTED: Readonly<Record<string, readonly number[]>> = {"boot_camp":[-0.871,-0.606,0.973,0,0,2.109,0.558,0.447,0.069,0.064,0.337,1.114,-1.001,-0.713,0,-2.05,0.162,-0.078,0.078,-0.053,-0.372,2.044,-0.675]};

function forces(state: WarshardState, side: string): number {
  let value = 0;
  for (const unit of state.units) {
    if (unit.side !== side || (unit.status !== "map" && unit.status !== "waiting")) continue;
    const def = UNIT_DEFS[unit.type];
    value += def.power + def.defence + 1;
  }
  return value;
}

export function evaluateWarshard(state: WarshardState, seat: Seat): number {
  const weights = FITTED[state.scenario.id];
  if (weights) {
    const first = fittedChance(warshardFeatures(state), weights);
    return seat === state.sides[0] ? first : 1 - first;
  }
  const foe = otherSide(state, seat);
  const vp = victoryPoints(state);
  const mine = vp[seat] ?? 0;
  const theirs = vp[foe] ?? 0;
  const vpShare = mine + theirs === 0 ? 0.5 : mine / (mine + theirs);
  const own = forces(state, seat);
  const enemy = forces(state, foe);
  const forceShare = own + enemy === 0 ? 0.5 : own / (own + enemy);
  return 0.5 * vpShare + 0.5 * forceShare;
}
