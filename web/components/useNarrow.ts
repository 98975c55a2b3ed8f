/** True while the window is as narrow as a phone held upright (styles.css's phone layout starts at the same width). */
import { useEffect, useState } from "preact/hooks";

export const PHONE_QUERY = "(max-width: 600px)";

export function useNarrow(query = PHONE_QUERY): boolean {
  const [narrow, setNarrow] = useState(() => typeof matchMedia === "function" && matchMedia(query).matches);
  useEffect(() => {
    const m = matchMedia(query);
    const on = () => setNarrow(m.matches);
    on();
    m.addEventListener?.("change", on);
    return () => m.removeEventListener?.("change", on);
  }, [query]);
  return narrow;
}
