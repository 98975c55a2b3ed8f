/**
 * One-handed play on a phone: the whole 24 x 24 board fitted to a 390 px screen draws hexes
 * about 16 px wide, too small to tap. When an activation starts or a choice is picked, the
 * page brings the map to the top of the screen (the panel under it stays in view), and the map
 * frames the acting model (HexMap's frame: zoomed in until a hex is large enough for a finger,
 * centred on it).
 */
import { useEffect } from "preact/hooks";

export const narrowScreen = () => typeof window !== "undefined" && window.matchMedia?.("(max-width: 600px)").matches === true;

/** On a phone, what the map frames: the acting model's cell (or the deployment's), again for each new activation (`key`). */
export function phoneFrame(key: string | null, cell: string | null): { cells: string[]; key: string } | null {
  return key && cell && narrowScreen() ? { cells: [cell], key } : null;
}

/** On a phone: a new activation (`key`) and a picked choice (`picked`) bring the map to the top of the screen. */
export function usePhoneFocus(key: string | null, picked: string | null) {
  const top = () => document.querySelector(".skirmish .board-wrap")?.scrollIntoView({ block: "start" });
  useEffect(() => {
    if (key && narrowScreen()) top();
  }, [key]);
  useEffect(() => {
    if (picked && narrowScreen()) top();
  }, [picked]);
}
