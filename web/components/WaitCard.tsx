/** When it is not the viewer's move: where the game stands and whom it waits for. */
import type { ComponentChildren } from "preact";

export function WaitCard(p: { busy: boolean; seat: string | null; waiting: ComponentChildren; waitingFor: string; out?: boolean }) {
  return (
    <section class="card wait" aria-live="polite">
      <h2>{p.busy ? "Sending…" : p.seat ? "Waiting" : "Watching"}</h2>
      <p>
        {p.waiting}. {p.waitingFor && `${p.waitingFor} to move.`}
        {p.seat && (p.out ? " You have been eliminated; you can keep watching." : " You will get an email when it is your move; this page also updates by itself.")}
      </p>
    </section>
  );
}
