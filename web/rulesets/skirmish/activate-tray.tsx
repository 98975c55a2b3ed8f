/** Before an activation: the hint and a button for each of the viewer's models ready to activate (the same as tapping it on the map). */
import { modelById } from "./engine";
import type { SkirmishPlay } from "./play";

export function ActivateTray({ play }: { play: SkirmishPlay }) {
  return (
    <>
      <p class="hint">Tap one of your lit models on the map, or pick it here. An activation gets 2 AP.</p>
      <div class="tray" role="group" aria-label="Models ready to activate">
        {play.choices.map((c) =>
          c.action.type === "activate" ? (
            <button key={c.action.model} type="button" class={`chip side-${play.mySide}`} onClick={() => play.act(c.action, c.label)}>
              {c.action.model} {modelById(play.local, c.action.model)?.name.split(" (")[0]}
            </button>
          ) : null,
        )}
      </div>
    </>
  );
}
