/**
 * The one line under the map that says what the map is waiting for: on a phone the panel sits
 * below the fold, so the decision in hand is read here, next to the hexes it concerns.
 */
import type { LegalChoice } from "../../../worker/engine/ruleset";
import type { FightInfo, WarshardAction, WarshardState } from "./engine";
import { columnText, hexText, unitText } from "./labels";
import type { OddsPreview } from "./odds-preview";

/** "0604 → 6-1" for each allocation the selected unit may make. */
function oddsOf(state: WarshardState, odds: ReadonlyMap<LegalChoice<WarshardAction>, OddsPreview>): string {
  return [...odds]
    .filter(([c]) => c.to)
    .map(([c, o]) => `${hexText(state, c.to!)} → ${columnText(o.column)}`)
    .join(", ");
}

export function promptText(p: {
  state: WarshardState;
  myTurn: boolean;
  busy: boolean;
  selUnit: string | null;
  fights: FightInfo[];
  /** The odds of the selected unit's allocations (odds-preview.ts unitOdds). */
  odds: ReadonlyMap<LegalChoice<WarshardAction>, OddsPreview>;
  waitingFor: string;
}): string {
  const { state, selUnit } = p;
  if (p.busy) return "Sending…";
  if (!p.myTurn) return state.outcome ? "The game is over." : `Waiting for ${p.waitingFor}.`;
  const pending = state.pending;
  if (pending?.kind === "retreat") return `Tap a lit hex: where ${unitText(state, pending.unit)} retreats.`;
  if (pending?.kind === "advance") return `Advance into ${hexText(state, pending.fight)}? Tap a lit unit, then the hex; or Stay put.`;
  if (pending?.kind === "place_replacement") return `Tap a lit hex to place ${unitText(state, pending.unit)}.`;
  const fights = p.fights.map((f) => `${hexText(state, f.hex)} ${f.attack}:${f.defence} ${columnText(f.column)}`).join("; ");
  switch (state.phase) {
    case "movement":
      return selUnit ? `${unitText(state, selUnit)}: tap a lit hex to move there.` : "Tap a lit unit to move it, or end movement.";
    case "attack":
      return selUnit ? `${unitText(state, selUnit)} attacks: tap a lit hex (${oddsOf(state, p.odds)}).` : `Tap a lit unit to attack${fights ? ` · ${fights}` : ", or end attacks"}.`;
    case "support":
    case "defense":
      return selUnit
        ? `${unitText(state, selUnit)}: tap a lit fight (${oddsOf(state, p.odds)}).`
        : `${state.phase === "defense" ? "Defend: tap" : "Tap"} a lit artillery or air wing${fights ? ` · ${fights}` : ""}.`;
    default:
      return "";
  }
}
