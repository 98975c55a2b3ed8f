/**
 * Stacking cleanup (5.3), inside end_movement: in every hex holding more than one unit of the
 * active side, ascending (q, r), units are destroyed lowest Power first (a draw among ties)
 * until one remains.
 */
import { hexKey, type Hex } from "../hex";
import type { Rng } from "../rng";
import { byQR, cell, unitsAt } from "./board";
import { shatter } from "./combat";
import { UNIT_DEFS } from "./data";
import type { WarshardEvent } from "./events";
import type { WarshardState } from "./state";

export function clearStacks(state: WarshardState, events: WarshardEvent[], rng: Rng): void {
  const counts = new Map<string, { hex: Hex; n: number }>();
  for (const u of state.units) {
    if (u.status !== "map" || u.side !== state.activeSide || !u.hex) continue;
    const key = hexKey(u.hex);
    counts.set(key, { hex: u.hex, n: (counts.get(key)?.n ?? 0) + 1 });
  }
  const stacked = [...counts.values()].filter((c) => c.n > 1).map((c) => cell(c.hex)).sort(byQR);
  for (const hex of stacked) {
    for (;;) {
      const here = unitsAt(state, hex).filter((u) => u.side === state.activeSide);
      if (here.length <= 1) break;
      const lowest = Math.min(...here.map((u) => UNIT_DEFS[u.type].power));
      const tied = here.filter((u) => UNIT_DEFS[u.type].power === lowest);
      const k = tied.length > 1 ? tied.length : null;
      const pick = k === null ? null : rng.int(k);
      const unit = tied[pick ?? 0]!;
      events.push({ kind: "stack_removed", hex, unit: unit.id, side: unit.side, tied: tied.map((u) => u.id), k, pick });
      shatter(state, unit);
      events.push({ kind: "eliminated", unit: unit.id, side: unit.side, hex, cause: "stacking" });
    }
  }
}
