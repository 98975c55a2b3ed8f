/** Leader casualties and succession (musket.md 9.4) and the removal of eliminated units (9.5). */
import { distance } from "../hex";
import type { Rng } from "../rng";
import { byId } from "./board";
import { LEADER_CASUALTY_PERCENT } from "./data";
import type { MusketEvent } from "./events";
import type { Leader, MusketState, Unit } from "./state";

/** `L` -> `L-r1` -> `L-r1-r2`: one more than the `r<n>` segments already in the id. */
export function successorId(id: string): string {
  const n = id.split("-").filter((segment) => /^r\d+$/.test(segment)).length + 1;
  return `${id}-r${n}`;
}

function successorHost(state: MusketState, host: Unit): Unit | undefined {
  const led = new Set(state.leaders.map((l) => l.unit));
  const candidates = state.units.filter((u) => u.side === host.side && u.id !== host.id && u.sp > 0 && !led.has(u.id));
  return candidates.sort((a, b) => distance(a.hex, host.hex) - distance(b.hex, host.hex) || byId(a, b))[0];
}

/** 9.4: the draw for the leader riding with `host` (which lost SP and lives), if it has one. */
export function leaderCasualty(state: MusketState, host: Unit, rng: Rng): MusketEvent[] {
  const index = state.leaders.findIndex((l) => l.unit === host.id);
  if (index < 0) return [];
  const leader = state.leaders[index]!;
  const u = rng.float();
  const killed = u < LEADER_CASUALTY_PERCENT / 100;
  let successor: Leader | null = null;
  if (killed) {
    state.leaders.splice(index, 1);
    const next = successorHost(state, host);
    if (next) {
      successor = { id: successorId(leader.id), unit: next.id, radius: Math.max(0, leader.radius - 1) };
      state.leaders.push(successor);
    }
  }
  return [{ kind: "leader_casualty", leader: leader.id, host: host.id, u, killed, successor }];
}

/** 9.5: removes every unit at 0 SP (in unit order) with its leaders, unreplaced. */
export function removeEliminated(state: MusketState): MusketEvent[] {
  const events: MusketEvent[] = [];
  for (const unit of state.units.filter((u) => u.sp <= 0)) {
    const leaders = state.leaders.filter((l) => l.unit === unit.id).map((l) => l.id);
    state.leaders = state.leaders.filter((l) => l.unit !== unit.id);
    state.units = state.units.filter((u) => u.id !== unit.id);
    const { id, side, type, hex, maxSp, elite } = unit;
    state.eliminated.push({ id, side, type, hex, sp: 0, maxSp, elite });
    events.push({ kind: "eliminated", unit: id, side, hex, leaders });
  }
  return events;
}

