/**
 * Said plainly on a game page opened without a seat token (a copied address bar, a shared
 * screenshot's address): this is a spectator view, and where the seat's link is instead.
 * A game the computer plays alone is meant to be watched: nothing to say there.
 */
import type { GameView } from "../api";

export function SpectatorNote({ game }: { game: GameView }) {
  if (game.seats.every((s) => s.bot)) return null;
  return (
    <div class="banner spectator-view" role="status">
      <span>
        <strong>Spectator view</strong>: this address has no seat in it, so you can watch but not move. Playing? Open your email's link, or
        "Open on another device" in the game settings where you play.
      </span>
    </div>
  );
}
