/** What the server did with the viewer's last sending: the ruleset's own part (dice, battles), then the log lines. */
import type { ComponentChildren } from "preact";

export function ResultCard(p: { lines: readonly string[]; children?: ComponentChildren; note?: string | null }) {
  return (
    <section class="card result" aria-live="polite" aria-label="What just happened">
      {p.children}
      {p.lines.length > 0 && (
        <details open={p.lines.length <= 6}>
          <summary>What happened ({p.lines.length})</summary>
          <ul class="lines">
            {p.lines.map((l, i) => (
              <li key={i}>{l}</li>
            ))}
          </ul>
        </details>
      )}
      {p.note && <p class="muted small">{p.note}</p>}
    </section>
  );
}
