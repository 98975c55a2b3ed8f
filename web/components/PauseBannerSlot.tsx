/** The pause banner's place on the game page: its code loads only for a paused game or an open proposal. */
import type { GameView } from "../api";
import { useLazy } from "./useLazy";

export function PauseBannerSlot(p: { game: GameView; token: string | null; seatName: (s: string) => string; reload: () => void }) {
  const needed = p.game.status === "active" && (p.game.proposal != null || p.game.pausedUntil !== null);
  const mod = useLazy(() => import("./Pause"), needed);
  return needed && mod ? <mod.PauseBanner {...p} /> : null;
}
