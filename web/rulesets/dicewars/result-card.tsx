/** What the server did with the viewer's last action: an attack's rolls, then the log lines. */
import type { GameEventJson } from "../../api";
import type { DiceWarsAction } from "./engine";
import { Rolls } from "./rolls";

export interface MoveResult {
  action: DiceWarsAction;
  events: GameEventJson[];
  lines: string[];
}

export function ResultCard({ result, me }: { result: MoveResult; me: number }) {
  // your own part of the answer: the other players' turns are in the replay
  let end = result.events.length;
  if (result.action.type === "end_turn") {
    const k = result.events.findIndex((e) => e.kind === "turn" || e.kind === "game_over");
    end = k >= 0 ? k + 1 : end;
  }
  const events = result.events.slice(0, end);
  const lines = result.lines.slice(0, end);
  const others = result.events.length - end;
  const attack = events.find((e) => e.kind === "attack");
  return (
    <section class="card result" aria-live="polite" aria-label="What just happened">
      {attack && <Rolls e={attack} />}
      <ul class="lines">
        {lines.map((l, i) => (
          <li key={i}>{l}</li>
        ))}
      </ul>
      {others > 0 && me >= 0 && <p class="muted small">The other players' turns came back with it: see the replay.</p>}
    </section>
  );
}
