/**
 * What the moscow page needs only once the viewer acts: the engine's apply and legal lists
 * (movement, combat, replacements), the replay's words, and the panels and board play built on
 * the legal lists. Loaded at the viewer's first touch (components/rulesSlot.ts); engine.ts and
 * acting.tsx answer for it until then.
 */
export { apply } from "../../../worker/engine/moscow/apply";
export { legal } from "../../../worker/engine/moscow/legal";
export { unitOptions } from "../../../worker/engine/moscow/unit-options";
export { replacementChoices } from "../../../worker/engine/moscow/replacements";
export { describe } from "../../../worker/engine/moscow/describe";
// the panels and board play built on the legal lists come with them
export { boardPlay } from "./choices";
export { DeclarePanel } from "./declare-panel";
export { ReplacementPanel } from "./replacement-panel";
