/** What comes with the musket's rules (engine-rules.ts) besides the engine: the line of sight and the panels built on the rules. */
import { rulesAs } from "../../components/rulesSlot";
import type { ActionPanel } from "./panels";
import type { Rolls } from "./rolls";
import type { sightLine as SightLine } from "./sight";
import { rules } from "./rules-slot";

/** What the page needs of the rules besides the engine's (index.tsx checks engine-rules.ts has it). */
export interface ActingRules {
  sightLine: typeof SightLine;
  ActionPanel: typeof ActionPanel;
  Rolls: typeof Rolls;
}

/** The panels, or null until the rules have come. */
export const rulesPart = () => rulesAs<ActingRules>(rules);

export const sightLine = (...a: Parameters<typeof SightLine>): ReturnType<typeof SightLine> | null => rulesPart()?.sightLine(...a) ?? null;
