/** In a movement phase: what to tap (or that nothing can move), and what the phase or the mud limits. */
import { isMud, type MoscowState } from "./engine";
import { unitLabel } from "./labels";

/** `known`: the rules have come (before, nothing is known to be unable to move). */
export function MoveHint({ state, sel, movable, known }: { state: MoscowState; sel: string | null; movable: ReadonlySet<string>; known: boolean }) {
  const phase = state.phase;
  return (
    <p class="hint">
      {sel
        ? `${unitLabel(sel)}: tap a lit hex to move there, or tap the unit again to put it down.`
        : !known
          ? "Tap one of your highlighted units to see where it can go."
          : movable.size
            ? `Tap one of your highlighted units (${movable.size} can move) to see where it can go.`
            : "No unit can move any more: end the phase."}
      {phase === "german_panzer_movement" && " Only panzers move in this phase."}
      {phase === "soviet_rail_movement" && " Units that start on a railway move along it."}
      {isMud(state.turn) && phase !== "soviet_rail_movement" && " Mud: one hex per unit."}
    </p>
  );
}
