/**
 * The cells a seat's decision starts from (each legal choice's `from`, else its `to`), as printed
 * ids: the page lights them and frames the map on them while it fetches the ruleset's rules,
 * which it loads only at the viewer's first touch (web/components/rulesSlot.ts).
 */
import { printedId } from "../engine/hex";
import type { AnyRuleset, Seat } from "../engine/ruleset";

export function litCells(ruleset: AnyRuleset, state: unknown, seat: Seat): string[] {
  const cells = new Set<string>();
  for (const c of ruleset.legal(state, seat).choices) {
    const hex = c.from ?? c.to;
    if (hex) cells.add(printedId(hex));
  }
  return [...cells];
}
