/**
 * The heavy part of the warshard engine the page uses: apply and the legal lists (movement,
 * allocation, combat, upkeep). Loaded at the viewer's first touch (components/rulesSlot.ts);
 * engine.ts answers for it until then.
 */
export { apply } from "../../../worker/engine/warshard/apply";
export { legal } from "../../../worker/engine/warshard/legal";
export { unitOdds } from "./odds-preview";
