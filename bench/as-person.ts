/**
 * A person's choice where the page offers one the computer does not make: with two Battle for
 * Moscow battles or more open, "Resolve all N in this order" (web/rulesets/moscow/combat-panels.tsx).
 * The benches that play people with the computer's choices (page-turns, scale) assume it is taken.
 */
export function asPerson(state: unknown, action: { type: string }): { type: string } {
  const s = state as { pending?: unknown; pendingBattles?: { resolved: boolean }[] };
  return action.type === "resolve_battle" && !s.pending && (s.pendingBattles ?? []).filter((b) => !b.resolved).length > 1 ? { type: "resolve_all_battles" } : action;
}
