/**
 * The heavy part of the moscow engine the page uses: apply and the legal lists (movement,
 * combat, replacements). Loaded at the viewer's first touch (components/rulesSlot.ts);
 * engine.ts answers for it until then.
 */
export { apply } from "../../../worker/engine/moscow/apply";
export { legal } from "../../../worker/engine/moscow/legal";
export { unitOptions } from "../../../worker/engine/moscow/unit-options";
export { replacementChoices } from "../../../worker/engine/moscow/replacements";
