/**
 * The heavy part of the musket page: the engine's apply, its legal answers and the log's words,
 * the line of sight, and what is built only on them (the acting unit's panel, a roll's dice).
 * Loaded at the viewer's first touch (components/rulesSlot.ts); engine.ts answers until then.
 */
export { apply } from "../../../worker/engine/musket/apply";
export { unitAnswer } from "../../../worker/engine/musket/legal";
export { describe } from "../../../worker/engine/musket/describe";
export { sightLine } from "./sight";
export { ActionPanel } from "./panels";
export { Rolls } from "./rolls";
