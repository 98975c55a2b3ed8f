/**
 * A tapped notification sends an open tab of that game to its link (web/public/sw.js), which
 * changes only the #fragment: the page would not reload and so not read the seat token. Call
 * once at start to reload when a seat link arrives that way. (Apart from push.ts, which loads
 * only with the notification settings.)
 */
export function reloadOnSeatLink(): void {
  if (typeof window === "undefined") return;
  window.addEventListener("hashchange", () => {
    if (new URLSearchParams(location.hash.replace(/^#/, "")).has("t")) location.reload();
  });
}
