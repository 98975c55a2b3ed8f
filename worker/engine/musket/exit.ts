/** Leaving the map (musket.md 6.5): when a unit may exit and what becomes of it. */
import { edgesOf, mpLeft } from "./board";
import { UNIT_DEFS } from "./data";
import type { MusketEvent } from "./events";
import type { Edge, MusketState, Unit } from "./state";

/** The edge the unit would leave by (the first of its side's exit_units conditions that fits), or null. */
export function exitEdge(state: Pick<MusketState, "map" | "victory" | "turn">, unit: Unit): Edge | null {
  if (mpLeft(unit) < 1) return null;
  if (UNIT_DEFS[unit.type].actionType === "move_or_fire" && unit.fired) return null;
  const edges = edgesOf(state.map, unit.hex);
  for (const c of state.victory[String(unit.side) as "0" | "1"]) {
    if (c.kind === "exit_units" && state.turn >= c.fromTurn && edges.includes(c.edge)) return c.edge;
  }
  return null;
}

/** Removes the unit and its leaders from the draft. */
export function exitMap(state: MusketState, unit: Unit, edge: Edge): MusketEvent {
  const leaders = state.leaders.filter((l) => l.unit === unit.id).map((l) => l.id);
  state.leaders = state.leaders.filter((l) => l.unit !== unit.id);
  state.units = state.units.filter((u) => u.id !== unit.id);
  const { id, side, type, hex, sp, maxSp, elite } = unit;
  state.exited.push({ id, side, type, hex, sp, maxSp, elite, edge });
  return { kind: "exited", unit: id, side, from: hex, edge, sp, leaders };
}
