/** The scenario's victory conditions in words (musket.md 4, 10): what each side plays for. */
import { printedId, type Condition, type MusketState } from "./engine";
import { sideName } from "./labels";

function conditionText(c: Condition, state: MusketState): string {
  const hexes = (hs: [number, number][]) => hs.map((h) => printedId(h)).join(", ");
  switch (c.kind) {
    case "eliminate_units":
      return `eliminate ${c.count} enemy units (${state.eliminated.length} gone so far in all)`;
    case "control_hexes":
      return `hold ${c.requireAll ? "all of" : "any of"} ${hexes(c.hexes)}${c.atTurn ? ` at the end of turn ${c.atTurn}` : " at the end of a turn"}`;
    case "hold_hexes":
      return `hold ${c.requireAll ? "all of" : "any of"} ${hexes(c.hexes)} for ${c.turns} end-of-turn checks in a row (now ${state.holdStreaks[c.id] ?? 0})`;
    case "exit_units":
      return `march ${c.count} units off the ${c.edge} edge${c.fromTurn > 1 ? ` from turn ${c.fromTurn}` : ""} (${state.exited.filter((u) => u.edge === c.edge).length} so far)`;
  }
}

export function GoalsCard({ state }: { state: MusketState }) {
  const winner = state.turnLimitWinner === null ? "the side with more SP wins" : `${sideName(state, state.turnLimitWinner)} wins`;
  return (
    <details class="card mk-goals">
      <summary>{state.scenario.name}: what wins</summary>
      <ul>
        {([0, 1] as const).map((s) => (
          <li key={s}>
            <strong>{sideName(state, s)}</strong>: {state.victory[String(s) as "0" | "1"].map((c) => conditionText(c, state)).join("; or ") || "no condition of its own"}.
          </li>
        ))}
        <li>After turn {state.turnLimit}, if nobody has won, {winner}.</li>
      </ul>
    </details>
  );
}
