/** The panels that come with the skirmish's rules (engine-rules.ts), as the page reads them once they are there. */
import { rulesAs } from "../../components/rulesSlot";
import type { Rolls } from "./dice";
import type { ActivationPanel, PickedPanel } from "./panels";
import { rules } from "./rules-slot";

/** What the page needs of the rules besides the engine's (index.tsx checks engine-rules.ts has it). */
export interface ActingRules {
  Rolls: typeof Rolls;
  ActivationPanel: typeof ActivationPanel;
  PickedPanel: typeof PickedPanel;
}

/** The panels, or null until the rules have come. */
export const rulesPart = () => rulesAs<ActingRules>(rules);
