/** Who could attack whom: enemy units with at least one of the side's units adjacent. */
import { syncBoard } from "./reach-memo";
import { indexOf, NEIGHBOURS, UNIT_DEFS, type Side } from "./data";
import type { MoscowState } from "./state";

export interface PossibleAttack {
  defender: string;
  defenderPosition: [number, number];
  possibleAttackers: string[];
}

/** Every enemy unit `side` could attack now, with the units adjacent to it. */
export function possibleAttacks(state: MoscowState, side: Side): PossibleAttack[] {
  const occ = syncBoard(state).occ;
  const out: PossibleAttack[] = [];
  state.units.forEach((u, k) => {
    if (!u.position || UNIT_DEFS[k]!.side === side) return;
    const at = indexOf(u.position);
    const attackers: string[] = [];
    for (const n of NEIGHBOURS[at]!) {
      const o = occ[n]!;
      if (o >= 0 && UNIT_DEFS[o]!.side === side) attackers.push(state.units[o]!.id);
    }
    if (attackers.length > 0) out.push({ defender: u.id, defenderPosition: [u.position[0], u.position[1]], possibleAttackers: attackers });
  });
  return out;
}

/** possibleAttacks(state, side).length > 0, stopping at the first enemy unit next to one of `side`'s. */
export function anyAttack(state: MoscowState, side: Side): boolean {
  const occ = syncBoard(state).occ;
  const units = state.units;
  for (let k = 0; k < units.length; k++) {
    const p = units[k]!.position;
    if (!p || UNIT_DEFS[k]!.side === side) continue;
    const adj = NEIGHBOURS[indexOf(p)]!;
    for (let j = 0; j < adj.length; j++) {
      const o = occ[adj[j]!]!;
      if (o >= 0 && UNIT_DEFS[o]!.side === side) return true;
    }
  }
  return false;
}
