/**
 * The heavy part of the warshard engine the page uses, and what of the page only works with
 * it: apply and the legal lists (movement, allocation, combat, upkeep), the event lines of the
 * replay's steps, the odds a selected unit's allocations would give and the panels offering
 * the choices. Loaded at the viewer's first touch (components/rulesSlot.ts); engine.ts and
 * acting.ts answer for it until then, and index.tsx is the one file that imports it.
 */
export { apply } from "../../../worker/engine/warshard/apply";
export { legal } from "../../../worker/engine/warshard/legal";
export { describe } from "../../../worker/engine/warshard/describe";
export { unitOdds } from "./odds-preview";
export { oddsTags } from "./odds-tags";
export { PendingPanel, UnitChoices } from "./panels";
