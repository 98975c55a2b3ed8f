/**
 * A closed card whose contents load when it is first opened ("Rules in brief"): most openings
 * of a game page never open it, so its code is not in the page's first download.
 */
import type { ComponentChildren } from "preact";
import { useState } from "preact/hooks";
import { useLazy } from "./useLazy";

export function LaterCard<T>(p: { cls: string; summary: string; load: () => Promise<T>; children: (loaded: T) => ComponentChildren }) {
  const [open, setOpen] = useState(false);
  const loaded = useLazy(p.load, open);
  return (
    <details class={p.cls} onToggle={(e) => setOpen((e.currentTarget as HTMLDetailsElement).open)}>
      <summary>{p.summary}</summary>
      {loaded !== null && p.children(loaded)}
    </details>
  );
}
