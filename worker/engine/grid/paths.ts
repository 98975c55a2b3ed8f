/**
 * Cheapest paths over hexes with a cost function (uniform-cost search): movement points,
 * supply traces, retreat routes. The ruleset says what entering a hex costs, or that it
 * cannot be entered; ties keep the path found first, so results are deterministic.
 */
import { hexKey, neighbours, type Hex } from "../hex";

export interface PathRules {
  /** Cost of stepping from `from` into the adjacent `to`, or null when it cannot be entered. */
  cost(from: Hex, to: Hex): number | null;
  /** The most a path may cost (movement allowance, trace length); no limit when absent. */
  budget?: number;
  /** A reached hex a path may enter but not leave (an enemy zone of control). */
  stops?(hex: Hex): boolean;
}

export interface Reached {
  hex: Hex;
  cost: number;
  /** The hex this one was entered from (null for the start). */
  from: string | null;
}

/** Every hex reachable from `start` within the budget, by key, with its cheapest cost. */
export function cheapestPaths(start: Hex, rules: PathRules): Map<string, Reached> {
  const budget = rules.budget ?? Number.POSITIVE_INFINITY;
  const reached = new Map<string, Reached>([[hexKey(start), { hex: [start[0], start[1]], cost: 0, from: null }]]);
  // a small frontier: a sorted insert keeps the search simple and stable
  const frontier: Reached[] = [reached.get(hexKey(start))!];
  const done = new Set<string>();
  while (frontier.length > 0) {
    const current = frontier.shift()!;
    const key = hexKey(current.hex);
    if (done.has(key)) continue;
    done.add(key);
    if (current.from !== null && rules.stops?.(current.hex)) continue;
    for (const next of neighbours(current.hex)) {
      const step = rules.cost(current.hex, next);
      if (step === null) continue;
      const cost = current.cost + step;
      if (cost > budget) continue;
      const nextKey = hexKey(next);
      const known = reached.get(nextKey);
      if (known && known.cost <= cost) continue;
      const entry = { hex: next, cost, from: key };
      reached.set(nextKey, entry);
      let at = frontier.findIndex((f) => f.cost > cost);
      if (at < 0) at = frontier.length;
      frontier.splice(at, 0, entry);
    }
  }
  return reached;
}

/** The path to `goal` (start excluded) from a cheapestPaths result, or null if it was not reached. */
export function pathTo(reached: ReadonlyMap<string, Reached>, goal: Hex): Hex[] | null {
  let entry = reached.get(hexKey(goal));
  if (!entry) return null;
  const path: Hex[] = [];
  while (entry && entry.from !== null) {
    path.unshift(entry.hex);
    entry = reached.get(entry.from);
  }
  return path;
}

/** The cheapest path from `start` to `goal` and its cost, or null. */
export function cheapestPath(start: Hex, goal: Hex, rules: PathRules): { path: Hex[]; cost: number } | null {
  const reached = cheapestPaths(start, rules);
  const path = pathTo(reached, goal);
  return path ? { path, cost: reached.get(hexKey(goal))!.cost } : null;
}
