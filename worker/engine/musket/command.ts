/** Command radius (musket.md 5.3): who is in command, and the chance of an out-of-command unit's check. */
import { distance } from "../hex";
import { COMMAND_PERCENT, FAR_FROM_LEADER_PERCENT } from "./data";
import { unitById } from "./board";
import type { Leader, MusketState, Unit } from "./state";

interface Posted {
  leader: Leader;
  host: Unit;
}

function friendlyLeaders(state: Pick<MusketState, "units" | "leaders">, unit: Unit): Posted[] {
  const out: Posted[] = [];
  for (const leader of state.leaders) {
    const host = unitById(state, leader.unit);
    if (host && host.side === unit.side) out.push({ leader, host });
  }
  return out;
}

export function inCommand(state: Pick<MusketState, "units" | "leaders">, unit: Unit): boolean {
  return friendlyLeaders(state, unit).some(({ leader, host }) => host.id === unit.id || distance(host.hex, unit.hex) <= leader.radius);
}

/** Whole percent: 100 in command, else 50, or 35 beyond twice the nearest leader's radius. */
export function commandPercent(state: Pick<MusketState, "units" | "leaders">, unit: Unit): number {
  if (inCommand(state, unit)) return 100;
  let nearest: Posted | undefined;
  let best = Infinity;
  for (const posted of friendlyLeaders(state, unit)) {
    const d = distance(posted.host.hex, unit.hex);
    if (d < best || (d === best && nearest && posted.leader.id < nearest.leader.id)) {
      best = d;
      nearest = posted;
    }
  }
  const far = nearest !== undefined && best > 2 * nearest.leader.radius;
  return COMMAND_PERCENT + (far ? FAR_FROM_LEADER_PERCENT : 0);
}

export const hasLeader = (state: Pick<MusketState, "leaders">, unit: Unit): boolean => state.leaders.some((l) => l.unit === unit.id);
