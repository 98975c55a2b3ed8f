/**
 * What of the page comes with WarShard's rules (engine-rules.ts) besides the engine: the odds a
 * selected unit's allocations would give, the tags printing them on the map and the panels
 * offering the choices. There is no choice before the rules, so nothing of this is missed.
 */
import { rulesAs } from "../../components/rulesSlot";
import type { unitOdds as UnitOdds } from "./odds-preview";
import type { oddsTags as OddsTags } from "./odds-tags";
import type { PendingPanel, UnitChoices } from "./panels";
import { rules } from "./rules-slot";

/** What the page needs of the rules besides the engine's (index.tsx checks engine-rules.ts has it). */
export interface ActingRules {
  unitOdds: typeof UnitOdds;
  oddsTags: typeof OddsTags;
  PendingPanel: typeof PendingPanel;
  UnitChoices: typeof UnitChoices;
}

/** The odds and the panels, or null until the rules have come. */
export const rulesPart = () => rulesAs<ActingRules>(rules);

export const unitOdds: typeof UnitOdds = (state, unit, choices) => rulesPart()?.unitOdds(state, unit, choices) ?? new Map();
