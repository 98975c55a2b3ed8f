/** WarShard's evaluation: the victory points each side holds (warshard.md 9.4) and the combat value of the units it still has. */
import { victoryPoints } from "../warshard/board";
import { UNIT_DEFS } from "../warshard/data";
import { otherSide, type WarshardState } from "../warshard/state";
import type { Seat } from "../ruleset";

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
