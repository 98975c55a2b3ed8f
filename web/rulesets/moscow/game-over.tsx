/** At the end of the game: who holds Moscow (what decides it; `holder` as the map shows it) and every city's holder. */
import { sideName, type MoscowState } from "./engine";

export function MoscowGameOver({ state, holder }: { state: MoscowState; holder: string }) {
  return (
    <>
      <p>
        Moscow (1103) is held by the <strong>{holder}</strong> side after turn {state.turn}.
      </p>
      <p class="muted">
        Cities:{" "}
        {Object.entries(state.cityControl)
          .map(([c, o]) => `${c} ${sideName(o)}`)
          .join(", ")}
      </p>
    </>
  );
}
