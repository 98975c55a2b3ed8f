/** The end of a game's place on the page: its code (GameOver, Rematch) loads only once the game has ended. */
import type { ComponentChildren } from "preact";
import type { GameView } from "../api";
import { useLazy } from "./useLazy";

export function GameOverSlot(p: { game: GameView; seatName: (s: string) => string; token: string | null; reload: () => void; children?: ComponentChildren }) {
  const finished = p.game.status === "finished";
  const mod = useLazy(() => import("./GameOver"), finished);
  return finished && mod ? <mod.GameOver {...p} /> : null;
}
