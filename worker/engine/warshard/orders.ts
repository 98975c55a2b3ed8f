/**
 * Mid-turn choices (contract v2): the defender's support allocation (7.3) and the retreats a
 * side chooses for the enemy's units (8.6), with the standing orders a seat may leave for them.
 */
import { distance, type Hex } from "../hex";
import type { ChoiceKind, OwedChoice, Seat } from "../ruleset";
import { otherSide, hexLabel, onMap, sideTitle, unitById } from "./board";
import { retreatAway, supportAction } from "./bot";
import type { WarshardAction, WarshardState } from "./state";

export const CHOICE_KINDS: readonly ChoiceKind[] = [
  {
    kind: "defensive_support",
    title: "Defensive support",
    policies: [
      { id: "most_threatened", title: "Support the most threatened fight", line: "Each artillery or air wing that can lower the odds joins the worst-looking Fight within its Range." },
      // decision: besides the baseline (16), a seat may refuse to support at all
      { id: "hold_back", title: "Hold support back", line: "No defensive support: the enemy's Fights are resolved as declared." },
    ],
  },
  {
    kind: "retreat",
    title: "Retreats of enemy units",
    policies: [
      { id: "away_from_their_lines", title: "Retreat them away from their lines", line: "Send the retreating unit to the hex furthest from its own side's units." },
      // decision: toward my lines = the option nearest any unit of the choosing side (first option on ties)
      { id: "toward_my_lines", title: "Retreat them toward my lines", line: "Send the retreating unit to the hex closest to my own units." },
      { id: "first_option", title: "First hex", line: "Take the first legal hex in direction order." },
    ],
  },
];

export function owed(state: WarshardState): OwedChoice | null {
  if (state.outcome) return null;
  const defender = otherSide(state, state.activeSide);
  if (state.pending?.kind === "retreat" && state.pending.side === defender) {
    return { seat: defender, kind: "retreat", line: `Choose where ${state.pending.unit} retreats from ${hexLabel(state.pending.fight)}` };
  }
  if (!state.pending && state.phase === "defense") {
    return { seat: defender, kind: "defensive_support", line: `${sideTitle(state.activeSide)} has declared ${state.fights.length} Fight${state.fights.length === 1 ? "" : "s"}: allocate your defensive support` };
  }
  return null;
}

const nearestTo = (h: Hex, targets: readonly Hex[]) => targets.reduce((best, t) => Math.min(best, distance(h, t)), Number.POSITIVE_INFINITY);

export function standingOrder(state: WarshardState, seat: Seat, policy: string): WarshardAction | null {
  const choice = owed(state);
  if (!choice || choice.seat !== seat) return null;
  if (choice.kind === "defensive_support") {
    if (policy === "most_threatened") return supportAction(state, seat);
    if (policy === "hold_back") return { type: "end_support" };
    return null;
  }
  const pending = state.pending;
  if (pending?.kind !== "retreat") return null;
  const unit = unitById(state, pending.unit)!;
  if (policy === "away_from_their_lines") return { type: "retreat", unit: unit.id, to: retreatAway(state, pending) };
  if (policy === "first_option") return { type: "retreat", unit: unit.id, to: pending.options[0]! };
  if (policy === "toward_my_lines") {
    const mine = onMap(state).filter((u) => u.side === seat).map((u) => u.hex!);
    let best = pending.options[0]!;
    for (const h of pending.options) if (nearestTo(h, mine) < nearestTo(best, mine)) best = h;
    return { type: "retreat", unit: unit.id, to: [best[0], best[1]] };
  }
  return null;
}
