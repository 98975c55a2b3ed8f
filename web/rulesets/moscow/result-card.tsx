/** What the server did with the viewer's last batch: each battle's die and result, then the log lines. */
import type { GameEventJson } from "../../api";
import { Die } from "../../components/Die";
import { RESULT_TEXT } from "./engine";

export type BatchResult = { events: GameEventJson[]; lines: string[] };

export function ResultCard({ result }: { result: BatchResult }) {
  const battles = result.events.filter((e) => e.kind === "battle_resolved");
  return (
    <section class="card result" aria-live="polite" aria-label="What just happened">
      {battles.map((b, i) => (
        <div key={i} class="battle-result">
          <Die value={typeof b.dieRoll === "number" ? b.dieRoll : null} />
          <div>
            <strong>
              {String(b.result)}: {RESULT_TEXT[b.result as keyof typeof RESULT_TEXT]}
            </strong>
            <div class="muted">
              {(b.attackers as string[]).join(" + ")} ({String(b.attack)}) against {String(b.defender)} ({String(b.defense)}), {String(b.odds)}
              {b.odds !== b.modifiedOdds ? ` shifted to ${String(b.modifiedOdds)}` : ""}
            </div>
          </div>
        </div>
      ))}
      {result.lines.length > 0 && (
        <details open={result.lines.length <= 6}>
          <summary>What happened ({result.lines.length})</summary>
          <ul class="lines">
            {result.lines.map((l, i) => (
              <li key={i}>{l}</li>
            ))}
          </ul>
        </details>
      )}
    </section>
  );
}
