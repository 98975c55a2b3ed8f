/**
 * The heavy part of the skirmish page, loaded at the viewer's first touch
 * (components/rulesSlot.ts); engine.ts answers for it until then: apply, the legal choices with
 * their odds and the events' lines, and the panels that only mean something with them (the
 * acting model's actions, a rolling choice's dice pools and exact chance, the dice a send
 * rolled).
 */
export { applyAction as apply } from "../../../worker/engine/skirmish/apply";
export { legalChoices } from "../../../worker/engine/skirmish/legal";
export { describeEvent as describe } from "../../../worker/engine/skirmish/describe";
export { ActivationPanel, PickedPanel } from "./panels";
export { Rolls } from "./dice";
