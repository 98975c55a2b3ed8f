/**
 * The choices that open an activation (skirmish.md 16): the side's models in play that have not
 * acted this turn. They need none of the rules' heavier parts (reach, sight, odds), so the page
 * offers them before the rest of its rules have come.
 */
import type { LegalChoice } from "../ruleset";
import type { SkirmishAction } from "./actions";
import { inPlay } from "./status";
import { sideModels, type SideIndex, type SkirmishState } from "./state";

export function activateChoices(state: SkirmishState, side: SideIndex): LegalChoice<SkirmishAction>[] {
  return sideModels(state, side)
    .filter((m) => inPlay(m) && !m.done)
    .map((m) => ({ action: { type: "activate", model: m.id }, label: `activate ${m.id} (${m.name})`, from: m.hex! }));
}
