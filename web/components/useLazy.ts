/**
 * A part of the page loaded only when it is needed (an opened menu, a paused game): most
 * openings of a game page never need it, so its code is not in the page's first download.
 */
import { useEffect, useState } from "preact/hooks";

/** What `load` resolves to, once `needed` has been true; null until then, and if it fails to load (the page works without it). */
export function useLazy<T>(load: () => Promise<T>, needed: boolean): T | null {
  const [part, setPart] = useState<{ value: T } | null>(null);
  useEffect(() => {
    if (!needed || part) return;
    let live = true;
    load()
      .then((value) => live && setPart({ value }))
      .catch(() => {});
    return () => {
      live = false;
    };
  }, [needed]);
  return part?.value ?? null;
}
