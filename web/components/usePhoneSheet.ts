import { useLayoutEffect } from "preact/hooks";

/**
 * On a phone (the sheet is fixed at the foot of the screen by styles.css), the map takes the
 * height the sheet leaves, so the decision and the map it concerns are on screen together,
 * and the page ends with room for the sheet so it covers nothing at the bottom.
 */
export function usePhoneSheet(main: { current: HTMLElement | null }, sheet: { current: HTMLDivElement | null }, on: boolean) {
  useLayoutEffect(() => {
    const el = main.current;
    if (!el) return;
    const clear = () => {
      el.style.removeProperty("--sheet-h");
      el.style.removeProperty("--map-h");
    };
    if (!on || !sheet.current) return clear();
    const phone = window.matchMedia("(max-width: 600px)");
    const size = () => {
      const sh = sheet.current;
      const map = el.querySelector<HTMLElement>(".hexmap");
      if (!phone.matches || !sh || !map) return clear();
      const sheetH = sh.getBoundingClientRect().height;
      const bar = el.querySelector<HTMLElement>(".hexmap-bar")?.getBoundingClientRect().height ?? 0;
      // what happened, above the map, is read first and scrolled past: the map and the sheet then fill the screen together
      const before = el.querySelector<HTMLElement>(".before-map")?.getBoundingClientRect().height ?? 0;
      const top = map.getBoundingClientRect().top + window.scrollY - before;
      el.style.setProperty("--sheet-h", `${Math.ceil(sheetH)}px`);
      el.style.setProperty("--map-h", `${Math.max(200, Math.floor(window.innerHeight - top - bar - sheetH))}px`);
    };
    size();
    const ro = new ResizeObserver(size);
    ro.observe(sheet.current);
    window.addEventListener("resize", size);
    phone.addEventListener?.("change", size);
    return () => {
      ro.disconnect();
      window.removeEventListener("resize", size);
      phone.removeEventListener?.("change", size);
      clear();
    };
  }, [on]);
}
