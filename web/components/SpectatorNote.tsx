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
      <strong>Spectator view:</strong> this address has no seat in it, so this page can watch the game but not move. If you play in it, open
      the link from your email, or on the device where you play, choose "Open on another device" in the game settings.
    </div>
  );
}
