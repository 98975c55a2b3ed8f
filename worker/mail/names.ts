import type { AnyRuleset } from "../engine/ruleset";

/** A seat as a player reads it: "german" is German, "p2" is Player 2. */
export function seatTitle(seat: string): string {
  const numbered = /^p(\d+)$/.exec(seat);
  if (numbered) return `Player ${numbered[1]}`;
  return seat.charAt(0).toUpperCase() + seat.slice(1).replace(/_/g, " ");
}

/** A seat as a player reads it in one ruleset: its own name for the seat where it gives one ("USA"), else seatTitle's. */
export function seatTitleIn(ruleset: Pick<AnyRuleset, "seatTitle">, seat: string): string {
  return ruleset.seatTitle?.(seat) ?? seatTitle(seat);
}
