/**
 * The viewer's move: the phase's panel and the turn controls (Undo, Send, the ruleset's end
 * button). On a phone it is a sheet at the foot of the screen, under the map it concerns.
 */
import type { ComponentChildren, Ref } from "preact";
import type { Turn } from "./useTurn";

export interface EndButton {
  label: string;
  onClick: () => void;
  disabled?: boolean;
  title?: string;
}

export function ActSheet(p: {
  sheetRef: Ref<HTMLDivElement>;
  turn: Turn<any, any>;
  title: string;
  act: ComponentChildren;
  /** Why the last tap did nothing. */
  note: string | null;
  queued?: boolean;
  end: EndButton;
}) {
  const { busy, error, queue } = p.turn;
  return (
    <div class="sheet" ref={p.sheetRef}>
      <div class="sheet-body">
        {error && (
          <p class="error" role="alert">
            {error}
          </p>
        )}
        <section class="card act" aria-label="Your move">
          <h2>{p.title}</h2>
          {p.act}
          {p.note && <p class="muted note">{p.note}</p>}
        </section>
      </div>
      <div class="actionbar" role="toolbar" aria-label="Turn controls">
        {p.queued && (
          <>
            <button type="button" onClick={p.turn.undo} disabled={!queue.length || busy} aria-label="Undo the last unsent action">
              Undo
            </button>
            <button type="button" onClick={() => p.turn.send(queue)} disabled={!queue.length || busy} aria-label={`Send ${queue.length} queued actions`}>
              {busy ? "Sending…" : `Send (${queue.length})`}
            </button>
          </>
        )}
        <button type="button" class="primary" onClick={p.end.onClick} disabled={busy || p.end.disabled} title={p.end.title}>
          {p.end.label}
        </button>
      </div>
    </div>
  );
}
