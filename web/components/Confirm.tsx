import type { ComponentChildren } from "preact";
import { useEffect, useRef } from "preact/hooks";

/** A small modal question: Escape or "Cancel" says no; focus starts on the safe answer. */
export function Confirm(props: { title: string; children?: ComponentChildren; yes: string; no?: string; onYes(): void; onNo(): void }) {
  const cancel = useRef<HTMLButtonElement>(null);
  const back = useRef<Element | null>(null);
  useEffect(() => {
    back.current = document.activeElement;
    cancel.current?.focus();
    const key = (e: KeyboardEvent) => {
      if (e.key === "Escape") props.onNo();
    };
    document.addEventListener("keydown", key);
    return () => {
      document.removeEventListener("keydown", key);
      (back.current as HTMLElement | null)?.focus?.();
    };
  }, []);
  return (
    <div class="modal-back">
      <div class="modal" role="dialog" aria-modal="true" aria-labelledby="confirm-title">
        <h2 id="confirm-title">{props.title}</h2>
        <div class="modal-body">{props.children}</div>
        <div class="modal-buttons">
          <button type="button" ref={cancel} onClick={props.onNo}>
            {props.no ?? "Cancel"}
          </button>
          <button type="button" class="primary" onClick={props.onYes}>
            {props.yes}
          </button>
        </div>
      </div>
    </div>
  );
}
